import HybridReplay

/// Waits for the one answer app code owes a completion handler, such as a
/// navigation decision or a script-message reply, without ever hanging.
///
/// The first answer wins. Answers after it, and answers after the wait gave up,
/// are refused so the caller can report them as misuse; a continuation is
/// resumed exactly once, whatever app code does.
final class SimulationGate<Value: Sendable>: Sendable {
    /// How a wait ended.
    enum Ending: Sendable {
        /// App code answered.
        case value(Value)
        /// App code did not answer within the timeout.
        case timedOut(Duration)
        /// The waiting task was cancelled.
        case cancelled
    }

    /// Whether an answer settled the wait.
    enum Acceptance: Sendable {
        case accepted
        /// The wait had already ended, as `earlier` says.
        case refused(earlier: Ending)
    }

    private let first = FirstOutcome<Ending>()

    init() {}

    /// Calls `start` on the caller's task and waits until something settles the gate.
    ///
    /// `start` runs synchronously, before the wait suspends, so app code
    /// receives the stimulus in the order the test drove it.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for an answer.
    ///   - start: Hands app code the completion handler that calls ``settle(_:)``.
    /// - Returns: The first answer, or why none came.
    func wait(timeout: Duration, start: () -> Void) async -> Ending {
        await first.outcome(
            patience: timeout, timedOut: { [self] in settle(.timedOut(timeout)) },
            cancelled: { [self] in settle(.cancelled) }, start: start)
    }

    /// Ends the wait with `ending`, unless it has already ended.
    ///
    /// - Parameter ending: The answer, a timeout or a cancellation.
    /// - Returns: Whether `ending` settled the wait, or what had settled it before.
    @discardableResult
    func settle(_ ending: Ending) -> Acceptance {
        guard let earlier = first.finishOrEarlier(ending) else { return .accepted }
        return .refused(earlier: earlier)
    }
}
