/// A kind of value that changes from run to run, such as a UUID an app
/// generates or a placeholder the recorder left for a secret.
///
/// Replay matches a volatile value in a recorded effect against any value of
/// the same kind, then *binds* the two: wherever the recorded value recurs,
/// the same actual value must appear, and a stimulus that carries the
/// recorded value is played back with the actual one.
public struct VolatileValue: Sendable {
    /// The name used in reports, such as `UUID`.
    public var name: String
    /// The ranges of `text` that are values of this kind, in order, not overlapping.
    let find: @Sendable (String) -> [Range<String.Index>]
    /// The length of the value of this kind at the start of `text`, or `nil`
    /// when there is none. A kind without it is a wildcard that runs up to
    /// the next literal text.
    let length: (@Sendable (Substring) -> Int?)?
    /// Whether two recorded values may not stand for one actual value. True
    /// for identifiers; false for timestamps, which a fast replay can repeat.
    public var isOneToOne: Bool
    /// Whether values of this kind compare without regard to case, as UUIDs do.
    public var ignoresCase: Bool

    /// A kind matched by `find` in recorded text and `length` in actual text.
    ///
    /// - Parameters:
    ///   - name: The name used in reports.
    ///   - find: The values of this kind in a recorded string.
    ///   - length: The length of the value at the start of an actual string,
    ///     or `nil` when it does not start with one.
    ///   - isOneToOne: Whether two recorded values may not stand for one actual value.
    ///   - ignoresCase: Whether values compare without regard to case.
    ///
    /// Both closures run while the replay holds its lock: keep them pure.
    public init(
        name: String, find: @escaping @Sendable (String) -> [Range<String.Index>],
        length: @escaping @Sendable (Substring) -> Int?, isOneToOne: Bool = true, ignoresCase: Bool = false
    ) {
        self.name = name
        self.find = find
        self.length = length
        self.isOneToOne = isOneToOne
        self.ignoresCase = ignoresCase
    }

    init(wildcard name: String, find: @escaping @Sendable (String) -> [Range<String.Index>]) {
        self.name = name
        self.find = find
        self.length = nil
        self.isOneToOne = true
        self.ignoresCase = false
    }

    /// UUIDs in any case, such as promise guids and request ids.
    public static let uuid = VolatileValue(
        name: "UUID",
        find: { text in ranges(in: text, length: { uuidLength($0) }) },
        length: { uuidLength($0) }, ignoresCase: true)

    /// RFC 3339 timestamps with a time, such as `2026-01-31T12:00:00.5Z`.
    public static let timestamp = VolatileValue(
        name: "timestamp",
        find: { text in ranges(in: text, length: { timestampLength($0) }) },
        length: { timestampLength($0) }, isOneToOne: false)

    /// The placeholders the recorder writes for secrets, `[REDACTED:1]` or
    /// `[REDACTED]`: each stands for whatever value was there.
    public static let redacted = VolatileValue(wildcard: "redacted value") { text in
        var found: [Range<String.Index>] = []
        var rest = text[...]
        while let open = rest.range(of: "[REDACTED") {
            guard let close = rest[open.upperBound...].firstIndex(of: "]") else { break }
            let inside = rest[open.upperBound..<close]
            if inside.isEmpty || inside.first == ":" && inside.dropFirst().allSatisfy(\.isNumber) && inside.count > 1 {
                found.append(open.lowerBound..<rest.index(after: close))
            }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    static func ranges(in text: String, length: (Substring) -> Int?) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            if let count = length(text[index...]) {
                let end = text.index(index, offsetBy: count)
                found.append(index..<end)
                index = end
            } else {
                index = text.index(after: index)
            }
        }
        return found
    }

    static func uuidLength(_ text: Substring) -> Int? {
        let groups = [8, 4, 4, 4, 12]
        var index = text.startIndex
        for (position, count) in groups.enumerated() {
            for _ in 0..<count {
                guard index < text.endIndex, text[index].isHexDigit else { return nil }
                index = text.index(after: index)
            }
            if position < groups.count - 1 {
                guard index < text.endIndex, text[index] == "-" else { return nil }
                index = text.index(after: index)
            }
        }
        if index < text.endIndex, text[index].isHexDigit { return nil }
        return 36
    }

    static func timestampLength(_ text: Substring) -> Int? {
        // YYYY-MM-DDTHH:MM:SS, then optional fraction, then Z or ±HH:MM.
        let pattern = Array("dddd-dd-ddTdd:dd:dd")
        var index = text.startIndex
        var count = 0
        for expected in pattern {
            guard index < text.endIndex else { return nil }
            let character = text[index]
            if expected == "d" ? !character.isASCII || !character.isNumber : character.uppercased() != String(expected) {
                return nil
            }
            index = text.index(after: index)
            count += 1
        }
        if index < text.endIndex, text[index] == "." {
            var digits = 0
            var probe = text.index(after: index)
            while probe < text.endIndex, text[probe].isASCII, text[probe].isNumber {
                probe = text.index(after: probe)
                digits += 1
            }
            if digits > 0 {
                count += 1 + digits
                index = probe
            }
        }
        guard index < text.endIndex else { return nil }
        if text[index] == "Z" || text[index] == "z" { return count + 1 }
        guard text[index] == "+" || text[index] == "-" else { return nil }
        let zone = Array(text[index...].prefix(6))
        guard zone.count == 6, zone[1].isNumber, zone[2].isNumber, zone[3] == ":", zone[4].isNumber, zone[5].isNumber
        else { return nil }
        return count + 6
    }
}

/// The volatile values a replay normalizes, as a policy with presets.
public struct Placeholders: Sendable {
    /// The kinds, tried in order; the first to claim a range wins.
    public var values: [VolatileValue]

    public init(_ values: [VolatileValue]) { self.values = values }

    /// UUIDs, RFC 3339 timestamps and the recorder's redaction placeholders.
    public static let standard = Placeholders([.redacted, .uuid, .timestamp])

    /// Only the recorder's redaction placeholders: every other value must match exactly.
    public static let redactionsOnly = Placeholders([.redacted])

    /// These placeholders and `value`.
    public func adding(_ value: VolatileValue) -> Placeholders { Placeholders(values + [value]) }
}
