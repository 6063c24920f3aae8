/// The stall timeout's one timer: a task that wakes at the deadline of the
/// scheduler's wait and ends the wait there if nothing has happened.
///
/// A timer per wait would start a task and cancel it again for nearly every
/// effect, two thread hand-offs each time. Deadlines only move later, so one
/// task that sleeps until the current waiter's deadline, and sleeps again
/// when it finds that the deadline has moved on, does the same with a wake-up
/// per stall timeout at most.
extension ReplayEngine {
    /// Whether a watchdog must start for a wait ending at `deadline`: none runs,
    /// or the one that runs wakes too late for it.
    func needsWatchdog(until deadline: ContinuousClock.Instant, _ state: State) -> Bool {
        guard let watchdog = state.watchdog else { return true }
        return watchdog.wakes > deadline
    }

    /// Starts the watchdog, first waking at `deadline`, in place of any that runs.
    func watchStall(from deadline: ContinuousClock.Instant) {
        let id = state.withLock { state in
            state.nextToken += 1
            return state.nextToken
        }
        let task = ReplayContext.$isEngineWork.withValue(true) {
            Task {
            self.markEngineTask()
            var wake = deadline
            while !Task.isCancelled {
                try? await Task.sleep(until: wake, clock: .continuous)
                guard !Task.isCancelled, let next = self.expireWaiter(at: ContinuousClock.now, watchdog: id) else { return }
                wake = next
            }
            }
        }
        let replaced = state.withLock { state -> Task<Void, Never>? in
            let previous = state.watchdog?.task
            state.watchdog = (id, task, deadline)
            return previous
        }
        replaced?.cancel()
    }

    /// Ends the wait whose deadline passed, or moves its deadline on when
    /// the implementation made progress meanwhile.
    ///
    /// - Returns: When the watchdog should wake next; `nil` when it stops,
    ///   as it does with no wait left to watch.
    private func expireWaiter(at now: ContinuousClock.Instant, watchdog id: Int) -> ContinuousClock.Instant? {
        let (next, stalled) = state.withLock { state -> (ContinuousClock.Instant?, CheckedContinuation<Wait, Never>?) in
            // A watchdog that was replaced stops; the one that replaced it watches.
            guard state.watchdog?.id == id else { return (nil, nil) }
            guard var waiter = state.activityWaiter else {
                state.watchdog = nil
                return (nil, nil)
            }
            if waiter.deadline > now {
                state.watchdog?.wakes = waiter.deadline
                return (waiter.deadline, nil)
            }
            if waiter.restartsOnActivity, state.activity != waiter.seen {
                // The implementation made progress the scheduler had no reason to wake for:
                // the stall timeout counts from now.
                waiter.seen = state.activity
                waiter.deadline = now.advanced(by: options.stallTimeout)
                state.activityWaiter = waiter
                state.watchdog?.wakes = waiter.deadline
                return (waiter.deadline, nil)
            }
            state.activityWaiter = nil
            state.stalled = true
            state.watchdog = nil
            return (nil, waiter.continuation)
        }
        stalled?.resume(returning: .busy)
        return next
    }

    /// Stops the watchdog when the run is over.
    func stopWatchingStalls() {
        state.withLock { state in
            defer { state.watchdog = nil }
            return state.watchdog?.task
        }?.cancel()
    }
}
