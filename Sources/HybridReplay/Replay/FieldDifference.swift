/// One field where an effect that happened differs from the recorded one.
public struct FieldDifference: Sendable, Hashable, CustomStringConvertible {
    /// Where in the payload, such as `parameters.g` or `headers[0].value`.
    public var path: String
    /// The recorded value as compact JSON, or `nil` when the field was not recorded.
    public var expected: String?
    /// The value that happened as compact JSON, or `nil` when the field is missing.
    public var actual: String?
    /// Why a value that looks right is wrong, such as a placeholder bound elsewhere.
    public var note: String?

    public init(path: String, expected: String?, actual: String?, note: String? = nil) {
        self.path = path
        self.expected = expected
        self.actual = actual
        self.note = note
    }

    public var description: String {
        var text = "\(path): expected \(expected ?? "no field"), found \(actual ?? "no field")"
        if let note, !note.isEmpty { text += " (\(note))" }
        return text
    }
}
