/// Every leaf of an event's payload with its path, for a timeline that hides
/// nothing: `url`, `headers[Authorization]`, `body.json.items[2].qty`.
///
/// Paths are ``FieldPath``s, so a line of `cassette show`, a change
/// `cassette diff` reports and a replay report's difference name a field alike.
package enum EventFields {
    /// The payload's leaves in canonical order; empty objects and arrays are
    /// leaves too, so that adding an empty field shows.
    package static func leaves(of payload: any EventPayload) -> [(path: String, value: JSONValue)] {
        var found: [(path: String, value: JSONValue)] = []
        collect(PayloadComparison.tree(of: payload), path: FieldPath(), into: &found)
        return found
    }

    private static func collect(
        _ tree: PayloadComparison.Tree, path: FieldPath, into found: inout [(path: String, value: JSONValue)]
    ) {
        switch tree {
        case .object(let members) where !members.isEmpty:
            for (key, value) in members {
                let keyPath = path.appending(.key(key))
                if key == "headers", case .array(let headers) = value, let named = namedHeaders(headers) {
                    for (name, text) in named { found.append((keyPath.appending(.header(name, occurrence: nil)).description, .string(text))) }
                    if named.isEmpty { found.append((keyPath.description, .array([]))) }
                } else {
                    collect(value, path: keyPath, into: &found)
                }
            }
        case .array(let elements) where !elements.isEmpty:
            for (index, element) in elements.enumerated() { collect(element, path: path.appending(.index(index)), into: &found) }
        default:
            found.append((path.components.isEmpty ? "" : path.description, tree.json))
        }
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
