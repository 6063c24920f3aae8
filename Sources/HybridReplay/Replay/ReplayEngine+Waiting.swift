/// The virtual clock: sleepers register with the engine before time moves,
/// and the scheduler moves time only while the implementation is idle.
extension ReplayEngine {
    var activity: Int { state.withLock { $0.activity } }

    /// Suspends until the virtual clock reaches `deadline`.
    ///
    /// The sleeper is registered before this returns control to the
    /// scheduler, and the work that sleeps counts as waiting on the replay.
    ///
    /// - Throws: `CancellationError` when the task is cancelled, or when the
    ///   run ends while it sleeps.
    func sleep(until deadline: Duration) async throws {
        let lease = currentLease
        if lease != nil { claimCurrentTask() }
        let (id, ended) = state.withLock { state -> (Int?, Bool) in
            if state.ended {
                // The replay is over and its clock stands still: the sleeper waits
                // on the replay for good, so the end of the run does not wait for it.
                Self.beginWait(lease, &state)
                return (nil, true)
            }
            guard deadline > state.now else { return (nil, false) }
            state.nextToken += 1
            return (state.nextToken, false)
        }
        if ended {
            // A polling loop parks here until its task is cancelled, instead of spinning.
            try await Task.sleep(for: .seconds(365 * 24 * 3600))
            return
        }
        guard let id else {
            try Task.checkCancellation()
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case wait, wake, cancel }
                let cancelled = Task.isCancelled
                let (waiter, outcome) = state.withLock { state -> ((@Sendable () -> Void)?, Outcome) in
                    if cancelled || state.cancelledSleepers.remove(id) != nil || state.ended { return (nil, .cancel) }
                    if deadline <= state.now { return (nil, .wake) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation, lease: lease))
                    Self.beginWait(lease, &state)
                    return (Self.bumpActivity(&state), .wait)
                }
                waiter?()
                switch outcome {
                case .wait: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    // Not registered yet: the registration sees this and throws instead.
                    state.cancelledSleepers.insert(id)
                    return nil
                }
                let sleeper = state.sleepers.remove(at: index)
                Self.endWait(sleeper.lease, &state)
                return sleeper.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// The earliest deadline anyone sleeps until.
    var earliestSleeper: Duration? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Moves the virtual clock to the earliest deadline and wakes everyone
    /// sleeping until then, in deadline order, then registration order.
    func wakeEarliestSleepers() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            guard let deadline = state.sleepers.map(\.deadline).min() else { return [] }
            state.now = max(state.now, deadline)
            let due = state.sleepers.filter { $0.deadline <= deadline }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            state.sleepers.removeAll { $0.deadline <= deadline }
            for sleeper in due { Self.endWait(sleeper.lease, &state) }
            state.activity += 1
            return due.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }
}
