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
        return lease.engine.waitsForMainHops
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
    private struct Entry {
        weak var engine: ReplayEngine?
        /// How many times the job is handed over and has not run yet.
        var pending: Int
    }

    /// The jobs handed over and not yet run, by address, with their engine.
    ///
    /// An entry goes when its job has run and is not handed over again:
    /// a job's memory is reused once its task has finished, so an address
    /// kept longer could count another replay's job as this one's.
    private static let jobs = Locked([UInt: Entry]())

    /// Whether to watch `job`, which is being handed over on the calling
    /// thread, while it runs `running` (a watched job) or nothing (`nil`).
    ///
    /// - Returns: `true` when the engine counts it as work until ``ran(_:)``.
    package static func handingOver(_ job: UnsafeRawPointer, running: UnsafeRawPointer?) -> Bool {
        let key = UInt(bitPattern: job)
        // Handed over by the replay's work, or by the engine calling it back with an answer
        // (which resumes a detached task that awaited a seam): a task going on after a
        // suspension, which its lease already covers, is not.
        var leased: ReplayEngine?
        if let lease = ReplayContext.lease {
            let current = withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
            if current != job { leased = lease.engine }
        }
        return jobs.withLock { jobs in
            guard
                let engine = jobs[key]?.engine ?? running.flatMap({ jobs[UInt(bitPattern: $0)]?.engine }) ?? leased,
                engine.beginWatchedJob(key)
            else { return false }
            jobs[key, default: Entry(engine: engine, pending: 0)].pending += 1
            return true
        }
    }

    /// Notes that `job`, which ``handingOver(_:running:)`` watched, has run.
    package static func ran(_ job: UnsafeRawPointer) {
        let key = UInt(bitPattern: job)
        let idle = jobs.withLock { jobs -> ReplayEngine? in
            guard var entry = jobs[key] else { return nil }
            entry.pending -= 1
            jobs[key] = entry.pending > 0 ? entry : nil
            guard let engine = entry.engine, engine.endWatchedJob() else { return nil }
            return engine
        }
        idle?.noteActivity()
    }

    /// Notes that `job`, which a turn of the main actor held (see
    /// ``RuntimeWatch/holdingHandoffs``), was released before the turn was
    /// done, because the turn's thread blocked — on that job, most likely.
    package static func releasedByBound(_ job: UnsafeRawPointer) {
        let engine = jobs.withLock { $0[UInt(bitPattern: job)]?.engine }
        engine?.noteHoldReleasedByBound()
    }

    /// Forgets the jobs of `engine`, whose run is over.
    static func forget(_ engine: ReplayEngine) {
        jobs.withLock { jobs in
            jobs = jobs.filter { $0.value.engine.map { $0 !== engine } ?? false }
        }
    }
}
