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
    /// The number the next new secret gets: after the numbers already taken
    /// by placeholders in the input, such as a HAR file exported from a
    /// cassette, and after those adopted.
    private var next = 1

    public init() {}

    /// Placeholders for input that already holds `[REDACTED:1]` up to
    /// `[REDACTED:<reserved>]`: those are kept as they are, and new secrets
    /// are numbered from `reserved + 1`.
    init(reserving reserved: Int) {
        self.next = max(reserved, 0) + 1
    }

    /// Numbers `secret` as `placeholder` already does elsewhere, such as a
    /// value a replay bound to a cassette's placeholder, so that a report
    /// names it as the cassette does; new secrets are numbered after it.
    ///
    /// - Parameters:
    ///   - secret: The value the placeholder stands for.
    ///   - placeholder: Exactly a placeholder, such as `[REDACTED:5]`; anything else is ignored.
    package mutating func adopt(_ secret: String, as placeholder: String) {
        guard let number = Self.number(in: placeholder), numbers[secret] == nil, !secret.isEmpty,
            Self.number(in: secret) == nil
        else { return }
        numbers[secret] = number
        next = max(next, number + 1)
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
        if let number = Self.number(in: secret), number < next { return secret }
        if let number = numbers[secret] { return Self.placeholder(number) }
        let number = next
        next += 1
        numbers[secret] = number
        return Self.placeholder(number)
    }

    /// Every secret replaced so far with its placeholder, in the order they were numbered.
    package var replacements: [(secret: String, placeholder: String)] {
        numbers.sorted { $0.value < $1.value }.map { ($0.key, Self.placeholder($0.value)) }
    }

    /// The secrets numbered after `number`, with their placeholders, in the order they were numbered.
    package func replacements(numberedAfter number: Int) -> [(secret: String, placeholder: String)] {
        numbers.filter { $0.value > number }.sorted { $0.value < $1.value }.map { ($0.key, Self.placeholder($0.value)) }
    }

    /// The highest number given to a secret so far, or 0.
    package var highestNumber: Int { next - 1 }

    /// The placeholder with `number`: `[REDACTED:<number>]`.
    package static func placeholder(_ number: Int) -> String { "[REDACTED:\(number)]" }

    /// The highest placeholder number `text` holds anywhere, or 0.
    package static func highestNumber(in text: String) -> Int {
        var highest = 0
        var rest = Substring(text)
        while let start = rest.range(of: "[REDACTED:") {
            rest = rest[start.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if rest.dropFirst(digits.count).first == "]", let number = Int(digits) { highest = max(highest, number) }
        }
        return highest
    }

    /// Where `text` holds a placeholder, `[REDACTED:<n>]` or `[REDACTED]`.
    package static func ranges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var rest = Substring(text)
        while let start = rest.range(of: "[REDACTED") {
            rest = rest[start.upperBound...]
            if rest.first == "]" {
                ranges.append(start.lowerBound..<rest.index(after: rest.startIndex))
            } else if rest.first == ":" {
                let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty, digits.endIndex < rest.endIndex, rest[digits.endIndex] == "]" {
                    ranges.append(start.lowerBound..<rest.index(after: digits.endIndex))
                }
            }
        }
        return ranges
    }

    /// Where the UTF-8 `bytes` hold a placeholder, `[REDACTED:<n>]` or `[REDACTED]`.
    package static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index + prefixBytes.count <= bytes.count {
            guard bytes[index] == prefixBytes[0], bytes[index..<index + prefixBytes.count].elementsEqual(prefixBytes) else {
                index += 1
                continue
            }
            var end = index + prefixBytes.count
            if end < bytes.count, bytes[end] == UInt8(ascii: ":") {
                end += 1
                let digitsStart = end
                while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
                if end == digitsStart { end = bytes.count }
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "]") { ranges.append(index..<end + 1) }
            index += prefixBytes.count
        }
        return ranges
    }

    private static let prefixBytes = Array("[REDACTED".utf8)

    /// Whether replacing `range` would cut one of `placeholders` in two:
    /// it overlaps the placeholder without holding the whole of it.
    package static func cuts<Bound: Comparable>(_ range: Range<Bound>, _ placeholders: [Range<Bound>]) -> Bool {
        placeholders.contains { $0.overlaps(range) && !(range.lowerBound <= $0.lowerBound && $0.upperBound <= range.upperBound) }
    }

    /// Whether `text` is `placeholder` percent-encoded, as an app handed the
    /// placeholder's own text writes it into a URL, a query or a form:
    /// `%5BREDACTED%3A1%5D` or `%5BREDACTED:1%5D` for `[REDACTED:1]`, the hex
    /// digits in either case. `placeholder` itself is not.
    package static func isPercentEncoded(_ text: String, as placeholder: String) -> Bool {
        text.utf8.count > placeholder.utf8.count && text.utf8.contains(UInt8(ascii: "%"))
            && text.removingPercentEncoding == placeholder
    }

    /// The number of `text` when it is exactly a placeholder, such as 2 for `[REDACTED:2]`.
    package static func number(in text: String) -> Int? {
        let prefix = "[REDACTED:"
        guard text.hasPrefix(prefix), text.hasSuffix("]") else { return nil }
        let digits = text.dropFirst(prefix.count).dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits), number > 0 else { return nil }
        return number
    }
}
