/// The tasks the engine runs itself and the work it cannot see.
extension ReplayEngine {
    /// What ``GlobalEnqueueWatch`` reports: `job` was handed to the global
    /// executor by work under one of this run's leases. Unless it is the
    /// scheduler being woken, it may be work the replay cannot track: a
    /// `Task.detached`, or a `Task {}` that inherited the lease. The second
    /// kind shows itself when it calls a seam (see ``claimCurrentTask()``);
    /// a task that never does stays a sign of unseen work. A structured child
    /// task (`async let`, a task group's child) is not: it always inherits
    /// the lease, and its parent, which holds it too, waits for it (a child
    /// that forgot its call made a missing request wait out the stall timeout
    /// "for work the replay cannot see").
    ///
    /// Called from inside the runtime's enqueue, possibly while this engine's
    /// state lock is held by the caller: it takes only a lock of its own.
    func noteEnqueue(_ job: UnsafeRawPointer) {
        if CurrentTask.isStructuredChild(job) { return }
        unseen.withLock { unseen in
            guard !unseen.ended, !unseen.engineTasks.contains(UInt(bitPattern: job)) else { return }
            unseen.unclaimed.insert(UInt(bitPattern: job))
        }
    }

    /// Notes that work under one of this run's leases handed a block to a
    /// Dispatch queue other than the main queue (seen on Linux; see ``GlobalEnqueueWatch``).
    func noteDispatchedBlock() {
        unseen.withLock { unseen in
            guard !unseen.ended else { return }
            unseen.dispatchedBlocks += 1
        }
    }

    /// Notes that work under one of this run's leases is handing a block to
    /// `DispatchQueue.asyncAfter` (seen on Linux; see ``GlobalEnqueueWatch``),
    /// which the watch holds until the run is over, when it runs under one.
    ///
    /// - Returns: Whether to hold it: `false` after the run, and for a run
    ///   that did not start under the watch.
    func noteDelayedBlock() -> Bool {
        unseen.withLock { unseen in
            guard unseen.underRuntimeWatch, !unseen.ended else { return false }
            unseen.delayedBlocks += 1
            return true
        }
    }

    /// Holds the job that wakes a task of this run's work asleep in real
    /// time (`Task.sleep` on any clock but the replay's) until the replay's
    /// clock reaches the deadline, `delay` from its time now, as a sleeper
    /// on ``ReplayClock`` waits (see ``WatchedJobs/holdingDelayed(_:delay:)``).
    ///
    /// Waited out in real time, such a sleep decided a race against an
    /// answer by the machine's speed: a timeout of one second beside a
    /// request lost to the recorded response when recorded and won in every
    /// replay, since the replay delivers an answer only once the work on its
    /// way has run (an outside booking app, 11 of 11 runs). Held, the task
    /// counts as parked: the replay delivers what was recorded before its
    /// deadline, then wakes it when its clock gets there.
    ///
    /// - Returns: Whether the watch holds the job: `false` after the run, and
    ///   for a run that did not start under the watch.
    func holdSleep(job: UInt, delay: Duration, kind: HeldSleep.Kind = .task) -> Bool {
        let now = state.withLock { $0.matcher.ended ? nil : $0.clock.now }
        guard let now else { return false }
        let deadline = now + Self.wholeMilliseconds(roundingUp: delay)
        let held = unseen.withLock { unseen -> Bool in
            guard unseen.underRuntimeWatch, !unseen.ended else { return false }
            unseen.heldSleeps.append(HeldSleep(job: job, deadline: deadline, kind: kind))
            return true
        }
        if held { noteActivity() }
        return held
    }

    /// `delay` rounded up to whole milliseconds.
    ///
    /// The delay of a sleep in real time is read as the runtime hands it
    /// over, from its deadline: the microseconds the task spent getting there
    /// are gone (a sleep of 2 s read as 1.999997 s), and a timeout would then
    /// win a tie the recording gave to an answer at exactly 2 s. Rounded up,
    /// it ties, and a sleeper due at a stimulus's instant wakes after it, as
    /// on the platform's clock.
    static func wholeMilliseconds(roundingUp delay: Duration) -> Duration {
        let (seconds, attoseconds) = delay.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow, case let (total, false) = nanoseconds.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
        else { return delay }
        let (milliseconds, remainder) = total.quotientAndRemainder(dividingBy: 1_000_000)
        return .milliseconds(remainder > 0 ? milliseconds + 1 : milliseconds)
    }

    /// Takes out the held sleep whose wake-up job is `job`, because its task
    /// went on without it (cancelled): returns whether it was held.
    func endHeldSleep(_ job: UInt) -> Bool {
        unseen.withLock { unseen in
            guard let index = unseen.heldSleeps.firstIndex(where: { $0.job == job }) else { return false }
            unseen.heldSleeps.remove(at: index)
            return true
        }
    }

    /// How many tasks asleep in real time, and blocks delayed with `asyncAfter`, the replay holds on its clock.
    var heldSleepCounts: (tasks: Int, blocks: Int) {
        unseen.withLock { unseen in
            let tasks = unseen.heldSleeps.count { $0.kind == .task }
            return (tasks, unseen.heldSleeps.count - tasks)
        }
    }

    /// The earliest deadline of a task asleep in real time, on the replay's clock.
    var earliestHeldSleep: Duration? { unseen.withLock { $0.heldSleeps.lazy.map(\.deadline).min() } }

    /// Takes out the held sleeps due by `deadline`, in the order they went to sleep.
    func takeHeldSleeps(dueBy deadline: Duration) -> [HeldSleep] {
        unseen.withLock { unseen in
            let due = unseen.heldSleeps.filter { $0.deadline <= deadline }
            unseen.heldSleeps.removeAll { $0.deadline <= deadline }
            return due
        }
    }

    /// Hands a held sleep over: a task's job to run now, watched; a block
    /// to `dispatch_async`, carrying a lease of its own and the stimulus the
    /// work that delayed it began with.
    func wake(_ sleep: HeldSleep) {
        switch sleep.kind {
        case .task:
            WatchedJobs.wakeHeld(sleep.job, for: self)
        case .block(let stimulus):
            withLease {
                ReplayContext.$stimulus.withValue(stimulus) { RuntimeWatch.current.wakingDelayedBlock(sleep.job) }
            }
        }
    }

    /// Whether the run orders its work's real-time hand-offs now: it started
    /// under the runtime watch and is not over. Then a hop to the main queue
    /// from its work on another queue waits, bounded, until the main-queue
    /// block has run (see ``GlobalEnqueueWatch/waitsForMainHop()``), and a
    /// block it delays that is due at once is handed on at once, carried
    /// (see ``GlobalEnqueueWatch/holdingDelayedBlock(_:delay:)``).
    var ordersRealTimeWork: Bool {
        unseen.withLock { $0.underRuntimeWatch && !$0.ended }
    }

    /// Notes, as the run starts, whether it runs under a runtime watch that
    /// orders its real-time work (``RuntimeWatch/ordersThisReplay``).
    func noteRunStarts() {
        let ordered = RuntimeWatch.ordersThisReplay
        unseen.withLock { $0.underRuntimeWatch = ordered }
    }

    /// Notes that work under one of this run's leases started a thread
    /// (Foundation's `Thread`; seen on Linux, see ``GlobalEnqueueWatch``).
    func noteStartedThread() {
        unseen.withLock { unseen in
            guard !unseen.ended else { return }
            unseen.startedThreads += 1
        }
    }

    /// How many blocks the replay's work handed to `DispatchQueue.asyncAfter`, held until the run is over.
    var delayedBlocks: Int { unseen.withLock { $0.delayedBlocks } }

    /// Notes that the calling task holds a lease of this run, so a task
    /// ``noteEnqueue(_:)`` saw it start is tracked work after all.
    func claimCurrentTask() {
        guard let task = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } })
        else { return }
        unseen.withLock { unseen in
            guard !unseen.unclaimed.isEmpty else { return }
            unseen.unclaimed.remove(UInt(bitPattern: task))
        }
    }

    /// Counts `job`, handed to a Dispatch queue by the replay's work or by a
    /// job it watches, as the implementation's work until it has run (see ``WatchedJobs``).
    ///
    /// - Returns: `false` for the engine's own tasks and after the run.
    func beginWatchedJob(_ job: UInt) -> Bool {
        unseen.withLock { unseen in
            guard !unseen.ended, !unseen.engineTasks.contains(job) else { return false }
            unseen.watchedJobs += 1
            return true
        }
    }

    /// Notes that a watched job has run.
    ///
    /// - Returns: Whether it was the last to run: the caller wakes the
    ///   scheduler, which may find the implementation idle.
    func endWatchedJob() -> Bool {
        unseen.withLock { unseen in
            unseen.watchedJobs = max(0, unseen.watchedJobs - 1)
            return unseen.watchedJobs == 0
        }
    }

    /// Notes that a job a turn of the main actor held was released before the
    /// turn was done, because the turn blocked (see ``WatchedJobs/releasedByBound(_:)``).
    func noteHoldReleasedByBound() {
        unseen.withLock { unseen in
            guard !unseen.ended else { return }
            unseen.holdsReleasedByBound += 1
        }
    }

    /// How many held jobs this run released before their turn was done.
    var holdsReleasedByBound: Int { unseen.withLock { $0.holdsReleasedByBound } }

    /// Whether a job ``WatchedJobs`` follows is handed over and has not run yet.
    var runsWatchedJobs: Bool { unseen.withLock { $0.watchedJobs > 0 } }

    /// Notes a block carrying this run's lease handed to Dispatch (see ``CarriedWork``).
    func beginCarriedBlock() {
        unseen.withLock { $0.carriedBlocks += 1 }
    }

    /// Notes that a carried block has run; the last to run wakes the scheduler.
    func endCarriedBlock() {
        let last = unseen.withLock { unseen in
            unseen.carriedBlocks = max(0, unseen.carriedBlocks - 1)
            return unseen.carriedBlocks == 0
        }
        if last { noteActivity() }
    }

    /// Whether a block carrying this run's lease is handed over and has not run yet.
    var runsCarriedBlocks: Bool { unseen.withLock { $0.carriedBlocks > 0 } }

    /// Marks the calling task as the engine's own, so waking it is not counted as unseen work.
    func markEngineTask() {
        guard let task = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } })
        else { return }
        unseen.withLock { _ = $0.engineTasks.insert(UInt(bitPattern: task)) }
    }

    /// Unmarks the calling task as it ends: the runtime reuses a finished
    /// task's memory, and a task of the implementation at the same address
    /// would otherwise pass for the engine's.
    func unmarkEngineTask() {
        guard let task = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } })
        else { return }
        unseen.withLock { _ = $0.engineTasks.remove(UInt(bitPattern: task)) }
    }

    /// Whether work the replay cannot see was handed to something other than
    /// a task: a block given to a Dispatch queue other than the main queue,
    /// or an effect made outside every lease. A task enqueued by the
    /// replay's work that has not called a seam yet is not counted here: while
    /// no job of it is on its way (``runsWatchedJobs``), it is suspended.
    var sawUnseenWorkBesideTasks: Bool {
        unseen.withLock { $0.dispatchedBlocks + $0.startedThreads } > 0 || state.withLock { $0.work.untrackedEffects > 0 }
    }

    /// Whether this run has shown signs of work it cannot see: an effect made
    /// outside every lease, or a task handed to the global executor without one.
    var sawUnseenWork: Bool {
        let (enqueues, blocks) = unseen.withLock { ($0.unclaimed.count, $0.dispatchedBlocks + $0.startedThreads) }
        return enqueues > 0 || blocks > 0 || state.withLock { $0.work.untrackedEffects > 0 }
    }

    /// What the report says of the unseen work, or `nil` when there was none.
    var unseenWorkSummary: String? {
        let (enqueues, blocks, released, threads) = unseen.withLock {
            ($0.unclaimed.count, $0.dispatchedBlocks, $0.holdsReleasedByBound, $0.startedThreads)
        }
        let (count, first) = state.withLock { ($0.work.untrackedEffects, $0.work.firstUntrackedEffect) }
        var parts: [String] = []
        if released > 0 {
            let jobs = released == 1 ? "1 job" : "\(released) jobs"
            parts.append("\(jobs) handed to the global executor by the main actor, held until its turn was done and released early because the main thread blocked (on that job, most likely)")
        }
        if enqueues > 0 {
            let tasks = enqueues == 1 ? "1 task" : "\(enqueues) tasks"
            parts.append("\(tasks) handed to the global executor by its work that never called a seam under its lease (a Task.detached, a task of Task {} that made no call, or a suspended task its work resumed, such as a consumer waiting in `for await`)")
        }
        if blocks > 0 {
            parts.append((blocks == 1 ? "1 block" : "\(blocks) blocks") + " handed to a Dispatch queue other than the main queue")
        }
        if threads > 0 {
            parts.append((threads == 1 ? "1 thread" : "\(threads) threads") + " started from its work (Thread)")
        }
        if let first { parts.append((count == 1 ? "1 effect" : "\(count) effects") + " made outside every tracked task, the first \(first)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// Signs of work the replay cannot see, behind a lock of their own: the
/// runtime's enqueue hook reports them while other locks may be held.
struct UnseenWork {
    /// Tasks started under a lease that have not shown that they hold it, by address.
    var unclaimed: Set<UInt> = []
    /// Blocks handed to Dispatch queues other than the main queue (seen on Linux).
    var dispatchedBlocks = 0
    /// Blocks handed to `DispatchQueue.asyncAfter`, which run in real time,
    /// held until the run is over (on Linux, under the runtime watch).
    var delayedBlocks = 0
    /// Threads started (Foundation's `Thread`, seen on Linux).
    var startedThreads = 0
    /// The count of main-queue blocks read before the last pass that found the
    /// main queue quiet (Linux); `nil` before the first, or where there is no count.
    var drainedMainEnqueues: UInt?
    /// How many jobs are handed over and have not run yet (see ``WatchedJobs``).
    var watchedJobs = 0
    /// How many blocks carrying this run's lease are handed over and have not run yet (see ``CarriedWork``).
    var carriedBlocks = 0
    /// How many jobs a turn of the main actor held were released before it was done.
    var holdsReleasedByBound = 0
    /// The scheduler's and the watchdog's tasks, by address.
    var engineTasks: Set<UInt> = []
    /// Whether the run started under a runtime watch that orders its
    /// real-time work (``RuntimeWatch/ordersThisReplay``): it holds what the
    /// work delays with `asyncAfter` until the run is over, and lets a hop to
    /// the main queue from the work on another queue run before that work goes on.
    var underRuntimeWatch = false
    var ended = false
    /// Tasks of the implementation asleep in real time (`Task.sleep` on any
    /// clock but the replay's), whose wake-up jobs the watch holds until the
    /// replay's clock reaches their deadlines (see ``ReplayEngine/holdSleep(job:delay:)``).
    var heldSleeps: [HeldSleep] = []
}

/// A task of the implementation asleep in real time, or a block it delayed
/// with `DispatchQueue.asyncAfter`, held on the replay's clock.
struct HeldSleep {
    enum Kind: Equatable {
        /// A task's `Task.sleep`: `job` wakes it.
        case task
        /// A block handed to `asyncAfter` (`job` is the watch's handle for it),
        /// by work that began with `stimulus`.
        case block(stimulus: Int?)
    }

    /// The job that wakes the task, or the block, held by the watch.
    var job: UInt
    /// Its deadline on the replay's clock: the replay's time when it went to sleep, plus the delay.
    var deadline: Duration
    var kind: Kind = .task
}
