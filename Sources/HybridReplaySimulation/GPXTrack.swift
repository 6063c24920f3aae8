import Foundation
import HybridReplay

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
    ///   - data: The document, in the encoding its XML declaration names (UTF-8 without one):
    ///     UTF-8, UTF-16, US-ASCII, ISO-8859-1 or windows-1252.
    ///   - name: What errors call the document, such as `cupertino-walk.gpx`.
    ///   - start: The time of the first point when it has no `<time>`.
    ///   - interval: The time from one point to the next untimed one; with a
    ///     zero or negative interval untimed points share a time or go back in
    ///     time, and ``SimulatedLocationManager/play(_:batchSize:clock:)`` does
    ///     not wait between them.
    /// - Throws: ``GPXError`` with the line and column of the problem: malformed
    ///   XML, an empty file, a root other than `<gpx>`, a point without a valid
    ///   `lat` or `lon`, an `<ele>`, `<speed>` or `<course>` that is not a
    ///   number, a `<time>` that is not a date, no point at all, an encoding
    ///   other than those above, bytes that are not text in it, or a NUL.
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
///
/// ``RFC3339`` does the reading and writing; this adds what GPX allows
/// beyond it: whitespace around the text and a time without a zone.
enum GPXTime {
    /// The instant a GPX `<time>` names, such as `2026-01-31T12:00:00.5Z`;
    /// an offset is allowed, and a time without a zone is UTC.
    static func instant(xml text: String) -> Duration? {
        RFC3339.dateTime(text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap(RFC3339.instant)
    }

    /// The instant an RFC 3339 timestamp names.
    static func instant(rfc3339 text: String) -> Duration? {
        guard let dateTime = RFC3339.dateTime(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            dateTime.offset != nil
        else { return nil }
        return RFC3339.instant(dateTime)
    }

    /// `date` to the microsecond, which is as far as its `Double` is exact today.
    static func instant(_ date: Date) -> Duration? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds >= Double(RFC3339.writableSeconds.lowerBound),
            seconds < Double(RFC3339.writableSeconds.upperBound)
        else { return nil }
        return .microseconds(Int64((seconds * 1_000_000).rounded()))
    }

    /// The RFC 3339 text of `instant` in UTC, with as many fraction digits as
    /// it needs up to nanoseconds, or `nil` outside the years 0000 to 9999.
    static func text(_ instant: Duration) -> String? { RFC3339.string(instant) }
}
