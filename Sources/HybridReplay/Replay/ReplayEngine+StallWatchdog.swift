import Dispatch

/// The stall timeout's one timer: a task that wakes at the deadline of the
/// scheduler's wait and ends the wait there if nothing has happened.
///
/// A timer per wait would start a task and cancel it again for nearly every
/// effect, two thread hand-offs each time. Deadlines only move later, so one
/// task that sleeps until the current waiter's deadline, and sleeps again
/// when it finds that the deadline has moved on, does the same with a few
/// wake-ups per stall timeout.
///
/// The stall timeout counts only time in which the implementation could have
/// run. The watchdog wakes every tenth of it and hands the main queue a probe
/// block: when it wakes late, the executors were busy with other work (other
/// tests, other processes, a sanitizer); when its last probe has not run,
/// the main queue was. Either way that time does not count, so a correct
/// implementation on a starved machine is waited for, not reported stalled.
extension ReplayEngine {
    /// The most the stall timeout is drawn out by time the executors were
    /// busy elsewhere, as a multiple of it: a main thread blocked for good is
    /// still reported, after this many stall timeouts.
    static let mostStarvedStallTimeouts = 15

    /// Starts the watchdog, first waking at `deadline`, in place of any that runs.
    func watchStall(from deadline: ContinuousClock.Instant) {
        let id = state.withLock { $0.work.token() }
        let tick = options.stallTimeout / 10
        let task = ReplayContext.$isEngineWork.withValue(true) {
            Task {
                self.markEngineTask()
                defer { self.unmarkEngineTask() }
                var wake = deadline
                var ticked = ContinuousClock.now
                var probe = MainQueueProbe()
                while !Task.isCancelled {
                    let target = min(wake, ticked.advanced(by: tick))
                    try? await Task.sleep(until: target, clock: .continuous)
                    guard !Task.isCancelled else { return }
                    let now = ContinuousClock.now
                    // Woken late: the executors ran other work meanwhile.
                    var starved = max(.zero, target.duration(to: now))
                    if probe.ran {
                        probe = MainQueueProbe()
                    } else {
                        // The main queue ran nothing since the last tick, not even the probe.
                        starved = ticked.duration(to: now)
                    }
                    ticked = now
                    guard let next = self.expireWaiter(at: now, watchdog: id, starved: starved) else { return }
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
    private func expireWaiter(at now: ContinuousClock.Instant, watchdog id: Int, starved: Duration)
        -> ContinuousClock.Instant?
    {
        let (next, stalled) = state.withLock {
            $0.work.expireWaiter(
                at: now, watchdog: id, stallTimeout: options.stallTimeout, starved: starved,
                mostStarved: options.stallTimeout * Self.mostStarvedStallTimeouts)
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

/// A block handed to the main queue, which notes when it has run.
private struct MainQueueProbe: Sendable {
    private let done = Locked(false)

    init() {
        let done = done
        // The replay's own block, which the count of main-queue blocks leaves out.
        RuntimeWatch.current.leavingUncounted { DispatchQueue.main.async { done.withLock { $0 = true } } }
    }

    var ran: Bool { done.current }
}
