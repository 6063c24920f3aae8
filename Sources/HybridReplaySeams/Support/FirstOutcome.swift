/// The first of the outcomes racing to end one wait — an answer, a timeout,
/// a cancellation — delivered once, whether the wait began before or after it.
///
/// Whoever has an outcome calls ``finish(_:)``; only the first call counts,
/// so a late answer is dropped, as `URLSession` drops a completion handler
/// called after its task ended. One task waits, with ``outcome(patience:timedOut:cancelled:)``
/// or ``outcome(within:orTimeout:orCancellation:)``.
package final class FirstOutcome<Outcome: Sendable>: Sendable {
    private struct State {
        var outcome: Outcome?
        var continuation: CheckedContinuation<Outcome, Never>?
    }

    private let state = Locked(State())

    package init() {}

    /// Ends the wait with `outcome`, unless it has ended already.
    ///
    /// - Parameter outcome: What the wait returns.
    /// - Returns: Whether this call ended the wait.
    @discardableResult
    package func finish(_ outcome: Outcome) -> Bool {
        finishOrEarlier(outcome) == nil
    }

    /// Ends the wait with `outcome`, unless it has ended already.
    ///
    /// - Parameter outcome: What the wait returns.
    /// - Returns: `nil` when this call ended the wait, else the outcome that had ended it.
    package func finishOrEarlier(_ outcome: Outcome) -> Outcome? {
        let (earlier, waiting) = state.withLock { state -> (Outcome?, CheckedContinuation<Outcome, Never>?) in
            if let earlier = state.outcome { return (earlier, nil) }
            state.outcome = outcome
            defer { state.continuation = nil }
            return (nil, state.continuation)
        }
        waiting?.resume(returning: outcome)
        return earlier
    }

    /// Waits for the first outcome, calling `timedOut` when `patience` runs out
    /// in real time and `cancelled` when the waiting task is cancelled.
    ///
    /// Each of the two is to end the wait, with ``finish(_:)`` directly or
    /// through the owner's own bookkeeping, such as taking a waiter off a list
    /// first so that nothing claims a value for a wait that is over.
    ///
    /// - Parameters:
    ///   - patience: How long to wait before `timedOut` is called; `nil` for no limit.
    ///   - timedOut: Called once if `patience` runs out before the wait ends.
    ///   - cancelled: Called if the task is cancelled before the wait ends.
    ///   - start: Called on the waiting task once the wait is registered, unless
    ///     it has ended already: where the caller hands out what will answer it,
    ///     so an answer given at once is not lost and comes in the order asked.
    /// - Returns: The outcome given to the first call of ``finish(_:)``.
    package func outcome(
        patience: Duration?, timedOut: @escaping @Sendable () -> Void, cancelled: @escaping @Sendable () -> Void,
        start: () -> Void = {}
    ) async -> Outcome {
        let timer = patience.map { patience in
            Task {
                guard (try? await Task.sleep(for: patience)) != nil else { return }
                timedOut()
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let outcome = state.withLock { state in
                    if state.outcome == nil { state.continuation = continuation }
                    return state.outcome
                }
                if let outcome {
                    continuation.resume(returning: outcome)
                } else {
                    start()
                }
            }
        } onCancel: {
            cancelled()
        }
    }

    /// Waits for the first of an answer given to ``finish(_:)``, `patience`
    /// running out and the task's cancellation.
    ///
    /// - Parameters:
    ///   - patience: How long to wait in real time.
    ///   - timeout: The outcome when `patience` runs out first.
    ///   - cancellation: The outcome when the task is cancelled first.
    /// - Returns: The first outcome.
    package func outcome(within patience: Duration, orTimeout timeout: Outcome, orCancellation cancellation: Outcome)
        async -> Outcome
    {
        await outcome(
            patience: patience, timedOut: { [self] in finish(timeout) }, cancelled: { [self] in finish(cancellation) })
    }
}
