/// Waiting for the implementation: activity, quiescence and the virtual clock.
extension ReplayEngine {
    var activity: Int { state.withLock { $0.activity } }

    /// Waits until something happens after `seen`, or `timeout` of real time
    /// passes; returns whether something happened.
    func waitForActivity(since seen: Int, timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let token: Int? = state.withLock { state in
                if state.activity != seen || state.stopped { return nil }
                state.nextToken += 1
                state.activityWaiter = (state.nextToken, continuation, nil)
                return state.nextToken
            }
            guard let token else { return continuation.resume(returning: true) }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                self.expireWaiter(token)
            }
            let expired = state.withLock { state -> Bool in
                guard state.activityWaiter?.token == token else { return true }
                state.activityWaiter?.timer = timer
                return false
            }
            if expired { timer.cancel() }
        }
    }

    private func expireWaiter(_ token: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.activityWaiter, waiter.token == token else { return nil }
            state.activityWaiter = nil
            return waiter.continuation
        }
        continuation?.resume(returning: false)
    }

    /// Lets tasks the implementation just started run, without waiting in
    /// real time: enough for a timer started by the last stimulus to register
    /// before the clock moves to the next one.
    func yieldUntilStill() async {
        for _ in 0..<8 {
            let seen = activity
            for _ in 0..<20 { await Task.yield() }
            if activity == seen { return }
        }
    }

    /// Lets the implementation run until it has been quiet for `quiet` (the
    /// quiet period unless told), or until the stall timeout passes while it keeps busy.
    func settle(quiet: Duration? = nil) async {
        let quiet = quiet ?? options.quietPeriod
        let clock = ContinuousClock()
        let giveUp = clock.now.advanced(by: options.stallTimeout)
        var seen = activity
        while clock.now < giveUp {
            for _ in 0..<20 { await Task.yield() }
            if activity != seen {
                seen = activity
                continue
            }
            guard await waitForActivity(since: seen, timeout: quiet) else { return }
            if isStopped { return }
            seen = activity
        }
    }

    // MARK: Virtual clock

    /// Suspends until the virtual clock reaches `deadline` seconds.
    ///
    /// - Throws: `CancellationError` when the task is cancelled, or when the
    ///   run ends while it sleeps.
    func sleep(until deadline: Double) async throws {
        let (id, ended) = state.withLock { state -> (Int?, Bool) in
            if state.ended { return (nil, true) }
            guard deadline > state.now else { return (nil, false) }
            state.nextToken += 1
            return (state.nextToken, false)
        }
        if ended {
            // The replay is over and its clock stands still: a polling loop parks
            // here until its task is cancelled, instead of spinning.
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
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
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
                return state.sleepers.remove(at: index).continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// The earliest deadline anyone sleeps until.
    var earliestSleeper: Double? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Moves the virtual clock to the earliest deadline and wakes everyone sleeping until then.
    func wakeEarliestSleepers() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            guard let deadline = state.sleepers.map(\.deadline).min() else { return [] }
            state.now = max(state.now, deadline)
            let due = state.sleepers.filter { $0.deadline <= deadline }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            state.sleepers.removeAll { $0.deadline <= deadline }
            state.activity += 1
            return due.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }
}


extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
