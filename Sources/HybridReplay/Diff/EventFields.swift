/// Every leaf of an event's payload with its path, for a timeline that hides
/// nothing: `url`, `headers[Authorization]`, `body.json.items[2].qty`.
///
/// Paths are spelled as ``CassetteDiff`` spells them, so a line of
/// `cassette show` and a change `cassette diff` reports name a field alike.
package enum EventFields {
    /// The payload's leaves in canonical order; empty objects and arrays are
    /// leaves too, so that adding an empty field shows.
    package static func leaves(of payload: any EventPayload) -> [(path: String, value: JSONValue)] {
        var found: [(path: String, value: JSONValue)] = []
        collect(PayloadComparison.tree(of: payload), path: "", into: &found)
        return found
    }

    private static func collect(
        _ tree: PayloadComparison.Tree, path: String, into found: inout [(path: String, value: JSONValue)]
    ) {
        switch tree {
        case .object(let members) where !members.isEmpty:
            for (key, value) in members {
                let keyPath = join(path, key)
                if key == "headers", case .array(let headers) = value, let named = namedHeaders(headers) {
                    for (name, text) in named { found.append((keyPath + "[\(name)]", .string(text))) }
                    if named.isEmpty { found.append((keyPath, .array([]))) }
                } else {
                    collect(value, path: keyPath, into: &found)
                }
            }
        case .array(let elements) where !elements.isEmpty:
            for (index, element) in elements.enumerated() { collect(element, path: path + "[\(index)]", into: &found) }
        default:
            found.append((path, tree.json))
        }
    }

    /// `path` one member further: `.key`, or `["key"]` for a key that is not
    /// a plain word, so no two fields share a path.
    static func join(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
        if !plain { return path + "[" + JSONValue.string(key).description + "]" }
        return path.isEmpty ? key : path + "." + key
    }

    /// The name–value pairs of an array of `{"name", "value"}` objects, such as an HTTP message's headers.
    static func namedHeaders(_ elements: [PayloadComparison.Tree]) -> [(String, String)]? {
        var headers: [(String, String)] = []
        for element in elements {
            guard case .object(let members) = element, members.count == 2,
                members[0].0 == "name", case .scalar(.string(let name)) = members[0].1,
                members[1].0 == "value", case .scalar(.string(let value)) = members[1].1
            else { return nil }
            headers.append((name, value))
        }
        return headers
    }
}
