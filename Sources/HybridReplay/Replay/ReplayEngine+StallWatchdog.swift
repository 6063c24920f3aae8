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
/// run. The watchdog wakes every tenth of it and hands a probe (see
/// ``ExecutorProbe``) to every executor the implementation's work runs on:
/// the main queue, and the global executor at each priority the replay's work
/// has run at and at the default one, where a `Task.detached` runs. Time
/// until the slowest probe ran, and time the watchdog woke late, the
/// executors spent on other work (other tests, other processes, a sanitizer
/// slowing all of them); a probe that has not run held its executor for the
/// whole tick. That time does not count, so a correct implementation on a
/// starved machine is waited for, not reported stalled, while work the
/// replay cannot see that runs, sleeps or waits in real time on executors
/// that are free still uses the timeout up.
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
                var probes = self.probeExecutors()
                while !Task.isCancelled {
                    let target = min(wake, ticked.advanced(by: tick))
                    try? await Task.sleep(until: target, clock: .continuous)
                    guard !Task.isCancelled else { return }
                    let now = ContinuousClock.now
                    let starved = ReplayWorkTracker.starvedTime(
                        tick: ticked.duration(to: now), late: target.duration(to: now), heldBack: probes.map(\.heldBack))
                    // A probe still waiting is not handed over again: one per executor is enough to see it run.
                    if probes.allSatisfy({ $0.heldBack != nil }) { probes = self.probeExecutors() }
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

    /// Hands a probe to the main queue and to the global executor at each
    /// priority the implementation's work has run at, and at the default one.
    private func probeExecutors() -> [ExecutorProbe] {
        let priorities = state.withLock { $0.work.workPriorities }.union([TaskPriority.medium.rawValue])
        return [.mainQueue()] + priorities.sorted().map { .globalExecutor(priority: TaskPriority(rawValue: $0)) }
    }

    /// Stops the watchdog when the run is over.
    func stopWatchingStalls() {
        state.withLock { state in
            defer { state.work.watchdog = nil }
            return state.work.watchdog?.task
        }?.cancel()
    }
}

