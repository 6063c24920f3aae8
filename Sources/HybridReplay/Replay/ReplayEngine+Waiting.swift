/// The virtual clock: sleepers register with the engine before time moves,
/// and the scheduler moves time only while the implementation is idle.
extension ReplayEngine {
    var activity: Int { state.withLock { $0.work.activity } }

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
            if state.matcher.ended {
                // The replay is over and its clock stands still: the sleeper waits
                // on the replay for good, so the end of the run does not wait for it.
                state.work.beginWait(lease)
                return (nil, true)
            }
            guard deadline > state.clock.now else { return (nil, false) }
            return (state.clock.arrive(), false)
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
                let cancelled = Task.isCancelled
                let (waiter, outcome) = state.withLock { state -> ((@Sendable () -> Void)?, SleeperQueue.Registration) in
                    let outcome = state.clock.register(
                        id, until: deadline, continuation: continuation, tag: lease,
                        isCancelled: cancelled || state.matcher.ended)
                    guard outcome == .wait else { return (nil, outcome) }
                    state.work.beginWait(lease)
                    return (state.work.bump(), .wait)
                }
                waiter?()
                switch outcome {
                case .wait: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            // Not registered yet: the registration sees the cancellation and throws instead.
            let sleeper = state.withLock { state -> SleeperQueue.Sleeper? in
                guard let sleeper = state.clock.cancel(id) else { return nil }
                state.work.endWait(sleeper.tag)
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The earliest deadline anyone sleeps until: on the replay's clock, or
    /// in real time, held on it (see ``holdSleep(job:delay:)``).
    var earliestSleeper: Duration? {
        let onClock = state.withLock { $0.clock.earliestDeadline }
        guard let held = earliestHeldSleep else { return onClock }
        return onClock.map { min($0, held) } ?? held
    }

    /// Moves the virtual clock to the earliest deadline and wakes everyone
    /// sleeping until then, in deadline order, then registration order; a
    /// task asleep in real time, held on the clock, has its job handed over.
    func wakeEarliestSleepers() {
        guard let deadline = earliestSleeper else { return }
        let held = takeHeldSleeps(dueBy: deadline)
        let woken = state.withLock { state -> [SleeperQueue.Sleeper] in
            let due = state.clock.advance(to: deadline)
            for sleeper in due { state.work.endWait(sleeper.tag) }
            state.work.count()
            return due
        }
        for sleep in held { wake(sleep) }
        guard !woken.isEmpty else { return }
        resumingWork { for sleeper in woken { sleeper.continuation.resume() } }
    }

    /// Wakes the task asleep in real time with the earliest deadline, without
    /// moving the clock; returns whether there was one.
    func wakeEarliestHeldSleepInPlace() -> Bool {
        let sleep = unseen.withLock { unseen -> HeldSleep? in
            guard let earliest = unseen.heldSleeps.indices.min(by: { unseen.heldSleeps[$0].deadline < unseen.heldSleeps[$1].deadline })
            else { return nil }
            return unseen.heldSleeps.remove(at: earliest)
        }
        guard let sleep else { return false }
        state.withLock { $0.work.count() }
        wake(sleep)
        return true
    }

    /// Runs `body`, which resumes tasks of the implementation that waited on
    /// the replay, as tracked work: the job each is handed over as is then
    /// followed until it has run, so the run does not take a task it has just
    /// woken for one parked (see ``isParked()``) before that task has run.
    ///
    /// Only a run the runtime watch follows from its start asks whether its
    /// work is parked, and only there is a job handed over under a lease
    /// followed; elsewhere (`cassette verify`) `body` runs as it is: the
    /// lease would only count as activity, and the settling after it would
    /// pass the main queue again for nothing (a hand-off there and back at
    /// the end of every run).
    func resumingWork(_ body: () -> Void) {
        guard unseen.withLock({ $0.underRuntimeWatch }) else { return body() }
        withLease(body)
    }
}
