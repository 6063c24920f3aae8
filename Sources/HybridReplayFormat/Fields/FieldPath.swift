/// Where a field stands in an event's payload, spelled one way wherever a
/// field is named: in a replay report's differences, in `cassette diff` and in
/// `cassette show`: `url`, `headers[Authorization]`, `body.json.items[2].qty`.
///
/// A header of a name–value list is named by its name, and a name the list
/// holds more than once by its occurrence as well: `headers[Set-Cookie][1]`.
/// A header's value is the header, so `headers[Authorization]` names it.
package struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a payload.
    package enum Component: Sendable, Hashable {
        /// A member of an object.
        case key(String)
        /// An element of an array.
        case index(Int)
        /// A header of a name–value list, by its name; `occurrence` counts the
        /// headers of that name before it, when the name repeats.
        case header(String, occurrence: Int?)
    }

    /// The steps from the payload's top.
    package var components: [Component]

    /// Creates a path.
    ///
    /// - Parameter components: The steps from the payload's top.
    package init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path one step further.
    package func appending(_ component: Component) -> FieldPath {
        FieldPath(components + [component])
    }

    /// The path as reports print it; `(payload)` for the payload itself.
    package var description: String {
        var text = ""
        for (position, component) in components.enumerated() {
            switch component {
            case .key(let key):
                if key == "value", position > 0, case .header = components[position - 1] { continue }
                if Self.isPlain(key) {
                    text += text.isEmpty ? key : "." + key
                } else {
                    // Brackets and quotes for a key that is not a plain word, so no two fields share a path.
                    text += "[" + JSONValue.string(key).description + "]"
                }
            case .index(let index):
                text += "[\(index)]"
            case .header(let name, let occurrence):
                text += "[\(name)]" + (occurrence.map { "[\($0)]" } ?? "")
            }
        }
        return text.isEmpty ? "(payload)" : text
    }

    private static func isPlain(_ key: String) -> Bool {
        !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
            }
    }
}
