/// Where a runtime watch reports work app code hands to what a replay cannot
/// track, from the thread that hands it over.
///
/// A detached task inherits no task-local values, so the replay cannot track
/// it (see ``WorkLease``). What it can see is the moment one is enqueued: the
/// concurrency runtime calls `swift_task_enqueueGlobal_hook`, when one is
/// installed, on the thread that enqueues, where the enqueuing task's lease
/// is still readable. The replay then knows that work it cannot see may still
/// make an effect, and a verdict that depends on absence waits for it within
/// the stall timeout (see ``ReplayEngine/noteEnqueue(_:)``).
///
/// The engine installs no hook: `HybridReplayRuntimeWatch` does, for the
/// duration of a replay the testing glue runs, and calls these. Enqueues the
/// engine makes itself, and a task enqueuing itself again after a
/// suspension, are not counted; nor is anything outside a replay's work.
package enum GlobalEnqueueWatch {
    /// Notes that `job` is being handed to the global executor.
    ///
    /// Called from inside the runtime's enqueue: it takes only the engine's
    /// lock for unseen work.
    package static func noteEnqueue(_ job: UnownedJob) {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return }
        let enqueued = unsafeBitCast(job, to: UnsafeRawPointer.self)
        let current = withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
        // A task resuming itself is work the lease already covers.
        guard current != enqueued else { return }
        lease.engine.noteEnqueue(enqueued)
    }

    /// Notes that a block is being handed to a Dispatch queue other than the
    /// main queue, which no lease follows.
    package static func noteDispatchedBlock() {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return }
        lease.engine.noteDispatchedBlock()
    }

    /// Notes that a block is being handed to a Dispatch queue to run after a
    /// delay in real time (`DispatchQueue.asyncAfter`), which the replay, on
    /// the cassette's clock, does not wait for.
    ///
    /// Whether such a block had run by the time the replay judged was the
    /// machine's doing: an outside app's correct `asyncAfter` coalescing
    /// failed every run alone, and passed 11 of 40 runs of the whole test
    /// binary, where other tests kept the main queue busy and the replay
    /// slow. So the watch holds the block until the replay's run is over
    /// (``RuntimeWatch/releasingDelayedBlocks``): it never runs before the
    /// verdict, and a report of an effect missing says where it went.
    ///
    /// - Returns: The key of the replay to hold the block for, or 0 to pass it
    ///   on now (outside the replay's work, or a replay not run under the watch).
    package static func holdDelayedBlock() -> UInt {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return 0 }
        let engine = lease.engine
        return engine.noteDelayedBlock() ? engine.delayedBlocksKey : 0
    }

    /// What to do with a block the calling code hands to
    /// `DispatchQueue.asyncAfter`, `delay` ahead in real time, which the
    /// watch has copied and holds as `handle`.
    ///
    /// The replay's work's is held on the replay's clock until its deadline,
    /// as a task asleep in real time is (see ``ReplayEngine/holdSleep(job:delay:kind:)``),
    /// and runs then carrying that work's context; one due at once is handed
    /// on now, carried, as `async` would.
    ///
    /// - Returns: 1 to hold it, 2 to hand it to `dispatch_async` now, 0 to
    ///   pass it on (outside the replay's work, or a replay not run under the watch).
    package static func holdingDelayedBlock(_ handle: UnsafeRawPointer, delay: Duration) -> Int32 {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return 0 }
        let engine = lease.engine
        if delay <= .zero { return engine.ordersRealTimeWork ? 2 : 0 }
        let held = engine.holdSleep(
            job: UInt(bitPattern: handle), delay: delay, kind: .block(stimulus: ReplayContext.stimulus))
        return held ? 1 : 0
    }

    /// Whether the calling thread, running a block the replay's work handed to
    /// a queue other than the main queue, waits until the block it is handing
    /// to the main queue has run before it goes on (bounded; see `hr_main_hop_wait_install`).
    ///
    /// On a device the main-queue block may run at once on the main thread,
    /// or only once other main-queue work is done: both are the platform's.
    /// Waiting plays the first every time, the order in which code that hops
    /// to the main queue before it stores what the main-queue block reads
    /// goes wrong (an outside app's sign-in bug, caught 20 of 20 runs alone
    /// and 5 of 40 in the whole test binary, where a busy main queue let the
    /// store win); correct code, which stores first, cannot tell.
    package static func waitsForMainHop() -> Bool {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return false }
        return lease.engine.ordersRealTimeWork
    }

    /// Notes that a thread is being started (Foundation's `Thread`), which no lease follows.
    package static func noteStartedThread() {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return }
        lease.engine.noteStartedThread()
    }
}

/// The runtime's jobs a replay follows until they have run: where the watch
/// sees jobs handed to Dispatch (Linux), a job that the replay's work hands
/// to the global executor or the main actor — a `Task.detached`, its hop
/// to the main actor and back — and every job such a job hands on, counts
/// as the implementation's work from when it is handed over until it has
/// run. A detached task that sets a delegate through `await MainActor.run`
/// is then waited for, as tracked work is, before the replay delivers the
/// next stimulus or calls anything idle.
///
/// What a job does not show: whether, when it has run, its task has
/// finished or waits on something (a continuation a thread resumes, a sleep
/// in real time). So a detached task still counts as unseen work (see
/// ``ReplayEngine/sawUnseenWork``) once it has run.
package enum WatchedJobs {
    /// A replay that watches jobs, kept by its ``ReplayEngine/watchKey``.
    private struct Watcher {
        weak var engine: ReplayEngine?
    }

    /// A job handed over and not yet run.
    private struct Entry {
        /// The replay it counts for.
        var key: UInt
        /// How many times the job is handed over and has not run yet.
        var pending: Int
    }

    /// A task asleep in real time, and the job a replay holds that wakes it.
    private struct SleepingTask {
        weak var engine: ReplayEngine?
        var job: UInt
    }

    private struct Watched {
        /// The replays whose jobs are watched, by key, until their runs are over.
        var watchers: [UInt: Watcher] = [:]
        /// The jobs handed over and not yet run, by address, with the replay they count for.
        ///
        /// An entry goes when its job has run and is not handed over again:
        /// a job's memory is reused once its task has finished, so an address
        /// kept longer could count another replay's job as this one's.
        var jobs: [UInt: Entry] = [:]
        /// The tasks running a replay's set-up, by address, while they do.
        var setUps: [UInt: Watcher] = [:]
        /// Tasks asleep in real time whose wake-up jobs a replay holds on its
        /// clock, by address, with the job (see ``holdingDelayed(_:delay:)``).
        var sleepingTasks: [UInt: SleepingTask] = [:]

        func engine(_ key: UInt) -> ReplayEngine? { key == 0 ? nil : watchers[key]?.engine }

        /// Counts the job at `address` as `engine`'s work until it has run,
        /// returning the key it is watched under, or 0 when that run is over.
        mutating func watch(_ address: UInt, for engine: ReplayEngine) -> UInt {
            guard engine.beginWatchedJob(address) else { return 0 }
            let key = engine.watchKey
            watchers[key] = Watcher(engine: engine)
            if var entry = jobs[address], entry.key == key {
                entry.pending += 1
                jobs[address] = entry
            } else {
                // Another replay's entry here is a finished task's, whose run has not been told over yet.
                jobs[address] = Entry(key: key, pending: 1)
            }
            return key
        }
    }

    /// Runs `body`, `engine`'s set-up, following the calling task until it
    /// returns: every job the task is handed over as — its hop to the main
    /// actor for a `@MainActor` init, and back — is watched, and the first is
    /// a turn of the main actor that holds what it hands to the global
    /// executor (`Task.detached { await store.setCookie(…) }` before `load`
    /// in `init`), as a delivery's turn does. A task hopping has no current
    /// task, so no lease tells whose it is: its address does.
    static func followingSetUp<R>(
        of engine: ReplayEngine, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
    ) async rethrows -> R {
        let task = withUnsafeCurrentTask { $0.map { UInt(bitPattern: unsafeBitCast($0, to: UnsafeRawPointer.self)) } }
        if let task { watched.withLock { $0.setUps[task] = Watcher(engine: engine) } }
        defer { if let task { watched.withLock { _ = $0.setUps.removeValue(forKey: task) } } }
        return try await body()
    }

    private static let watched = Locked(Watched())

    /// Whether to watch `job`, which is being handed over on the calling
    /// thread, while it runs a watched job of the replay keyed `running` (0 for none).
    ///
    /// Who hands the job over decides whose work it is: the replay whose
    /// lease the handing task holds, else the replay whose watched job the
    /// thread runs; only a job handed over from outside both — a task of
    /// the replay's resumed from elsewhere before its last run was told over
    /// — counts for the replay it was handed over for before. The address
    /// is the weakest sign, as it may be stale: a task that finishes in its
    /// job leaves its memory to the next task made before ``ran(_:key:)``
    /// hears the job is over. When the address decided first, that next
    /// task, with another replay running in the process, was now and then
    /// the other replay's child, counted as the first replay's work; its own
    /// replay then found its work idle before the child had run and,
    /// exploring, gave up the child's request (docs/variants.md, "A call
    /// given up before a child made it").
    ///
    /// - Returns: The key of the replay that counts it as work until
    ///   ``ran(_:key:)``, or 0 not to watch it.
    package static func handingOver(_ job: UnsafeRawPointer, running: UInt) -> UInt {
        let address = UInt(bitPattern: job)
        // Handed over by the replay's work, or by the engine calling it back with an answer
        // (which resumes a detached task that awaited a seam): a task going on after a
        // suspension, which its lease already covers, is not.
        var leased: ReplayEngine?
        if let lease = ReplayContext.lease {
            let current = withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
            if current != job { leased = lease.engine }
        }
        let (key, woken) = watched.withLock { watched -> (UInt, SleepingTask?) in
            // A task whose sleep the replay holds, going on without it: cancelled.
            let woken = watched.sleepingTasks.isEmpty ? nil : watched.sleepingTasks.removeValue(forKey: address)
            guard
                let engine = leased ?? watched.engine(running) ?? watched.setUps[address]?.engine
                    ?? watched.jobs[address].flatMap({ watched.engine($0.key) })
            else { return (0, woken) }
            return (watched.watch(address, for: engine), woken)
        }
        if let woken, let engine = woken.engine, engine.endHeldSleep(woken.job) {
            RuntimeWatch.current.releasingDelayedJob(woken.job)
        }
        return key
    }

    /// Whether the replay holds `job`, handed to the executor with a
    /// deadline `delay` ahead in real time on the calling thread, on its
    /// clock: the job that wakes a task of the replay's work going to sleep
    /// in real time (`Task.sleep` on any clock but the replay's). Held, the
    /// task is parked until the replay's clock reaches the deadline (see
    /// ``ReplayEngine/holdSleep(job:delay:)``); when the task goes on first,
    /// cancelled, the job is handed to Dispatch with its deadline.
    package static func holdingDelayed(_ job: UnsafeRawPointer, delay: Duration) -> Bool {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork,
            let task = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } })
        else { return false }
        let engine = lease.engine
        let address = UInt(bitPattern: job)
        let sleeping = UInt(bitPattern: task)
        // Swift 6.3 wakes a sleeping task with a task of its own; a runtime that handed over the
        // sleeping task itself would be resumed twice on a cancellation (once here, once by the release).
        guard address != sleeping else { return false }
        // Noted first: the replay may wake it at once, from another thread.
        watched.withLock { $0.sleepingTasks[sleeping] = SleepingTask(engine: engine, job: address) }
        if engine.holdSleep(job: address, delay: delay) { return true }
        watched.withLock { watched in
            if watched.sleepingTasks[sleeping]?.job == address { watched.sleepingTasks[sleeping] = nil }
        }
        return false
    }

    /// Hands the held `job` of a task asleep in real time over to run now,
    /// as `engine`'s work until it has run: the replay's clock has reached its deadline.
    static func wakeHeld(_ job: UInt, for engine: ReplayEngine) {
        let key = watched.withLock { watched -> UInt in
            if let task = watched.sleepingTasks.first(where: { $0.value.job == job })?.key {
                watched.sleepingTasks[task] = nil
            }
            return watched.watch(job, for: engine)
        }
        RuntimeWatch.current.wakingDelayedJob(job, key)
    }

    /// Hands the held jobs of `engine`'s tasks asleep in real time to
    /// Dispatch with their deadlines: its run is over.
    static func releaseHeld(_ jobs: [UInt], of engine: ReplayEngine) {
        guard !jobs.isEmpty else { return }
        let released = Set(jobs)
        watched.withLock { watched in
            watched.sleepingTasks = watched.sleepingTasks.filter { !released.contains($0.value.job) }
        }
        for job in jobs { RuntimeWatch.current.releasingDelayedJob(job) }
    }

    /// Whether to watch `job`, handed to the executor with a deadline in
    /// real time on the calling thread: the job of a task going to sleep in
    /// real time (`Task.sleep`, on any clock but the replay's), which holds a
    /// replay's lease. Watched until it has run, the sleep is work on its way:
    /// the replay does not take that task for one parked until the replay
    /// wakes it (see ``ReplayEngine/isParked()``), and waits for it as before.
    ///
    /// - Returns: The key of the replay that counts it as work until
    ///   ``ran(_:key:)``, or 0 not to watch it.
    package static func handingOverDelayed(_ job: UnsafeRawPointer) -> UInt {
        guard let engine = ReplayContext.lease?.engine else { return 0 }
        return watched.withLock { $0.watch(UInt(bitPattern: job), for: engine) }
    }

    /// Notes that `job`, which ``handingOver(_:running:)`` watched under `key`, has run.
    package static func ran(_ job: UnsafeRawPointer, key: UInt) {
        let address = UInt(bitPattern: job)
        let idle = watched.withLock { watched -> ReplayEngine? in
            if var entry = watched.jobs[address], entry.key == key {
                entry.pending -= 1
                watched.jobs[address] = entry.pending > 0 ? entry : nil
            }
            guard let engine = watched.engine(key), engine.endWatchedJob() else { return nil }
            return engine
        }
        idle?.noteActivity()
    }

    /// Notes that `job`, which a turn of the main actor held (see
    /// ``RuntimeWatch/holdingHandoffs``), was released before the turn was
    /// done, because the turn's thread blocked — on that job, most likely.
    package static func releasedByBound(_ job: UnsafeRawPointer, key: UInt) {
        let engine = watched.withLock { $0.engine(key) }
        engine?.noteHoldReleasedByBound()
    }

    /// Forgets the jobs of `engine`, whose run is over.
    static func forget(_ engine: ReplayEngine) {
        let key = engine.watchKey
        watched.withLock { watched in
            watched.watchers = watched.watchers.filter { $0.key != key && $0.value.engine != nil }
            watched.jobs = watched.jobs.filter { watched.watchers[$0.value.key] != nil }
            watched.sleepingTasks = watched.sleepingTasks.filter { $0.value.engine != nil && $0.value.engine !== engine }
        }
    }
}
