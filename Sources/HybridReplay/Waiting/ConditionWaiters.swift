/// Tasks waiting for a condition on an owner's state, woken when the owner
/// says that state changed, each within its own bounded patience.
///
/// The owner keeps its state behind its own lock; a waiter's `check` reads
/// it (and may claim what it finds, such as a held request) and returns a
/// value once the condition holds. Checks run under this list's lock, so a
/// check and the removal of its waiter are one step: two waiters never
/// claim the same thing, and a continuation is resumed exactly once. The
/// owner calls ``changed()`` after every change, outside its own lock.
///
/// Nothing polls: a wait ends at the change that satisfies it, when its
/// task is cancelled, or when its patience runs out in real time.
package final class ConditionWaiters: Sendable {
    private struct Waiter {
        var check: @Sendable () -> (any Sendable)?
        var outcome: FirstOutcome<Result<any Sendable, any Error>>
    }

    private struct State {
        var waiters: [Int: Waiter] = [:]
        var nextID = 0
    }

    private let state = Locked(State())

    package init() {}

    /// Waits until `check` returns a value, checking now and after every ``changed()``.
    ///
    /// - Parameters:
    ///   - awaited: What is awaited, for the error: `2 javascript.result events`.
    ///   - patience: How long to wait in real time before giving up.
    ///   - progress: What has happened so far, for the error; called only when the wait times out.
    ///   - check: Returns the value the wait ends with once the condition holds, else `nil`.
    ///     It must not block or call out to app code.
    /// - Returns: What `check` returned.
    /// - Throws: ``WaitTimeout`` when `patience` runs out first; `CancellationError`
    ///   when the task is cancelled first.
    package func wait<Value: Sendable>(
        for awaited: String, patience: Duration, progress: @escaping @Sendable () -> String,
        until check: @escaping @Sendable () -> Value?
    ) async throws -> Value {
        let outcome = FirstOutcome<Result<any Sendable, any Error>>()
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            if Task.isCancelled {
                outcome.finish(.failure(CancellationError()))
            } else if let value = check() {
                outcome.finish(.success(value))
            } else {
                state.waiters[state.nextID] = Waiter(check: { check() }, outcome: outcome)
            }
            return state.nextID
        }
        // A timeout or a cancellation first takes the waiter off the list, so no check claims a value for it.
        let result = await outcome.outcome(
            patience: patience,
            timedOut: { [self] in
                end(id, with: .failure(WaitTimeout(awaited: awaited, patience: patience, progress: progress())))
            },
            cancelled: { [self] in end(id, with: .failure(CancellationError())) })
        // Only `check` produces values, so this cast always succeeds.
        guard let value = try result.get() as? Value else { throw CancellationError() }
        return value
    }

    /// Checks every waiter again, and wakes those whose condition now holds.
    package func changed() {
        let woken = state.withLock { state -> [(Waiter, any Sendable)] in
            var woken: [(Waiter, any Sendable)] = []
            for id in state.waiters.keys.sorted() {
                guard let waiter = state.waiters[id], let value = waiter.check() else { continue }
                state.waiters[id] = nil
                woken.append((waiter, value))
            }
            return woken
        }
        for (waiter, value) in woken { waiter.outcome.finish(.success(value)) }
    }

    /// Ends wait `id` with `result`, unless a change has woken it already.
    private func end(_ id: Int, with result: Result<any Sendable, any Error>) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.outcome.finish(result)
    }
}
