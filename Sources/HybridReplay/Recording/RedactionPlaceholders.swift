/// The numbered placeholders of one recording: `[REDACTED:1]`, `[REDACTED:2]`, …
///
/// Each distinct secret gets its own number, the first time it is seen, and
/// keeps it for the whole cassette. The same session cookie therefore reads
/// `[REDACTED:1]` in the `Set-Cookie` of a 302, in the `Cookie` of the next
/// hop and in the cookie store, so the correlation survives redaction and a
/// replayer can bind the placeholder to whatever value the code under test
/// produces.
public struct RedactionPlaceholders: Sendable {
    private var numbers: [String: Int] = [:]
    /// Numbers already taken by placeholders in the input, such as a HAR
    /// file exported from a cassette; new secrets are numbered after them.
    private var reserved = 0

    public init() {}

    /// Placeholders for input that already holds `[REDACTED:1]` up to
    /// `[REDACTED:<reserved>]`: those are kept as they are, and new secrets
    /// are numbered from `reserved + 1`.
    init(reserving reserved: Int) {
        self.reserved = max(reserved, 0)
    }

    /// How many distinct secrets have been replaced.
    public var count: Int { numbers.count }

    /// The placeholder that stands for `secret`, numbering it if it is new.
    ///
    /// A value that already is a placeholder of this recording is returned
    /// unchanged, so applying a rule twice, or two rules to the same value,
    /// never redacts a placeholder again.
    ///
    /// - Parameter secret: The value to hide; compared exactly.
    /// - Returns: `[REDACTED:<n>]`.
    public mutating func placeholder(for secret: String) -> String {
        if let number = Self.number(in: secret), number <= reserved + numbers.count { return secret }
        if let number = numbers[secret] { return Self.placeholder(number) }
        let number = reserved + numbers.count + 1
        numbers[secret] = number
        return Self.placeholder(number)
    }

    /// Every secret replaced so far with its placeholder, in the order they were numbered.
    package var replacements: [(secret: String, placeholder: String)] {
        numbers.sorted { $0.value < $1.value }.map { ($0.key, Self.placeholder($0.value)) }
    }

    /// The placeholder with `number`: `[REDACTED:<number>]`.
    package static func placeholder(_ number: Int) -> String { "[REDACTED:\(number)]" }

    /// The number of `text` when it is exactly a placeholder, such as 2 for `[REDACTED:2]`.
    package static func number(in text: String) -> Int? {
        let prefix = "[REDACTED:"
        guard text.hasPrefix(prefix), text.hasSuffix("]") else { return nil }
        let digits = text.dropFirst(prefix.count).dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits), number > 0 else { return nil }
        return number
    }
}
