/// The virtual clock of a replay: sleeping on it returns as soon as the
/// replay reaches the deadline, so a session that spans ten minutes replays
/// in milliseconds.
public struct ReplayClock: Clock {
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

    public var now: Instant { Instant(offset: .seconds(engine.now)) }
    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await engine.sleep(until: deadline.offset.seconds)
    }
}
