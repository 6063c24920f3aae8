/// The implementation's work that a replay can see, and when it is idle.
///
/// Every time the engine runs implementation code — setting it up, calling a
/// handler or delegate, calling a completion handler with an answer, waking
/// a sleeper of the virtual clock — it binds a fresh ``WorkLease`` to the
/// task-local ``ReplayContext/lease`` for the duration of the call. Swift
/// copies task-local values into every task the code starts with `Task {}`,
/// and child tasks (`async let`, task groups) read their parent's: each of
/// them holds the lease until it returns. When the last holder lets go, the
/// lease's `deinit` tells the engine that the work of that call is over —
/// however long it slept in real time and however many tasks it fanned out to.
///
/// A live lease whose tasks wait on the replay itself — an answer the
/// cassette will deliver, a sleep on the ``ReplayClock`` — is waiting for the
/// engine, not working: the implementation is **idle** when every live lease
/// has at least one such wait. That is the moment the clock may move, a call
/// without a recorded answer may be failed, and the run may end. A lease
/// is held by every task of its call, but only waits are counted, so when
/// one task of a call waits on the replay while another still runs, the call
/// counts as waiting: an effect is therefore reported missing only when no
/// work of the implementation is left at all (**finished**), or after the
/// stall timeout.
///
/// What the engine cannot see: `Task.detached` (it inherits no task-locals),
/// raw Dispatch, threads, and a task waiting on something only such work
/// resumes. Work of that kind is bounded by ``ReplayOptions/stallTimeout``
/// and reported as such.
final class WorkLease: Sendable {
    let engine: ReplayEngine
    let id: Int

    init(engine: ReplayEngine, id: Int) {
        self.engine = engine
        self.id = id
    }

    deinit { engine.leaseEnded(id) }
}

extension ReplayEngine {
    /// How a wait for the implementation ended.
    enum Wait: Equatable {
        /// Every live lease waits on the replay (or, when asked for, no lease is left).
        case idle
        /// Something happened: an effect, a registration, work that ended or a failure.
        case changed
        /// The stall timeout passed while work the replay cannot see kept going.
        case busy
    }

    /// Runs `body` as work of the implementation that the replay tracks until
    /// every task it starts has returned.
    func withLease<R>(_ body: () throws -> R) rethrows -> R {
        try ReplayContext.$lease.withValue(newLease(), operation: body)
    }

    /// Runs async `body` as tracked work of the implementation.
    func withLease<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async rethrows -> R {
        try await ReplayContext.$lease.withValue(newLease(), operation: body, isolation: isolation)
    }

    private func newLease() -> WorkLease {
        WorkLease(engine: self, id: state.withLock { $0.work.beginLease() })
    }

    func leaseEnded(_ id: Int) {
        let waiter = state.withLock { state in
            state.work.endLease(id)
            return state.work.bump()
        }
        waiter?()
    }

    /// The lease of the calling task when it belongs to this replay, to note a wait on it.
    var currentLease: Int? {
        guard let lease = ReplayContext.lease, lease.engine === self else { return nil }
        return lease.id
    }

    /// Waits until the implementation is idle (or `finished`) or something
    /// happens after `seen`; gives up after the stall timeout of real time,
    /// which passes only while work the replay cannot see keeps going.
    ///
    /// - Parameter idleEnds: `false` to wait for something to happen even
    ///   while the work the replay sees is idle: for work it cannot see.
    func wait(since seen: Int, finished: Bool = false, timeout: Duration? = nil, idleEnds: Bool = true) async -> Wait {
        await withCheckedContinuation { (continuation: CheckedContinuation<Wait, Never>) in
            let (outcome, watch) = state.withLock { state -> (Wait?, ContinuousClock.Instant?) in
                if state.work.activity != seen { return (.changed, nil) }
                if idleEnds, state.work.isIdle(finished: finished) { return (.idle, nil) }
                let token = state.work.token()
                let deadline = ContinuousClock.now.advanced(by: timeout ?? options.stallTimeout)
                // The scheduler's own waits move their deadline on with activity they were not
                // woken for; a wait with a deadline of its own (waitUntilIdle) keeps it.
                state.work.waiter = ReplayWorkTracker.ActivityWaiter(
                    token: token, continuation: continuation, deadline: deadline, seen: seen,
                    restartsOnActivity: timeout == nil)
                return (nil, state.work.needsWatchdog(until: deadline) ? deadline : nil)
            }
            if let outcome { return continuation.resume(returning: outcome) }
            if let watch { watchStall(from: watch) }
        }
    }

    /// Like ``wait(since:finished:timeout:idleEnds:)``, but idle also means
    /// that the main queue has run what the implementation handed it.
    ///
    /// Work enqueued on the main queue — `DispatchQueue.main.async`,
    /// `OperationQueue.main`, main-queue notification observers, main-actor
    /// jobs — runs in order. Once the tracked work is idle, the scheduler
    /// passes a ``MainQueueBarrier``; if nothing happened meanwhile, it passes
    /// another, so a block that a main-queue block enqueued runs too. On
    /// Linux, where the package counts the blocks handed to the main queue,
    /// it passes until a pass sees none handed over while it waited, and not
    /// at all when none was since the last quiet pass; elsewhere only
    /// ``quietMainQueuePasses`` passes in a row without activity count as idle.
    func settle(since seen: Int, finished: Bool = false, timeout: Duration? = nil) async -> Wait {
        let outcome = await wait(since: seen, finished: finished, timeout: timeout)
        guard outcome == .idle else { return outcome }
        // Where the package counts main-queue blocks, none handed over since the last
        // drained pass means none waits: the passes would only cost thread hand-offs.
        if let enqueued = MainQueueBarrier.enqueued, enqueued == unseen.withLock({ $0.drainedMainEnqueues }) {
            return .idle
        }
        if MainQueueBarrier.enqueued != nil {
            // Counted: pass until a pass sees no block handed over while it waited, so a
            // chain of main-queue blocks is followed to its end, however long.
            for _ in 0..<Self.mostMainQueuePasses {
                // Read before the pass: every block it counts was handed over before the barrier.
                let counted = MainQueueBarrier.enqueued
                await MainQueueBarrier.pass()
                if activity != seen { return .changed }
                if MainQueueBarrier.enqueued == counted {
                    unseen.withLock { $0.drainedMainEnqueues = counted }
                    break
                }
            }
        } else {
            for _ in 0..<Self.quietMainQueuePasses {
                await MainQueueBarrier.pass()
                if activity != seen { return .changed }
            }
        }
        // A main-queue block may have started tracked work that is not idle yet.
        return state.withLock { $0.work.isIdle(finished: finished) } ? .idle : .changed
    }

    /// Where main-queue blocks are not counted (Apple platforms), how many
    /// passes in a row must see nothing happen: a chain of main-queue blocks
    /// that each only enqueues the next is seen to this depth.
    static let quietMainQueuePasses = 3

    /// Where they are counted (Linux), the most passes one settling makes
    /// while blocks keep coming: a block that enqueues itself forever, as a
    /// polling loop does, must not keep the replay from going on.
    static let mostMainQueuePasses = 1_000

    /// Whether the stall timeout has passed in this run.
    var isStalled: Bool { state.withLock { $0.work.stalled } }

    /// Waits until the implementation is idle, or busy past the stall timeout
    /// however much it does meanwhile.
    ///
    /// - Returns: `false` when it was still busy.
    @discardableResult
    func waitUntilIdle() async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: options.stallTimeout)
        while true {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            switch await settle(since: activity, timeout: remaining) {
            case .idle: return true
            case .busy: return false
            case .changed: continue
            }
        }
    }
}

/// The tasks the engine runs itself and the work it cannot see.
extension ReplayEngine {
    /// What ``GlobalEnqueueWatch`` reports: `job` was handed to the global
    /// executor by work under one of this run's leases. Unless it is the
    /// scheduler being woken, it may be work the replay cannot track: a
    /// `Task.detached`, or a `Task {}` that inherited the lease. The second
    /// kind shows itself when it calls a seam (see ``claimCurrentTask()``);
    /// a task that never does stays a sign of unseen work.
    ///
    /// Called from inside the runtime's enqueue, possibly while this engine's
    /// state lock is held by the caller: it takes only a lock of its own.
    func noteEnqueue(_ job: UnsafeRawPointer) {
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

    /// Marks the calling task as the engine's own, so waking it is not counted as unseen work.
    func markEngineTask() {
        guard let task = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } })
        else { return }
        unseen.withLock { _ = $0.engineTasks.insert(UInt(bitPattern: task)) }
    }

    /// Whether this run has shown signs of work it cannot see: an effect made
    /// outside every lease, or a task handed to the global executor without one.
    var sawUnseenWork: Bool {
        let (enqueues, blocks) = unseen.withLock { ($0.unclaimed.count, $0.dispatchedBlocks) }
        return enqueues > 0 || blocks > 0 || state.withLock { $0.work.untrackedEffects > 0 }
    }

    /// What the report says of the unseen work, or `nil` when there was none.
    var unseenWorkSummary: String? {
        let (enqueues, blocks) = unseen.withLock { ($0.unclaimed.count, $0.dispatchedBlocks) }
        let (count, first) = state.withLock { ($0.work.untrackedEffects, $0.work.firstUntrackedEffect) }
        var parts: [String] = []
        if enqueues > 0 {
            let tasks = enqueues == 1 ? "1 task" : "\(enqueues) tasks"
            parts.append("\(tasks) started from its work that never called a seam under its lease (Task.detached, or a task of Task {} that made no call)")
        }
        if blocks > 0 {
            parts.append((blocks == 1 ? "1 block" : "\(blocks) blocks") + " handed to a Dispatch queue other than the main queue")
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
    /// The count of main-queue blocks read before the last pass that found the
    /// main queue quiet (Linux); `nil` before the first, or where there is no count.
    var drainedMainEnqueues: UInt?
    /// The scheduler's and the watchdog's tasks, by address.
    var engineTasks: Set<UInt> = []
    var ended = false
}
