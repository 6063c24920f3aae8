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
        let id = state.withLock { state in
            state.nextToken += 1
            state.leases[state.nextToken] = 0
            return state.nextToken
        }
        return WorkLease(engine: self, id: id)
    }

    func leaseEnded(_ id: Int) {
        let waiter = state.withLock { state in
            state.leases[id] = nil
            return Self.bumpActivity(&state)
        }
        waiter?()
    }

    /// The lease of the calling task when it belongs to this replay, to note a wait on it.
    var currentLease: Int? {
        guard let lease = ReplayContext.lease, lease.engine === self else { return nil }
        return lease.id
    }

    /// Notes that work under `lease` now waits on the replay.
    static func beginWait(_ lease: Int?, _ state: inout State) {
        guard let lease, state.leases[lease] != nil else { return }
        state.leases[lease, default: 0] += 1
    }

    /// Notes that a wait under `lease` is over: the work it resumes counts as running.
    static func endWait(_ lease: Int?, _ state: inout State) {
        guard let lease, let waits = state.leases[lease] else { return }
        state.leases[lease] = max(0, waits - 1)
    }

    /// Whether every piece of live work waits on the replay, or, when
    /// `finished`, whether no work is left at all.
    static func isIdle(_ state: State, finished: Bool = false) -> Bool {
        finished ? state.leases.isEmpty : state.leases.values.allSatisfy { $0 > 0 }
    }

    /// Waits until the implementation is idle (or `finished`) or something
    /// happens after `seen`; gives up after the stall timeout of real time,
    /// which passes only while work the replay cannot see keeps going.
    func wait(since seen: Int, finished: Bool = false, timeout: Duration? = nil) async -> Wait {
        await withCheckedContinuation { (continuation: CheckedContinuation<Wait, Never>) in
            let (outcome, watch) = state.withLock { state -> (Wait?, ContinuousClock.Instant?) in
                if state.activity != seen { return (.changed, nil) }
                if Self.isIdle(state, finished: finished) { return (.idle, nil) }
                state.nextToken += 1
                let deadline = ContinuousClock.now.advanced(by: timeout ?? options.stallTimeout)
                // The scheduler's own waits move their deadline on with activity they were not
                // woken for; a wait with a deadline of its own (waitUntilIdle) keeps it.
                state.activityWaiter = ActivityWaiter(
                    token: state.nextToken, continuation: continuation, deadline: deadline, seen: seen,
                    restartsOnActivity: timeout == nil)
                return (nil, needsWatchdog(until: deadline, state) ? deadline : nil)
            }
            if let outcome { return continuation.resume(returning: outcome) }
            if let watch { watchStall(from: watch) }
        }
    }

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
            switch await wait(since: activity, timeout: remaining) {
            case .idle: return true
            case .busy: return false
            case .changed: continue
            }
        }
    }
}
