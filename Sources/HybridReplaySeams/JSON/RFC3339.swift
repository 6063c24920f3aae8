import Foundation

/// The date-time form cassettes use for timestamps: RFC 3339, such as
/// `2026-11-30T11:46:56.125Z` or `2026-11-30T12:46:56+01:00`.
///
/// Reads such text into its fields (``dateTime(_:)``), into a `Date` or into
/// an exact `Duration` since 1970; writes instants back in UTC with a `Z`.
/// Years have four digits, so only 0000 to 9999 can be written.
package enum RFC3339 {
    /// The fields of a date-time as written, before any zone is applied.
    package struct DateTime: Sendable, Hashable {
        /// The date, with its day checked only against 1...31.
        package var date: CivilDate
        /// The hour, 0 to 23.
        package var hour: Int
        /// The minute, 0 to 59.
        package var minute: Int
        /// The second, 0 to 60; RFC 3339 allows a leap second, which the
        /// arithmetic here counts as the first second of the next minute.
        package var second: Int
        /// The digits after the decimal point, empty when there are none.
        package var fraction: String
        /// The offset from UTC in seconds, negative west of Greenwich, or
        /// `nil` when the text has no zone, as `xsd:dateTime` (GPX) allows
        /// and RFC 3339 does not.
        package var offset: Int?

        /// The fraction in attoseconds; digits past the 18th are dropped.
        package var attoseconds: Int64 {
            var scale: Int64 = 100_000_000_000_000_000
            var value: Int64 = 0
            for byte in fraction.utf8.prefix(18) {
                value += Int64(byte - UInt8(ascii: "0")) * scale
                scale /= 10
            }
            return value
        }

        /// The seconds since 1970-01-01T00:00:00 in the text's own zone, without the fraction.
        fileprivate var localSeconds: Int64 {
            Int64(date.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        }
    }

    /// The seconds since 1970 that four-digit years reach:
    /// 0000-01-01T00:00:00Z up to, not including, 10000-01-01T00:00:00Z.
    package static let writableSeconds: Range<Int64> = -62_167_219_200..<253_402_300_800

    /// Whether `text` is an RFC 3339 date-time, zone included.
    ///
    /// The day is checked against 1...31 only, not against its month.
    ///
    /// - Parameter text: The text, without surrounding whitespace.
    /// - Returns: `true` when ``dateTime(_:)`` reads it and it has a zone.
    package static func isValid(_ text: String) -> Bool {
        dateTime(text)?.offset != nil
    }

    /// The fields of `text`, an RFC 3339 date-time whose zone may be missing.
    ///
    /// Accepts `T` or `t`, `Z` or `z`, any number of fraction digits, and
    /// offsets up to ±23:59. The day is checked against 1...31 only, so
    /// callers that need a real date check ``CivilDate/isValid``.
    ///
    /// - Parameter text: The text, without surrounding whitespace.
    /// - Returns: The fields, or `nil` when `text` is not such a date-time.
    package static func dateTime(_ text: String) -> DateTime? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int, in range: ClosedRange<Int>) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return range.contains(value) ? value : nil
        }
        func literal(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4, in: 0...9999), literal("-"), let month = number(2, in: 1...12), literal("-"),
            let day = number(2, in: 1...31), literal("Tt"), let hour = number(2, in: 0...23), literal(":"),
            let minute = number(2, in: 0...59), literal(":"), let second = number(2, in: 0...60)
        else { return nil }
        var fraction = ""
        if literal(".") {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            guard index > start else { return nil }
            fraction = String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var offset: Int?
        if literal("Zz") {
            offset = 0
        } else if index < bytes.count {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard literal("+-"), let hours = number(2, in: 0...23), literal(":"), let minutes = number(2, in: 0...59)
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        return DateTime(
            date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second,
            fraction: fraction, offset: offset)
    }

    /// The instant an RFC 3339 date-time names, as a `Date`.
    ///
    /// A day past its month's end counts on into the next month, as
    /// ``isValid(_:)`` lets it through: cassettes validated before reading
    /// keep the expiry they always had.
    ///
    /// - Parameter text: The date-time, zone included.
    /// - Returns: The instant, or `nil` when ``isValid(_:)`` rejects `text`.
    package static func date(_ text: String) -> Date? {
        guard let dateTime = dateTime(text), let offset = dateTime.offset else { return nil }
        var seconds = Double(dateTime.localSeconds)
        if !dateTime.fraction.isEmpty { seconds += Double("0." + dateTime.fraction) ?? 0 }
        seconds -= Double(offset)
        return Date(timeIntervalSince1970: seconds)
    }

    /// The exact instant `dateTime` names, as the time since 1970-01-01T00:00:00Z.
    ///
    /// - Parameter dateTime: The fields; without a zone they are read as
    ///   UTC, as GPX prescribes.
    /// - Returns: The instant, or `nil` when the day does not exist in its
    ///   month or the instant in UTC falls outside ``writableSeconds``.
    package static func instant(_ dateTime: DateTime) -> Duration? {
        guard dateTime.date.isValid else { return nil }
        let seconds = dateTime.localSeconds - Int64(dateTime.offset ?? 0)
        guard writableSeconds.contains(seconds) else { return nil }
        return .seconds(seconds) + Duration(secondsComponent: 0, attosecondsComponent: dateTime.attoseconds)
    }

    /// `date` in UTC to the whole second, rounded down, such as `2026-01-31T12:00:00Z`.
    ///
    /// A `Date` holds no exact decimal fraction, and the cookie expiries this
    /// writes are whole seconds.
    ///
    /// - Parameter date: The instant; years past 9999 get five digits.
    /// - Returns: The date-time text.
    package static func string(from date: Date) -> String {
        format(seconds: Int64(date.timeIntervalSince1970.rounded(.down)), nanoseconds: 0)
    }

    /// `instant` in UTC with as many fraction digits as it needs, up to
    /// nanoseconds, such as `2026-01-31T12:00:00.5Z`.
    ///
    /// Together with ``dateTime(_:)`` and ``instant(_:)`` this normalises any
    /// date-time to one text per instant: `2026-01-31T13:00:00.500+01:00`
    /// becomes `2026-01-31T12:00:00.5Z`.
    ///
    /// - Parameter instant: The time since 1970-01-01T00:00:00Z; digits past
    ///   nanoseconds are dropped.
    /// - Returns: The date-time text, or `nil` outside ``writableSeconds``.
    package static func string(_ instant: Duration) -> String? {
        // Checked before `components`, which traps when the seconds overflow Int64.
        guard instant >= .seconds(writableSeconds.lowerBound), instant < .seconds(writableSeconds.upperBound)
        else { return nil }
        var (seconds, attoseconds) = instant.components
        if attoseconds < 0 {
            seconds -= 1
            attoseconds += 1_000_000_000_000_000_000
        }
        return format(seconds: seconds, nanoseconds: Int(attoseconds / 1_000_000_000))
    }

    /// The text of the instant `seconds` and `nanoseconds` after 1970 in UTC.
    private static func format(seconds: Int64, nanoseconds: Int) -> String {
        let days = (seconds - (seconds < 0 ? 86_399 : 0)) / 86_400
        let second = Int(seconds - days * 86_400)
        let date = CivilDate(daysSince1970: Int(days))
        var text = "\(digits(date.year, 4))-\(digits(date.month, 2))-\(digits(date.day, 2))T"
            + "\(digits(second / 3600, 2)):\(digits(second / 60 % 60, 2)):\(digits(second % 60, 2))"
        if nanoseconds > 0 {
            var fraction = digits(nanoseconds, 9)
            while fraction.last == "0" { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// `value` in decimal, with leading zeros up to `count` characters.
    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(count - text.count, 0)) + text
    }
}
