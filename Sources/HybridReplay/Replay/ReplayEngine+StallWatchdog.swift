/// The stall timeout's one timer: a task that wakes at the deadline of the
/// scheduler's wait and ends the wait there if nothing has happened.
///
/// A timer per wait would start a task and cancel it again for nearly every
/// effect, two thread hand-offs each time. Deadlines only move later, so one
/// task that sleeps until the current waiter's deadline, and sleeps again
/// when it finds that the deadline has moved on, does the same with a wake-up
/// per stall timeout at most.
extension ReplayEngine {
    /// Starts the watchdog, first waking at `deadline`, in place of any that runs.
    func watchStall(from deadline: ContinuousClock.Instant) {
        let id = state.withLock { $0.work.token() }
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
            let previous = state.work.watchdog?.task
            state.work.watchdog = ReplayWorkTracker.Watchdog(id: id, task: task, wakes: deadline)
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
        let (next, stalled) = state.withLock {
            $0.work.expireWaiter(at: now, watchdog: id, stallTimeout: options.stallTimeout)
        }
        stalled?.resume(returning: .busy)
        return next
    }

    /// Stops the watchdog when the run is over.
    func stopWatchingStalls() {
        state.withLock { state in
            defer { state.work.watchdog = nil }
            return state.work.watchdog?.task
        }?.cancel()
    }
}
