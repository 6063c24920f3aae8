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
        // Outside a task, the calling thread's: what a `Task {}` started here inherits.
        let priority = Task.currentPriority
        return WorkLease(
            engine: self,
            id: state.withLock { state in
                state.work.noteWorkPriority(priority)
                return state.work.beginLease()
            })
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
                // A job the replay's work handed over (a Task.detached on its way) is work until it has run.
                if idleEnds, state.work.isIdle(finished: finished), !runsWatchedJobs { return (.idle, nil) }
                let token = state.work.token()
                let deadline = ContinuousClock.now.advanced(by: timeout ?? options.stallTimeout)
                // The scheduler's own waits move their deadline on with activity they were not
                // woken for; a wait with a deadline of its own (waitUntilIdle) keeps it.
                state.work.waiter = ReplayWorkTracker.ActivityWaiter(
                    token: token, continuation: continuation, deadline: deadline, seen: seen,
                    restartsOnActivity: timeout == nil)
                // The watchdog looks at the run by then already: telling it again would cost a lock.
                guard state.work.needsWatchdog(until: deadline) else { return (nil, nil) }
                state.work.watchedUntil = deadline
                return (nil, deadline)
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
    /// ``quietMainQueuePasses`` passes in a row without activity count as idle,
    /// enqueued each by the one before from the main queue, and none are passed
    /// when no work of the implementation began or went on since the last
    /// passes that found it quiet.
    func settle(since seen: Int, finished: Bool = false, timeout: Duration? = nil) async -> Wait {
        let outcome = await wait(since: seen, finished: finished, timeout: timeout)
        guard outcome == .idle else { return outcome }
        // Where the package counts main-queue blocks, none handed over since the last
        // drained pass means none waits: the passes would only cost thread hand-offs.
        if let enqueued = MainQueueBarrier.enqueued, enqueued == unseen.withLock({ $0.drainedMainEnqueues }) {
            return .idle
        }
        if MainQueueBarrier.enqueued != nil {
            if await passCountedMainQueue(since: seen) { return .changed }
        } else {
            // Uncounted: no work of the implementation has run since passes found the main
            // queue quiet, so nothing it does can have handed the queue a block since.
            let mark = state.withLock { $0.work.mark }
            if mark.activity != seen { return .changed }
            if mark != state.withLock({ $0.work.quietMainQueue }) {
                // The passes follow one another from the main queue: one hand-off there and back.
                await MainQueueBarrier.pass(Self.quietMainQueuePasses) { self.activity != seen }
                if activity != seen { return .changed }
                state.withLock { state in
                    if state.work.mark == mark { state.work.quietMainQueue = mark }
                }
            }
        }
        // A main-queue block may have started tracked work that is not idle yet.
        return state.withLock { $0.work.isIdle(finished: finished) && !runsWatchedJobs } ? .idle : .changed
    }

    /// Where the package counts main-queue blocks, passes the main queue until
    /// a pass sees no block handed over while it waited, so a chain of
    /// main-queue blocks is followed to its end, however long; returns whether
    /// the implementation did anything meanwhile.
    private func passCountedMainQueue(since seen: Int) async -> Bool {
        for _ in 0..<Self.mostMainQueuePasses {
            // Read before the pass: every block it counts was handed over before the barrier.
            let counted = MainQueueBarrier.enqueued
            await MainQueueBarrier.pass()
            if activity != seen { return true }
            if MainQueueBarrier.enqueued == counted {
                unseen.withLock { $0.drainedMainEnqueues = counted }
                return false
            }
        }
        return activity != seen
    }

    /// Before a stimulus, in a run the runtime watch orders, runs what app
    /// code handed the main queue since it was last passed, when the tracked
    /// work is idle (it does not wait for that: work parked for good would
    /// hold every stimulus back); returns whether the implementation did
    /// anything meanwhile.
    ///
    /// On a device a block app code hands the main queue runs as soon as the
    /// main thread is free, and the next answer or event comes later, from
    /// the network or the web process: a group's notification that the last
    /// answer's work let go, or a completion handler's hop, answers the page
    /// before the next answer arrives. The count is the process's, so another
    /// replay's blocks count too: they cost a pass, never a verdict.
    func runMainQueueBlocks(since seen: Int) async -> Bool {
        guard let enqueued = MainQueueBarrier.enqueued,
            unseen.withLock({ $0.underRuntimeWatch && !$0.ended && enqueued != $0.drainedMainEnqueues }),
            state.withLock({ $0.work.isIdle() })
        else { return false }
        return await passCountedMainQueue(since: seen)
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
    ///
    /// - Parameter orParked: Whether work that can only be parked (see
    ///   ``isParked()``) ends the wait too, checked each time something happens.
    @discardableResult
    func waitUntilIdle(orParked: Bool = false) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: options.stallTimeout)
        while true {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            // Read before looking: what happens while it looks must wake the settling below.
            let seen = activity
            if orParked, await isParked() { return true }
            switch await settle(since: seen, timeout: remaining) {
            case .idle: return true
            case .busy: return false
            case .changed: continue
            }
        }
    }
}
