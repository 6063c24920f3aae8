import Dispatch

/// A job the stall watchdog hands to an executor the implementation's work
/// runs on, which notes when it has run: how long the executor held it back
/// is how long work handed to it at the same moment waited its turn.
///
/// The watchdog hands one to the main queue and one to the global executor
/// at each priority the replay's work has run at (see
/// ``StallWatchdog``). On Linux the concurrency runtime runs
/// each priority's jobs on a Dispatch queue as wide as the machine has cores,
/// so two long jobs of other code — tests beside this one, slowed several
/// times by a sanitizer — hold back every task of the implementation at that
/// priority while the main queue and the watchdog, at another, run on time.
struct ExecutorProbe: Sendable {
    /// When it was handed over.
    let handedOver = ContinuousClock.now
    private let ran = Locked<ContinuousClock.Instant?>(nil)

    private init() {}

    /// A block on the main queue, left out of the count of main-queue blocks.
    static func mainQueue() -> ExecutorProbe {
        let probe = ExecutorProbe()
        let ran = probe.ran
        // The replay's own block, which the count of main-queue blocks leaves out.
        RuntimeWatch.current.leavingUncounted {
            DispatchQueue.main.async { ran.withLock { $0 = ContinuousClock.now } }
        }
        return probe
    }

    /// A job on the global executor at `priority`, the queue a task of the
    /// implementation at that priority waits in.
    static func globalExecutor(priority: TaskPriority) -> ExecutorProbe {
        let probe = ExecutorProbe()
        let ran = probe.ran
        // No lease: the probe is the engine's, not work of the implementation the replay must follow.
        ReplayContext.$lease.withValue(nil) {
            ReplayContext.$isEngineWork.withValue(true) {
                _ = Task.detached(priority: priority) { ran.withLock { $0 = ContinuousClock.now } }
            }
        }
        return probe
    }

    /// How long the executor held it back, or `nil` while it has not run.
    var heldBack: Duration? { ran.current.map { handedOver.duration(to: $0) } }
}

/// What the stall watchdog learned in one tick: when its probes went out,
/// when it asked to wake, and how long each executor held its probe back.
///
/// A plain value, so the accounting below runs the same on a fake tick in a
/// test as on the watchdog's own.
struct WatchdogTick: Sendable {
    /// When the probes were handed over: the tick began.
    var began: ContinuousClock.Instant
    /// When the watchdog asked to wake.
    var due: ContinuousClock.Instant
    /// How long the main queue held its probe back; `nil` while it has not run.
    var mainQueue: Duration?
    /// How long the global executor at each priority (a raw `TaskPriority`)
    /// held its probe back; `nil` for one that has not run.
    var globalExecutor: [UInt8: Duration?]
}

extension ReplayWorkTracker {
    /// How much of one tick of the stall watchdog the implementation's
    /// executors spent on other work, so that the stall timeout does not count it.
    ///
    /// The probes went out as the tick began and the watchdog woke `late` at
    /// its end: the executors were busy elsewhere from the start of the tick
    /// until the slowest probe ran, and from when the watchdog was due until
    /// it woke. A probe that has not run held its executor's work back for
    /// the whole tick.
    ///
    /// - Parameters:
    ///   - tick: The tick's length in real time.
    ///   - late: How much later than asked the watchdog woke.
    ///   - heldBack: How long each probe of the tick was held back; `nil` for one that has not run.
    /// - Returns: The starved part of the tick, at most `tick`.
    static func starvedTime(tick: Duration, late: Duration, heldBack: [Duration?]) -> Duration {
        var longest = Duration.zero
        for held in heldBack {
            guard let held else { return tick }
            longest = max(longest, held)
        }
        return min(tick, longest + max(.zero, late))
    }

    /// How much of `tick`, which ended at `now`, this run's implementation
    /// could not run because its executors ran other work.
    ///
    /// The main queue's probe counts always, and so does the watchdog's
    /// lateness. A global-executor probe counts only at a priority this run's
    /// work runs at (or the default one), and only when `queuedGlobalWork`:
    /// the run had tracked work handed to an executor that had not run yet,
    /// the work the replay is waiting for. A run whose own work is not queued
    /// — it waits for an effect that never comes, or for work it cannot see —
    /// loses nothing to other code's jobs on those executors, and is judged
    /// on time.
    ///
    /// - Parameter since: When this run began to be watched, if during the
    ///   tick: what happened before does not count for it.
    func starvedTime(
        in tick: WatchdogTick, endingAt now: ContinuousClock.Instant, queuedGlobalWork: Bool,
        since: ContinuousClock.Instant? = nil
    ) -> Duration {
        var heldBack: [Duration?] = [tick.mainQueue]
        if queuedGlobalWork {
            let priorities = workPriorities.union([TaskPriority.medium.rawValue])
            for (priority, held) in tick.globalExecutor where priorities.contains(priority) { heldBack.append(held) }
        }
        let starved = Self.starvedTime(
            tick: tick.began.duration(to: now), late: tick.due.duration(to: now), heldBack: heldBack)
        guard let since, since > tick.began else { return starved }
        return min(starved, max(.zero, since.duration(to: now)))
    }
}
