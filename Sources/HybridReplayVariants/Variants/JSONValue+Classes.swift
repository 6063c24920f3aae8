import HybridReplay

/// The input classes of one JSON field: each JSON type, missing, null, empty
/// and whitespace-only text, non-ASCII text and numeric boundaries.
enum JSONFieldClass {
    /// Each class's name and value; `nil` stands for the field left out.
    static func classes(of value: JSONValue) -> [(name: String, value: JSONValue?)] {
        var classes: [(String, JSONValue?)] = [
            ("missing", nil), ("null", .null), ("boolean", .bool(true)), ("array", .array([])),
            ("object", .object([:])), ("empty", .string("")), ("whitespace", .string(" \t\n")),
            ("non-ascii", .string("é漢字🙂\u{2028}\"'")), ("number", .number(0)),
        ]
        switch value {
        case .number:
            classes += [("negative", .number(-1)), ("fraction", .number(1.5)), ("large", .number(9_007_199_254_740_992))]
        case .string(let text):
            classes.append(("number-as-text", .string("1")))
            if !text.isEmpty { classes.append(("repeated-text", .string(text + text))) }
        default:
            break
        }
        // The class the recording already has is no variant.
        return classes.filter { $0.1 != value }
    }

    /// The classes of a whole body, for a body that is not left as it is:
    /// each other JSON type, and for a text body the texts a field of text
    /// gets (empty, whitespace with a line break, non-ASCII with U+2028 and
    /// both quotes), which a bridge splicing the text into a script must escape.
    static func bodyClasses(of value: JSONValue) -> [(name: String, value: JSONValue)] {
        var classes: [(String, JSONValue)] = [
            ("string", .string("text")), ("number", .number(1)), ("null", .null), ("array", .array([value])),
            ("empty-object", .object([:])),
        ]
        if case .string = value {
            classes += [("empty", .string("")), ("whitespace", .string(" \t\n")), ("non-ascii", .string("é漢字🙂\u{2028}\"'"))]
        }
        return classes.filter { $0.1 != value }
    }

    /// Edits of the fields of an object, by class: `<field>=<class>`.
    static func fieldEdits(
        of fields: [String: JSONValue], rebuild: @escaping @Sendable ([String: JSONValue]) -> any EventPayload
    ) -> [VariantEdit] {
        fields.keys.sorted().flatMap { name -> [VariantEdit] in
            guard let value = fields[name] else { return [] }
            return classes(of: value).map { fieldClass in
                var changed = fields
                changed[name] = fieldClass.value
                let what = fieldClass.value == nil ? "left out" : "as \(fieldClass.name)"
                return VariantEdit("field", "\(name)=\(fieldClass.name)", "field '\(name)' \(what)", .replace(rebuild(changed)))
            }
        }
    }
}
