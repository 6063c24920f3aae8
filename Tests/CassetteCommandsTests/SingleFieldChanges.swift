import HybridReplay

/// The ways one field of a cassette document changes on its own, for the
/// property that `cassette show` hides no change.
enum SingleFieldChanges {
    /// Every leaf of `value` with its path; an empty object or array is a leaf too.
    static func leaves(of value: JSONValue, path: [JSONPath.Component] = []) -> [([JSONPath.Component], JSONValue)] {
        switch value {
        case .object(let members) where !members.isEmpty:
            members.keys.sorted().flatMap { leaves(of: members[$0] ?? .null, path: path + [.key($0)]) }
        case .array(let elements) where !elements.isEmpty:
            elements.indices.flatMap { leaves(of: elements[$0], path: path + [.index($0)]) }
        default:
            [(path, value)]
        }
    }

    /// The strings each member name holds anywhere in `documents`, so a field that takes one of
    /// a few names (a policy, a navigation type) can change to another valid one.
    static func vocabulary(of documents: [JSONValue]) -> [String: [String]] {
        var found: [String: Set<String>] = [:]
        for (path, leaf) in documents.flatMap({ leaves(of: $0) }) {
            if case .key(let key) = path.last, case .string(let text) = leaf { found[key, default: []].insert(text) }
        }
        return found.mapValues { $0.sorted() }
    }

    /// The ways a leaf changes on its own: it goes away (`nil`); strings gain or lose a character
    /// or become the next two strings the same member name holds elsewhere; numbers grow a little
    /// and a lot; booleans flip; `null` and empty containers become a string.
    static func changes(of leaf: JSONValue, at path: [JSONPath.Component], vocabulary: [String: [String]]) -> [JSONValue?] {
        var changes: [JSONValue?] = [nil]
        switch leaf {
        case .string(let text):
            changes += [.string(text + "x"), .string(String(text.dropLast()))]
            if case .key(let key) = path.last, let names = vocabulary[key], let index = names.firstIndex(of: text) {
                changes += (1..<names.count).prefix(2).map { .string(names[(index + $0) % names.count]) }
            }
        case .number(let number): changes += [.number(number + 1), .number(number + 0.0001)]
        case .bool(let flag): changes += [.bool(!flag)]
        default: changes += [.string("x")]
        }
        return changes
    }

    /// `value` with the leaf at `path` replaced by `leaf`, or removed when `leaf` is `nil`.
    static func replacing(_ path: ArraySlice<JSONPath.Component>, in value: JSONValue, with leaf: JSONValue?) -> JSONValue? {
        guard let first = path.first else { return leaf }
        switch (first, value) {
        case (.key(let key), .object(var members)):
            members[key] = replacing(path.dropFirst(), in: members[key] ?? .null, with: leaf)
            return .object(members)
        case (.index(let index), .array(var elements)):
            if let element = replacing(path.dropFirst(), in: elements[index], with: leaf) {
                elements[index] = element
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            return value
        }
    }

    /// The event a leaf of `cassette`'s document belongs to, and the leaf's path within it;
    /// `nil` for the header's leaves.
    static func event(at path: [JSONPath.Component], in cassette: Cassette) -> (Event, ArraySlice<JSONPath.Component>)? {
        guard path.count > 1, path[0] == .key("events"), case .index(let index) = path[1] else { return nil }
        return (cassette.events[index], path.dropFirst(2))
    }

    /// Whether `path`, within an event, names a field of its payload rather than of the event around it.
    static func isPayloadField(_ path: ArraySlice<JSONPath.Component>) -> Bool { path.first == .key("payload") }

    /// What the leaf at `path` is a field of, whatever cassette, event or element it is in:
    /// `navigation.action payload.sourceFrame.url`, `http id`, `header recordedBy.tool`.
    /// An event's own fields (`id`, `at`, `cause`) are shown alike for every kind, so their shape
    /// names the channel alone. Member names not spelled as the format spells its fields (the
    /// arbitrary keys of a JSON body) are all `*`, and the shape stops at the fourth name, so the
    /// leaves of one JSON value share a few shapes.
    static func shape(of path: [JSONPath.Component], in cassette: Cassette) -> String {
        let (owner, names): (String, [String])
        if let (event, inner) = event(at: path, in: cassette) {
            owner = isPayloadField(inner) ? event.kind.description : event.kind.channel.rawValue
            names = keys(inner)
        } else {
            (owner, names) = ("header", keys(path[...]))
        }
        return owner + " " + names.prefix(4).joined(separator: ".")
    }

    /// The member names along `path`, without its indices; a name that is not a lower camel case
    /// word of two or more letters is `*`.
    static func keys(_ path: ArraySlice<JSONPath.Component>) -> [String] {
        path.compactMap { component in
            guard case .key(let key) = component else { return nil }
            let word = key.count > 1 && key.first.map { ("a"..."z").contains($0) } == true
                && key.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
            return word ? key : "*"
        }
    }
}
