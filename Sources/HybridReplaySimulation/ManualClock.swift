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

    /// The time the clock shows, as an offset from its creation, and the tasks sleeping on it.
    private let state: Locked<SleeperQueue>

    /// Creates a clock that shows `offset` until it is advanced.
    ///
    /// - Parameter offset: Where the clock starts; zero by default.
    public init(startingAt offset: Duration = .zero) {
        state = Locked(SleeperQueue(now: offset))
    }

    public var now: Instant { Instant(offset: state.withLock { $0.now }) }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many sleepers wait for the clock to move, so a test can know a
    /// sleeper has registered instead of sleeping in real time for it.
    package var sleeperCount: Int { state.withLock { $0.count } }

    /// Wakes ``waitForSleepers(count:patience:)`` when a sleeper registers.
    private let waiters = ConditionWaiters()

    /// Waits until `count` tasks sleep on the clock, for a drive that must
    /// not move time before the app's task has reached its sleep: a debounce
    /// that sleeps after each keystroke, a poll that sleeps between requests.
    /// Advancing first would move the clock past a deadline not yet set,
    /// and the sleep would then wait for the next advance.
    ///
    /// - Parameters:
    ///   - count: How many sleepers, counting those asleep before the call.
    ///   - patience: How long to wait in real time before giving up.
    /// - Throws: ``WaitTimeout`` saying how many sleep when they do not come in
    ///   time; `CancellationError` when the task is cancelled.
    public func waitForSleepers(count: Int = 1, patience: Duration = WaitTimeout.defaultPatience) async throws {
        try await waiters.wait(
            for: "\(count) task\(count == 1 ? "" : "s") sleeping on the clock", patience: patience,
            progress: { [self] in "asleep now: \(sleeperCount)" },
            until: { [self] in sleeperCount >= count ? () : nil })
    }

    /// Moves the clock forward and wakes every sleeper whose deadline it reaches, earliest first.
    ///
    /// - Parameter duration: How far to move; a negative duration leaves the
    ///   clock where it is, since time on this clock never runs backwards.
    public func advance(by duration: Duration) {
        let woken = state.withLock { queue in
            queue.advance(to: duration > .zero ? queue.now + duration : queue.now)
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Suspends until the clock is advanced to or past `deadline`.
    ///
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { $0.arrive() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                switch state.withLock({ $0.register(id, until: deadline.offset, continuation: continuation) }) {
                case .wait: waiters.changed()
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            // Not registered yet: the registration sees the cancellation and throws. Already woken: nothing to do.
            state.withLock { $0.cancel(id) }?.continuation.resume(throwing: CancellationError())
        }
    }
}
