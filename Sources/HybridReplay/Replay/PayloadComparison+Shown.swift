extension PayloadComparison {
    /// `differences`, found between the compared forms of `expected` and
    /// `actual` (see ``ComparedForm``), as a report shows them, field by field
    /// at the top of the payload:
    ///
    /// - A field whose compared form is not what the payload holds is shown
    ///   as each side wrote it: the comparison reads a script's string
    ///   literals as one literal in `"` (``EmbeddedJSON/compared(_:)``), but
    ///   the report quotes the script the app sent, `'` and all, as the
    ///   trace and the `happened:` line do. Where the two as written first
    ///   differ in the key order of a JSON object, which the comparison
    ///   ignores, both are shown with their objects' keys sorted
    ///   (``EmbeddedJSON/canonical(_:)``), so the first difference a long
    ///   script is shown around is one the comparison sees.
    /// - A field a kind leaves out when it holds its default
    ///   (``omittedDefaults``) is shown as that default, noted as no field,
    ///   rather than as a bare "no field": the page's content world reads as
    ///   `"page"`.
    static func shown(_ differences: [FieldDifference], expected: any EventPayload, actual: any EventPayload)
        -> [FieldDifference]
    {
        guard expected.kind == actual.kind, expected is any StandardPayload,
            differences.contains(where: { !$0.path.contains(".") })
        else { return differences }
        let written = (expected: members(of: expected), actual: members(of: actual))
        let compared = (expected: members(of: ComparedForm.of(expected)), actual: members(of: ComparedForm.of(actual)))
        return differences.map { difference in
            var difference = difference
            let path = difference.path
            if let value = written.expected[path], value != compared.expected[path] { difference.expected = value.text }
            if let value = written.actual[path], value != compared.actual[path] { difference.actual = value.text }
            if case .scalar(.string(let left))? = written.expected[path], case .scalar(.string(let right))? = written.actual[path],
                compared.expected[path] == Tree(.string(EmbeddedJSON.compared(left))),
                compared.actual[path] == Tree(.string(EmbeddedJSON.compared(right))),
                let shownExpected = difference.expected, let shownActual = difference.actual
            {
                // Where scripts compared in any key order first differ, as written, in their objects'
                // key order, both are shown with sorted keys (each side's strings as written).
                let sorted = (Tree(.string(EmbeddedJSON.canonical(left))).text, Tree(.string(EmbeddedJSON.canonical(right))).text)
                if sorted.0 != sorted.1, equalPrefix(shownExpected, shownActual) < equalPrefix(sorted.0, sorted.1) {
                    difference.expected = sorted.0
                    difference.actual = sorted.1
                }
            }
            if let value = omittedDefaults[path] {
                let note: String
                switch (difference.expected, difference.actual) {
                case (nil, _?):
                    difference.expected = Tree(value).text
                    note = "the recording has no field, which means the default"
                case (_?, nil):
                    difference.actual = Tree(value).text
                    note = "no field, which means the default"
                default:
                    return difference
                }
                difference.note = [difference.note, note].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: "; ")
            }
            return difference
        }
    }

    /// How many characters `left` and `right` have the same from their start.
    private static func equalPrefix(_ left: String, _ right: String) -> Int {
        zip(left, right).prefix { $0 == $1 }.count
    }

    /// The fields a kind leaves out when they hold their default, by the
    /// path of the field, with the value that no field stands for: a content
    /// world (`contentWorld`, absent for the page's world, in every kind
    /// that has one) and whether a message expects a reply.
    static let omittedDefaults: [String: JSONValue] = ["contentWorld": .string("page"), "expectsReply": .bool(false)]

    /// The top-level members of `payload`'s tree, by their path.
    private static func members(of payload: any EventPayload) -> [String: Tree] {
        guard case .object(let members) = tree(of: payload) else { return [:] }
        var byPath: [String: Tree] = [:]
        for (key, value) in members {
            let path = FieldPath([.key(key)]).description
            if byPath[path] == nil { byPath[path] = value }
        }
        return byPath
    }
}
