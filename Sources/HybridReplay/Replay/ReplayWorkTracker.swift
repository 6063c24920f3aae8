/// The implementation's work as the engine counts it: live leases and their
/// waits on the replay, the scheduler waiting for it, the stall watchdog,
/// the tasks the engine started for it, and the signs of work it cannot see.
///
/// A plain value kept behind the engine's lock; it hands back the
/// continuations to resume, and the caller resumes them after letting go.
/// See ``WorkLease`` for what a lease is.
struct ReplayWorkTracker: Sendable {
    /// The scheduler waiting for the implementation (see ``ReplayEngine/wait(since:finished:timeout:idleEnds:)``).
    struct ActivityWaiter: Sendable {
        var token: Int
        var continuation: CheckedContinuation<ReplayEngine.Wait, Never>
        /// When the stall timeout passes for this wait, in real time.
        var deadline: ContinuousClock.Instant
        /// The activity when the deadline was last set.
        var seen: Int
        /// Whether activity the waiter was not woken for moves its deadline on.
        var restartsOnActivity: Bool
        /// How far the deadline has moved for time the executors ran other work.
        var starved: Duration = .zero
    }

    /// How many things have happened: effects, deliveries, registrations, work that ended.
    private(set) var activity = 0
    /// How many times work of the implementation began or went on after
    /// waiting on the replay: leases begun and waits ended.
    private(set) var resumptions = 0
    /// Where the tracker stood when main-queue barriers last found nothing
    /// to run (where main-queue blocks are not counted; see ``ReplayEngine/settle(since:finished:timeout:)``).
    var quietMainQueue: Mark?
    var waiter: ActivityWaiter?
    /// When the process's stall watchdog looks at this run next (see
    /// ``StallWatchdog``), or `nil` while it does not watch the run.
    var watchedUntil: ContinuousClock.Instant?
    private var nextToken = 0
    /// Live work of the implementation (see ``WorkLease``), with how many of its waits are on the replay.
    private var leases: [Int: Int] = [:]
    /// Decision and reply handlers app code still holds (see ``SettlementTicket``).
    var heldSettlementHandlers = 0
    /// Whether the stall timeout has passed once: work the replay cannot see is not waited for again.
    var stalled = false
    /// The tasks the engine started for the implementation, cancelled when the run ends.
    var tasks: [Task<Void, Never>] = []
    /// The priorities the implementation's work has run at, which the tasks
    /// it starts inherit: the stall watchdog probes the global executor at each.
    private(set) var workPriorities: Set<UInt8> = []
    /// Effects made by work the replay cannot see (no lease of this run), and the first of them.
    private(set) var untrackedEffects = 0
    private(set) var firstUntrackedEffect: String?

    /// A number no other lease, waiter or watchdog of this run has.
    mutating func token() -> Int {
        nextToken += 1
        return nextToken
    }

    /// Notes that something happened, returning the waiter to resume outside the lock.
    mutating func bump() -> (@Sendable () -> Void)? {
        activity += 1
        guard let waiter else { return nil }
        self.waiter = nil
        return { waiter.continuation.resume(returning: .changed) }
    }

    /// Counts activity without waking the waiter.
    mutating func count() { activity += 1 }

    /// Where the tracker stands: when it stands there again, no work of the
    /// implementation has run in between, unless a task of a waiting lease did.
    struct Mark: Equatable {
        var activity: Int
        var resumptions: Int
    }

    var mark: Mark { Mark(activity: activity, resumptions: resumptions) }

    mutating func beginLease() -> Int {
        resumptions += 1
        let id = token()
        leases[id] = 0
        return id
    }

    mutating func endLease(_ id: Int) { leases[id] = nil }

    /// How many pieces of live work neither ended nor wait on the replay:
    /// tasks of the implementation's that wait on something else (a
    /// `Task.sleep` in real time, a call the replay does not play) or run.
    var busyLeases: Int { leases.values.filter { $0 == 0 }.count }

    /// Notes that work of the implementation runs at `priority`.
    mutating func noteWorkPriority(_ priority: TaskPriority) { workPriorities.insert(priority.rawValue) }

    /// Notes that work under `lease` now waits on the replay.
    mutating func beginWait(_ lease: Int?) {
        guard let lease, leases[lease] != nil else { return }
        leases[lease, default: 0] += 1
    }

    /// Notes that a wait under `lease` is over: the work it resumes counts as running.
    mutating func endWait(_ lease: Int?) {
        guard let lease, let waits = leases[lease] else { return }
        resumptions += 1
        leases[lease] = max(0, waits - 1)
    }

    /// Whether every piece of live work waits on the replay, or, when
    /// `finished`, whether no work is left at all.
    func isIdle(finished: Bool = false) -> Bool {
        finished ? leases.isEmpty : leases.values.allSatisfy { $0 > 0 }
    }

    /// Notes an effect made by work the replay cannot see: it is named if the replay stalls.
    mutating func noteUntracked(_ payload: any EventPayload) {
        untrackedEffects += 1
        if firstUntrackedEffect == nil {
            firstUntrackedEffect = "\(payload.kind)" + (payload.summary.isEmpty ? "" : " \(payload.summary)")
        }
    }

    /// Whether the watchdog must be told of a wait ending at `deadline`: it
    /// does not watch the run, or it looks at it too late for that wait.
    func needsWatchdog(until deadline: ContinuousClock.Instant) -> Bool {
        guard let watchedUntil else { return true }
        return watchedUntil > deadline
    }

    /// Ends the wait whose deadline passed at `now`, or moves its deadline on
    /// by `stallTimeout` when the implementation made progress meanwhile.
    ///
    /// - Parameters:
    ///   - starved: Time since the watchdog last looked in which the executors
    ///     ran other work: the deadline moves on by it, `mostStarved` in all at most.
    /// - Returns: When the watchdog should look at the run next (`nil`: no
    ///   more, until a wait tells it again), and the waiter to resume with
    ///   ``ReplayEngine/Wait/busy``.
    mutating func expireWaiter(
        at now: ContinuousClock.Instant, stallTimeout: Duration, starved: Duration = .zero,
        mostStarved: Duration = .zero
    ) -> (next: ContinuousClock.Instant?, stalled: CheckedContinuation<ReplayEngine.Wait, Never>?) {
        guard var waiter else {
            watchedUntil = nil
            return (nil, nil)
        }
        let postponed = min(starved, max(.zero, mostStarved - waiter.starved))
        if postponed > .zero {
            waiter.starved += postponed
            waiter.deadline = waiter.deadline.advanced(by: postponed)
            self.waiter = waiter
        }
        if waiter.deadline > now {
            watchedUntil = waiter.deadline
            return (waiter.deadline, nil)
        }
        if waiter.restartsOnActivity, activity != waiter.seen {
            // The implementation made progress the scheduler had no reason to wake for:
            // the stall timeout counts from now.
            waiter.seen = activity
            waiter.deadline = now.advanced(by: stallTimeout)
            self.waiter = waiter
            watchedUntil = waiter.deadline
            return (waiter.deadline, nil)
        }
        self.waiter = nil
        stalled = true
        watchedUntil = nil
        return (nil, waiter.continuation)
    }
}
