import Foundation

/// The virtual clock of a replay: sleeping on it returns as soon as the
/// replay reaches the deadline, so a session that spans ten minutes replays
/// in milliseconds.
///
/// Time is an exact `Duration`; a cassette's `at` (seconds, recorded to the
/// microsecond) is read as a whole number of microseconds, so ties compare
/// exactly: a sleeper due before a stimulus wakes first, one due at the same
/// instant wakes after it, since its effects were recorded later.
public struct ReplayClock: Clock {
    /// Where a replay's wall clock starts when the cassette has no `recordedAt`
    /// (its recording never read the date): 2026-01-01T00:00:00Z, as a simulated platform's.
    public static let startDate = Date(timeIntervalSince1970: 1_767_225_600)

    /// A point on the replay's timeline, measured from the start of the cassette.
    public struct Instant: InstantProtocol {
        /// The time since the start of the cassette.
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let engine: ReplayEngine

    public var now: Instant { Instant(offset: engine.now) }
    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await engine.sleep(until: deadline.offset)
    }
}

extension Event {
    /// The event's `at` on the replay's clock: whole microseconds, as the recorder rounds them.
    ///
    /// A time past what `Duration` microseconds hold (about 292,000 years) or
    /// not finite — which validation reports, but an unvalidated cassette may
    /// carry — is clamped instead of trapping.
    var time: Duration {
        let microseconds = (at * 1_000_000).rounded()
        if let exact = Int64(exactly: microseconds) { return .microseconds(exact) }
        return microseconds < 0 ? .zero : .microseconds(Int64.max)
    }
}
