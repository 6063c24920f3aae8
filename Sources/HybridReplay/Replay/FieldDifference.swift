/// One field where an effect that happened differs from the recorded one.
public struct FieldDifference: Sendable, Hashable, CustomStringConvertible {
    /// Where in the payload, such as `parameters.g` or `headers[Authorization]`, spelled as
    /// `cassette diff` spells it.
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

    /// The difference in one line. Two long values are shown around the
    /// place where they first differ, equal text before and after elided,
    /// as `cassette diff` points at the change instead of printing both whole.
    public var description: String {
        var text: String
        if let expected, let actual, let excerpts = Self.excerpts(expected, actual) {
            text = "\(path): expected \(excerpts.expected), found \(excerpts.actual) "
                + "(they first differ at character \(excerpts.offset + 1) of \(expected.count) and \(actual.count); equal text elided)"
        } else {
            text = "\(path): expected \(expected ?? "no field"), found \(actual ?? "no field")"
        }
        if let note, !note.isEmpty { text += " (\(note))" }
        return text
    }

    /// Values longer than this are shown around their difference.
    static let longValue = 100
    /// How much equal text is kept on each side of a difference.
    static let context = 24

    /// `expected` and `actual` cut to the part around their first difference,
    /// or `nil` when either is short enough to show whole.
    static func excerpts(_ expected: String, _ actual: String) -> (expected: String, actual: String, offset: Int)? {
        guard expected.count > longValue || actual.count > longValue else { return nil }
        let left = Array(expected)
        let right = Array(actual)
        var prefix = 0
        while prefix < left.count, prefix < right.count, left[prefix] == right[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(left.count, right.count) - prefix, left[left.count - 1 - suffix] == right[right.count - 1 - suffix] {
            suffix += 1
        }
        func cut(_ characters: [Character]) -> String {
            let start = max(0, prefix - context)
            let end = min(characters.count, max(start, characters.count - suffix + context))
            return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        }
        return (cut(left), cut(right), prefix)
    }
}
