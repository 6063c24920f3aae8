import Dispatch

/// A job the stall watchdog hands to an executor the implementation's work
/// runs on, which notes when it has run: how long the executor held it back
/// is how long work handed to it at the same moment waited its turn.
///
/// The watchdog hands one to the main queue and one to the global executor
/// at each priority the replay's work has run at (see
/// ``ReplayEngine/watchStall(from:)``). On Linux the concurrency runtime runs
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
}
