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
    /// For the redaction placeholders: the value the test itself supplies for
    /// `[REDACTED:<n>]`, by `n`. Such a placeholder binds only to that value,
    /// and a stimulus carrying it is played back with it.
    var declared: [Int: String] = [:]
    /// Whether this is the kind of the recorder's redaction placeholders.
    var isRedaction = false

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

    init(wildcard name: String, isRedaction: Bool = false, find: @escaping @Sendable (String) -> [Range<String.Index>]) {
        self.name = name
        self.find = find
        self.length = nil
        self.isOneToOne = true
        self.ignoresCase = false
        self.isRedaction = isRedaction
    }

    /// UUIDs in any case, such as promise guids and request ids.
    public static let uuid = VolatileValue(
        name: "UUID",
        find: { text in indices(of: withBytes(of: text.utf8, uuidOffsets), in: text) },
        length: { uuidLength($0.utf8) }, ignoresCase: true)

    /// RFC 3339 timestamps with a time, such as `2026-01-31T12:00:00.5Z`.
    public static let timestamp = VolatileValue(
        name: "timestamp",
        find: { text in ranges(in: text, startingWith: isDigit, length: timestampLength) },
        length: { timestampLength($0.utf8) }, isOneToOne: false)

    /// The placeholders the recorder writes for secrets, `[REDACTED:1]` or
    /// `[REDACTED]`: each stands for whatever value was there.
    public static let redacted = VolatileValue(wildcard: "redacted value", isRedaction: true) { text in
        // Most strings hold no placeholder: a byte scan rules them out without Foundation.
        containsRedactedMarker(text.utf8) ? RedactionPlaceholders.ranges(in: text) : []
    }

    /// The ranges of `text` where `length` recognises a value, scanning bytes:
    /// the built-in kinds are ASCII, and scanning UTF-8 keeps replay linear
    /// and cheap on long strings such as JSON passed as an argument.
    /// `starts` says which bytes a value can start with: `length` is asked only there,
    /// with the bytes and the offset to look at.
    static func ranges(
        in text: String, startingWith starts: (UInt8) -> Bool, length: (UnsafeBufferPointer<UInt8>, Int) -> Int?
    ) -> [Range<String.Index>] {
        let offsets = withBytes(of: text.utf8) { bytes -> [Range<Int>] in
            var found: [Range<Int>] = []
            var index = 0
            while index < bytes.count {
                // The built-in kinds start with an ASCII byte, which no slice of a
                // multi-byte character starts with, so slicing the bytes is enough.
                if starts(bytes[index]), let count = length(bytes, index) {
                    found.append(index..<(index + count))
                    index += count
                } else {
                    index += 1
                }
            }
            return found
        }
        return indices(of: offsets, in: text)
    }

    /// The ranges of `text` that the byte offsets `offsets` stand for.
    static func indices(of offsets: [Range<Int>], in text: String) -> [Range<String.Index>] {
        guard !offsets.isEmpty else { return [] }
        let utf8 = text.utf8
        return offsets.map { range in
            utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        }
    }

    /// The UUIDs in `bytes`, as ``ranges(in:startingWith:length:)`` finds them
    /// with ``uuidLength(_:at:)``, without trying the starts a byte rules out:
    /// one that is neither a hex digit nor a dash is in no UUID, so no UUID
    /// starts at or before it within 36 bytes.
    static func uuidOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while bytes.count - index >= 36 {
            guard isHex(bytes[index]) else {
                index += 1
                continue
            }
            if let count = uuidLength(bytes, at: index) {
                found.append(index..<(index + count))
                index += count
                continue
            }
            var next = index + 1
            for offset in 1..<36 where !isHex(bytes[index + offset]) && bytes[index + offset] != UInt8(ascii: "-") {
                next = index + offset + 1
                break
            }
            index = next
        }
        return found
    }

    /// Runs `body` on the bytes of `text`: in place when they are contiguous, as
    /// native strings' are, or else on a copy.
    static func withBytes<Bytes: Collection<UInt8>, R>(of text: Bytes, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.withContiguousStorageIfAvailable(body) { return result }
        return Array(text).withUnsafeBufferPointer(body)
    }

    private static let redactedMarker = Array("[REDACTED".utf8)

    /// Whether `text` holds `[REDACTED` literally: only then can the placeholder finder find one.
    static func containsRedactedMarker(_ text: String.UTF8View) -> Bool {
        let marker = redactedMarker
        return withBytes(of: text) { bytes in
            var matched = 0
            for byte in bytes {
                if byte == marker[matched] {
                    matched += 1
                    if matched == marker.count { return true }
                } else if matched > 0 {
                    // `[` occurs only first in the marker, so a failed partial match restarts at this byte.
                    matched = byte == marker[0] ? 1 : 0
                }
            }
            return false
        }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

    /// The length of the UUID `8-4-4-4-12` that starts `text`, if one does.
    static func uuidLength(_ text: Substring.UTF8View) -> Int? {
        withBytes(of: text.prefix(37)) { uuidLength($0, at: 0) }
    }

    /// The length of the UUID `8-4-4-4-12` that starts at `start` in `bytes`, if
    /// one does and no hex digit follows it.
    static func uuidLength(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard bytes.count - start >= 36 else { return nil }
        for offset in 0..<36 {
            let byte = bytes[start + offset]
            switch offset {
            case 8, 13, 18, 23: if byte != UInt8(ascii: "-") { return nil }
            default: if !isHex(byte) { return nil }
            }
        }
        if start + 36 < bytes.count, isHex(bytes[start + 36]) { return nil }
        return 36
    }

    /// The length of the RFC 3339 date-time that starts `text`, if one does.
    static func timestampLength(_ text: Substring.UTF8View) -> Int? {
        withBytes(of: text.prefix(timestampWindow)) { timestampLength($0, at: 0) }
    }

    /// The most bytes a timestamp is looked for in: a longer fraction is not one.
    private static let timestampWindow = 40
    private static let timestampPattern = Array("dddd-dd-ddTdd:dd:dd".utf8)

    /// The length of the RFC 3339 date-time that starts at `start` in `bytes`, if
    /// one does: `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` or `±HH:MM`.
    static func timestampLength(_ all: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let count = min(timestampWindow, all.count - start)
        let pattern = timestampPattern
        guard count > pattern.count else { return nil }
        func byte(_ offset: Int) -> UInt8 { all[start + offset] }
        for (offset, expected) in pattern.enumerated() {
            let actual = byte(offset)
            if expected == UInt8(ascii: "d") {
                if !isDigit(actual) { return nil }
            } else if expected == UInt8(ascii: "T") {
                if actual != UInt8(ascii: "T") && actual != UInt8(ascii: "t") { return nil }
            } else if actual != expected {
                return nil
            }
        }
        var position = pattern.count
        if byte(position) == UInt8(ascii: ".") {
            var digits = position + 1
            while digits < count, isDigit(byte(digits)) { digits += 1 }
            if digits > position + 1 { position = digits }
        }
        guard position < count else { return nil }
        let zone = byte(position)
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") { return position + 1 }
        guard zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-"), position + 6 <= count else { return nil }
        guard isDigit(byte(position + 1)), isDigit(byte(position + 2)), byte(position + 3) == UInt8(ascii: ":"),
            isDigit(byte(position + 4)), isDigit(byte(position + 5))
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

    /// Whether `text` holds a value of any of these kinds.
    func findsAny(in text: String) -> Bool { values.contains { !$0.find(text).isEmpty } }

    /// These placeholders and `value`.
    public func adding(_ value: VolatileValue) -> Placeholders { Placeholders(values + [value]) }

    /// The values the test supplies for redaction placeholders, by number;
    /// see ``ReplayOptions/secrets``.
    public var secrets: [Int: String] {
        get { values.first(where: \.isRedaction)?.declared ?? [:] }
        set {
            for index in values.indices where values[index].isRedaction { values[index].declared = newValue }
        }
    }
}
