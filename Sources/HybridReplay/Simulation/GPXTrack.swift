import Foundation

/// The points of a GPX file — the format of Xcode's location simulation — as
/// fixes a ``SimulatedLocationManager`` can play.
///
/// It reads GPX 1.1 and 1.0, and files without a namespace such as Xcode's
/// own template: waypoints (`<wpt>`), route points (`<rte><rtept>`) and track
/// points (`<trk><trkseg><trkpt>`), all in document order. Each point becomes
/// a ``LocationFix``:
///
/// - `lat` and `lon` give the coordinate, in decimal degrees;
/// - `<ele>` gives ``LocationFix/altitude``, in metres above sea level;
/// - `<time>` gives ``LocationFix/timestamp``, normalised to RFC 3339 in UTC
///   (`2026-01-31T13:00:00.500+01:00` becomes `2026-01-31T12:00:00.5Z`; a time
///   without a zone is read as UTC, as GPX prescribes);
/// - GPX 1.0's `<speed>` (metres per second) and `<course>` (degrees) give
///   ``LocationFix/speed`` and ``LocationFix/course``.
///
/// Accuracies stay unknown (`nil`); other elements, and anything in another
/// namespace such as `<extensions>`, are ignored.
///
/// A point without `<time>` is taken one interval after the point before it,
/// and the first point at the start date, so an untimed file moves at a steady
/// pace as it does in Xcode.
///
/// A file without any point is an error rather than an empty track: it is
/// almost always the wrong file, and playing it would silently deliver
/// nothing. Build an empty track with ``init(fixes:)`` when that is the point.
public struct GPXTrack: Sendable, Hashable {
    /// The points, in document order.
    public var fixes: [LocationFix]

    /// Where the times of untimed points start unless a caller says otherwise:
    /// 2001-01-01T00:00:00Z.
    ///
    /// It is a fixed date rather than now, so an untimed file gives the same
    /// fixes — and the same cassette — on every run. Pass `Date()` to start
    /// at the current time, as Xcode does.
    public static let defaultStart = Date(timeIntervalSinceReferenceDate: 0)

    /// Creates a track of the given fixes.
    ///
    /// - Parameter fixes: The fixes, oldest first.
    public init(fixes: [LocationFix]) {
        self.fixes = fixes
    }

    /// Reads the GPX file at `url`.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - start: The time of the first point when it has no `<time>`.
    ///   - interval: The time from one point to the next untimed one.
    /// - Throws: ``GPXError`` naming the file's path, when the file cannot be
    ///   read or is not a GPX document with at least one valid point.
    public init(
        contentsOf url: URL, startingAt start: Date = GPXTrack.defaultStart, interval: Duration = .seconds(1)
    ) throws(GPXError) {
        let name = url.isFileURL ? url.path : url.absoluteString
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GPXError(
                file: name, position: nil,
                message: "expected a readable GPX file, found none: \(error.localizedDescription)")
        }
        try self.init(data: data, name: name, startingAt: start, interval: interval)
    }

    /// Reads a GPX document held in memory.
    ///
    /// - Parameters:
    ///   - data: The document, in the encoding its XML declaration names (UTF-8 without one).
    ///   - name: What errors call the document, such as `cupertino-walk.gpx`.
    ///   - start: The time of the first point when it has no `<time>`.
    ///   - interval: The time from one point to the next untimed one; with a
    ///     zero or negative interval untimed points share a time or go back in
    ///     time, and ``SimulatedLocationManager/play(_:batchSize:clock:)`` does
    ///     not wait between them.
    /// - Throws: ``GPXError`` with the line and column of the problem: malformed
    ///   XML, an empty file, a root other than `<gpx>`, a point without a valid
    ///   `lat` or `lon`, an `<ele>`, `<speed>` or `<course>` that is not a
    ///   number, a `<time>` that is not a date, or no point at all.
    public init(
        data: Data, name: String, startingAt start: Date = GPXTrack.defaultStart, interval: Duration = .seconds(1)
    ) throws(GPXError) {
        fixes = try GPXTrackParser.fixes(in: data, name: name, start: start, interval: interval)
    }
}

/// A GPX file that cannot be read as a track, with where and why.
///
/// Its description has the form compilers and editors understand:
/// `cupertino-walk.gpx:12:5: error: <wpt> has no lon attribute; …`.
public struct GPXError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path or the name given to ``GPXTrack/init(data:name:startingAt:interval:)``.
    public var file: String
    /// Where in the file the problem is, or `nil` when it is not at a place,
    /// such as a file that cannot be read.
    public var position: SourcePosition?
    /// What is wrong, in words that fit after `error: `.
    public var message: String

    public init(file: String, position: SourcePosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String {
        if let position { "\(file):\(position): error: \(message)" } else { "\(file): error: \(message)" }
    }
}

extension SimulatedLocationManager {
    /// Plays a track: delivers its fixes to the delegate in batches, oldest
    /// first, as a device moving along it would.
    ///
    /// With a clock, each batch arrives when its newest fix was taken,
    /// counting from the track's first fix at the moment `play` starts: the
    /// manager sleeps on `clock` for the gap between timestamps. A virtual
    /// clock — a recorder's test clock, a replay's — makes that gap show in
    /// recorded `at` values without real waiting. Timestamps that go back in
    /// time, or cannot be read, add no wait. Without a clock the batches
    /// follow each other at once.
    ///
    /// - Parameters:
    ///   - track: The fixes to deliver.
    ///   - batchSize: How many fixes each delegate call carries; the last
    ///     batch may be smaller.
    ///   - clock: What to sleep on between batches; `nil` delivers without waiting.
    /// - Throws: ``SimulationError`` when `batchSize` is less than 1;
    ///   `CancellationError` when the task is cancelled, with the batches so
    ///   far delivered.
    public func play(_ track: GPXTrack, batchSize: Int = 1, clock: (any Clock<Duration>)? = nil) async throws {
        guard batchSize >= 1 else {
            throw SimulationError("play(_:batchSize:clock:) needs a batchSize of at least 1, found \(batchSize)")
        }
        let fixes = track.fixes
        let batches = stride(from: 0, to: fixes.count, by: batchSize).map {
            Array(fixes[$0..<min($0 + batchSize, fixes.count)])
        }
        let origin = fixes.lazy.compactMap { GPXTime.instant(rfc3339: $0.timestamp) }.first
        // The time since the first fix at which each batch is due; never earlier than the batch before.
        var due: [Duration] = []
        for batch in batches {
            let previous = due.last ?? .zero
            guard let origin, let newest = batch.last.flatMap({ GPXTime.instant(rfc3339: $0.timestamp) }) else {
                due.append(previous)
                continue
            }
            due.append(max(previous, newest - origin))
        }
        if let clock {
            try await play(batches, due: due, on: clock)
        } else {
            for batch in batches {
                try Task.checkCancellation()
                deliver(batch)
            }
        }
    }

    private func play<C: Clock<Duration>>(_ batches: [[LocationFix]], due: [Duration], on clock: C) async throws {
        let start = clock.now
        var waited = Duration.zero
        for (batch, offset) in zip(batches, due) {
            try Task.checkCancellation()
            if offset > waited {
                try await clock.sleep(until: start.advanced(by: offset), tolerance: nil)
                waited = offset
            }
            deliver(batch)
        }
    }
}

/// GPX times: `xsd:dateTime` text in, RFC 3339 in UTC out, and in between
/// the time since 1970-01-01T00:00:00Z as an exact `Duration`.
enum GPXTime {
    /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970:
    /// RFC 3339 writes years with four digits.
    private static let earliest: Int64 = -62_167_219_200
    private static let end: Int64 = 253_402_300_800

    /// The instant a GPX `<time>` names, such as `2026-01-31T12:00:00.5Z`;
    /// an offset is allowed, and a time without a zone is UTC.
    static func instant(xml text: String) -> Duration? { parse(text, zoneRequired: false) }

    /// The instant an RFC 3339 timestamp names.
    static func instant(rfc3339 text: String) -> Duration? { parse(text, zoneRequired: true) }

    /// `date` to the microsecond, which is as far as its `Double` is exact today.
    static func instant(_ date: Date) -> Duration? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds >= Double(earliest), seconds < Double(end) else { return nil }
        return .microseconds(Int64((seconds * 1_000_000).rounded()))
    }

    /// The RFC 3339 text of `instant` in UTC, with as many fraction digits as
    /// it needs up to nanoseconds, or `nil` outside the years 0000 to 9999.
    static func text(_ instant: Duration) -> String? {
        // Checked before `components`, which traps when the seconds overflow Int64.
        guard instant >= .seconds(earliest), instant < .seconds(end) else { return nil }
        var (seconds, attoseconds) = instant.components
        if attoseconds < 0 {
            seconds -= 1
            attoseconds += 1_000_000_000_000_000_000
        }
        let days = (seconds - (seconds < 0 ? 86_399 : 0)) / 86_400
        let second = seconds - days * 86_400
        let (year, month, day) = civil(days)
        var text = "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T"
            + "\(digits(second / 3600, 2)):\(digits(second / 60 % 60, 2)):\(digits(second % 60, 2))"
        let nanoseconds = attoseconds / 1_000_000_000
        if nanoseconds > 0 {
            var fraction = digits(nanoseconds, 9)
            while fraction.last == "0" { fraction.removeLast() }
            text += ".\(fraction)"
        }
        return text + "Z"
    }

    private static func parse(_ text: String, zoneRequired: Bool) -> Duration? {
        let bytes = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        var index = 0
        func number(_ count: Int, in range: ClosedRange<Int64>) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
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
            let day = number(2, in: 1...31), day <= daysIn(month, of: year), literal("Tt"),
            let hour = number(2, in: 0...23), literal(":"), let minute = number(2, in: 0...59), literal(":"),
            let second = number(2, in: 0...60)
        else { return nil }
        var attoseconds: Int64 = 0
        if literal(".") {
            var scale: Int64 = 100_000_000_000_000_000
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                attoseconds += Int64(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset: Int64 = 0
        if index == bytes.count {
            guard !zoneRequired else { return nil }
        } else if !literal("Zz") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard literal("+-"), let hours = number(2, in: 0...23), literal(":"),
                let minutes = number(2, in: 0...59)
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        let seconds = days(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard seconds >= earliest, seconds < end else { return nil }
        return .seconds(seconds) + Duration(secondsComponent: 0, attosecondsComponent: attoseconds)
    }

    private static func daysIn(_ month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func days(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func digits(_ value: Int64, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(count - text.count, 0)) + text
    }
}
