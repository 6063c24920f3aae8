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
        find: { text in ranges(in: text, startingWith: isHex, length: uuidLength) },
        length: { uuidLength($0.utf8) }, ignoresCase: true)

    /// RFC 3339 timestamps with a time, such as `2026-01-31T12:00:00.5Z`.
    public static let timestamp = VolatileValue(
        name: "timestamp",
        find: { text in ranges(in: text, startingWith: isDigit, length: timestampLength) },
        length: { timestampLength($0.utf8) }, isOneToOne: false)

    /// The placeholders the recorder writes for secrets, `[REDACTED:1]` or
    /// `[REDACTED]`: each stands for whatever value was there.
    public static let redacted = VolatileValue(wildcard: "redacted value") { text in
        var found: [Range<String.Index>] = []
        // Most strings hold no placeholder: a byte scan rules them out without Foundation.
        guard containsRedactedMarker(text.utf8) else { return found }
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

    /// The ranges of `text` where `length` recognises a value, scanning bytes:
    /// the built-in kinds are ASCII, and scanning UTF-8 keeps replay linear
    /// and cheap on long strings such as JSON passed as an argument.
    /// `starts` says which bytes a value can start with: `length` is asked only there.
    static func ranges(
        in text: String, startingWith starts: (UInt8) -> Bool, length: (Substring.UTF8View) -> Int?
    ) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            // The built-in kinds start with an ASCII byte, which no slice of a
            // multi-byte character starts with, so slicing the bytes is enough.
            if starts(utf8[index]), let count = length(utf8[index...]) {
                let end = utf8.index(index, offsetBy: count)
                found.append(index..<end)
                index = end
            } else {
                index = utf8.index(after: index)
            }
        }
        return found
    }

    private static let redactedMarker = Array("[REDACTED".utf8)

    /// Whether `bytes` hold `[REDACTED` literally: only then can the placeholder finder find one.
    static func containsRedactedMarker(_ bytes: String.UTF8View) -> Bool {
        let marker = redactedMarker
        var matched = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == marker[matched] {
                matched += 1
                if matched == marker.count { return true }
            } else if matched > 0 {
                // `[` occurs only first in the marker, so a failed partial match restarts at this byte.
                matched = byte == marker[0] ? 1 : 0
            }
            index = bytes.index(after: index)
        }
        return false
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

    /// The length of the UUID `8-4-4-4-12` that starts `text`, if one does.
    static func uuidLength(_ text: Substring.UTF8View) -> Int? {
        guard let first = text.first, isHex(first) else { return nil }
        var count = 0
        for byte in text.prefix(37) {
            defer { count += 1 }
            switch count {
            case 8, 13, 18, 23: if byte != UInt8(ascii: "-") { return nil }
            case 36: return isHex(byte) ? nil : 36
            default: if !isHex(byte) { return nil }
            }
        }
        return count == 36 ? 36 : nil
    }

    /// The length of the RFC 3339 date-time that starts `text`, if one does:
    /// `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` or `±HH:MM`.
    static func timestampLength(_ text: Substring.UTF8View) -> Int? {
        guard let first = text.first, isDigit(first) else { return nil }
        // The year and its dash rule out most digits before the bytes are copied.
        var leading = text.makeIterator()
        for offset in 0..<5 {
            guard let byte = leading.next(), offset == 4 ? byte == UInt8(ascii: "-") : isDigit(byte) else { return nil }
        }
        let bytes = Array(text.prefix(40))
        let pattern = Array("dddd-dd-ddTdd:dd:dd".utf8)
        guard bytes.count > pattern.count else { return nil }
        for (offset, expected) in pattern.enumerated() {
            let byte = bytes[offset]
            if expected == UInt8(ascii: "d") {
                if !isDigit(byte) { return nil }
            } else if expected == UInt8(ascii: "T") {
                if byte != UInt8(ascii: "T") && byte != UInt8(ascii: "t") { return nil }
            } else if byte != expected {
                return nil
            }
        }
        var position = pattern.count
        if bytes[position] == UInt8(ascii: ".") {
            var digits = position + 1
            while digits < bytes.count, isDigit(bytes[digits]) { digits += 1 }
            if digits > position + 1 { position = digits }
        }
        guard position < bytes.count else { return nil }
        let zone = bytes[position]
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") { return position + 1 }
        guard zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-"), position + 6 <= bytes.count else { return nil }
        let shape = Array(bytes[(position + 1)..<(position + 6)])
        guard isDigit(shape[0]), isDigit(shape[1]), shape[2] == UInt8(ascii: ":"), isDigit(shape[3]), isDigit(shape[4])
        else { return nil }
        return position + 6
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
