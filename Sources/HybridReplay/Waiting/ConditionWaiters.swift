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
        var continuation: CheckedContinuation<any Sendable, any Error>
    }

    private struct State {
        var waiters: [Int: Waiter] = [:]
        /// Waits between taking an id and registering their continuation.
        var arriving: Set<Int> = []
        /// How arriving waits ended before they registered: timed out or cancelled.
        var endedEarly: [Int: Result<any Sendable, any Error>] = [:]
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
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            state.arriving.insert(state.nextID)
            return state.nextID
        }
        let timer = Task { [self] in
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            end(id, with: .failure(WaitTimeout(awaited: awaited, patience: patience, progress: progress())))
        }
        defer { timer.cancel() }
        let value = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
                let early: Result<any Sendable, any Error>? = state.withLock { state in
                    state.arriving.remove(id)
                    if let ending = state.endedEarly.removeValue(forKey: id) { return ending }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if let value = check() { return .success(value) }
                    state.waiters[id] = Waiter(check: { check() }, continuation: continuation)
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            end(id, with: .failure(CancellationError()))
        }
        // Only `check` produces values, so this cast always succeeds.
        guard let value = value as? Value else { throw CancellationError() }
        return value
    }

    /// Checks every waiter again, and wakes those whose condition now holds.
    package func changed() {
        let woken = state.withLock { state -> [(CheckedContinuation<any Sendable, any Error>, any Sendable)] in
            var woken: [(CheckedContinuation<any Sendable, any Error>, any Sendable)] = []
            for id in state.waiters.keys.sorted() {
                guard let waiter = state.waiters[id], let value = waiter.check() else { continue }
                state.waiters[id] = nil
                woken.append((waiter.continuation, value))
            }
            return woken
        }
        for (continuation, value) in woken { continuation.resume(returning: value) }
    }

    /// Ends wait `id` with `result`, unless it has ended already.
    private func end(_ id: Int, with result: Result<any Sendable, any Error>) {
        let waiter = state.withLock { state -> Waiter? in
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
            // Not registered yet: registering sees the ending. Already over: nothing to do.
            if state.arriving.contains(id) { state.endedEarly[id] = result }
            return nil
        }
        waiter?.continuation.resume(with: result)
    }
}
