import HybridReplay

/// A clock that stands still until it is told to move, so that a recording
/// made against it has exactly the times the test or generator chose.
///
/// Hand it to a ``Recorder`` and to the simulated platform, then move it
/// between stimuli with ``advance(by:)``: an event recorded in between is
/// stamped with the time the clock shows, whatever the machine's load.
/// Code that sleeps on it wakes when the clock is moved to or past its
/// deadline, in deadline order, and never in real time.
///
/// ```swift
/// let clock = ManualClock()
/// let recorder = Recorder(name: "bridge-echo", clock: clock)
/// // … post a message …
/// clock.advance(by: .milliseconds(120))
/// // … the response arrives 0.12 s later …
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point on the clock's timeline: the time since it was created.
    public struct Instant: InstantProtocol {
        /// The time since the clock was created.
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// A task sleeping until a deadline.
    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var sleepers: [Int: Sleeper] = [:]
        /// Sleepers between taking an id and registering their continuation.
        var arriving: Set<Int> = []
        /// Arriving sleepers whose task was cancelled meanwhile.
        var cancelled: Set<Int> = []
        var nextSleeper = 0
    }

    private let state: Locked<State>

    /// Creates a clock that shows `offset` until it is advanced.
    ///
    /// - Parameter offset: Where the clock starts; zero by default.
    public init(startingAt offset: Duration = .zero) {
        state = Locked(State(now: Instant(offset: offset)))
    }

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many sleepers wait for the clock to move, so a test can know a
    /// sleeper has registered instead of sleeping in real time for it.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves the clock forward and wakes every sleeper whose deadline it reaches, earliest first.
    ///
    /// - Parameter duration: How far to move; a negative duration leaves the
    ///   clock where it is, since time on this clock never runs backwards.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            if duration > .zero { state.now = state.now.advanced(by: duration) }
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }.sorted { first, second in
                first.value.deadline == second.value.deadline
                    ? first.key < second.key : first.value.deadline < second.value.deadline
            }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value)
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Suspends until the clock is advanced to or past `deadline`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> Int in
            defer { state.nextSleeper += 1 }
            state.arriving.insert(state.nextSleeper)
            return state.nextSleeper
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ending: Result<Void, any Error>? = state.withLock { state in
                    state.arriving.remove(id)
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let ending { continuation.resume(with: ending) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                // Not registered yet: the continuation sees the mark and throws. Already woken: nothing to do.
                if state.arriving.contains(id) { state.cancelled.insert(id) }
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
