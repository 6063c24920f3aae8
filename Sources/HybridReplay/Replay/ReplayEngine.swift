/// The state of one replay run: which effects have happened, which stimuli
/// have been delivered, the bindings, the virtual clock and the issues.
///
/// The platform doubles report effects to it synchronously, in the order app
/// code makes its calls; the scheduler (``ReplayEngine/run(setUp:)``) plays
/// stimuli from it. All state sits behind one lock that is never held while
/// app code runs.
final class ReplayEngine: Sendable {
    let cassette: Cassette
    let options: ReplayOptions
    /// The most issues one run collects; the first is the one that matters.
    static let issueLimit = 20

    struct Receivers {
        var scriptHandlers: [ScriptHandlerKey: any ScriptMessageHandler] = [:]
        var replyHandlers: [ScriptHandlerKey: any ScriptMessageHandlerWithReply] = [:]
        var navigationDelegate: (any NavigationDelegate)?
        var uiDelegate: (any UIDelegate)?
        var locationDelegate: (any LocationManagerDelegate)?
        var customHandlers = CustomHandlerTable()
    }

    struct TraceEntry {
        var payload: any EventPayload
        var at: Duration
        /// The cassette event it matched or was delivered as.
        var eventID: Int?
        var knownCause: Int?
        /// Made after the run ended, in reaction to its calls being failed: not judged.
        var afterEnd = false
    }

    struct Sleeper {
        var id: Int
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
        /// The work that sleeps, which waits on the replay meanwhile.
        var lease: Int?
    }

    /// A call waiting for its recorded answer.
    struct AnswerHandler {
        var lease: Int?
        var handler: @Sendable (Event?) -> Void
        /// Where the platform calls the handler back.
        var executor: DeliveryExecutor
    }

    /// The scheduler waiting for the implementation (see ``ReplayEngine/wait(since:finished:timeout:)``).
    struct ActivityWaiter {
        var token: Int
        var continuation: CheckedContinuation<Wait, Never>
        /// When the stall timeout passes for this wait, in real time.
        var deadline: ContinuousClock.Instant
        /// The activity when the deadline was last set.
        var seen: Int
        /// Whether activity the waiter was not woken for moves its deadline on.
        var restartsOnActivity: Bool
    }

    struct State {
        var matched: Set<Int> = []
        var delivered: Set<Int> = []
        /// Index into `stimuli` of the next stimulus to deliver.
        var nextStimulus = 0
        /// Index into `effectIDs` below which every effect has happened.
        var firstUnmatchedEffect = 0
        var answerHandlers: [Int: AnswerHandler] = [:]
        var decisions: [Int: NavigationPolicy] = [:]
        var responseDecisions: [Int: NavigationResponsePolicy] = [:]
        var replies: [Int: Outcome] = [:]
        var bindings = PlaceholderBindings()
        var issues: [ReplayIssue] = []
        var trace: [TraceEntry] = []
        var activity = 0
        var activityWaiter: ActivityWaiter?
        /// The one task that ends waits at their deadline (see ``ReplayEngine/watchStall(from:)``), and when it wakes next.
        var watchdog: (id: Int, task: Task<Void, Never>, wakes: ContinuousClock.Instant)?
        var nextToken = 0
        /// Live work of the implementation (see ``WorkLease``), with how many of its waits are on the replay.
        var leases: [Int: Int] = [:]
        /// Decision and reply handlers app code still holds (see ``SettlementTicket``).
        var heldSettlementHandlers = 0
        /// Whether the stall timeout has passed once: work the replay cannot see is not waited for again.
        var stalled = false
        var now = Duration.zero
        var sleepers: [Sleeper] = []
        /// Sleepers cancelled before they were registered.
        var cancelledSleepers: Set<Int> = []
        var receivers = Receivers()
        var locationStatus = AuthorizationStatus.notDetermined
        var desiredAccuracy = 0.0
        var distanceFilter = -1.0
        var tasks: [Task<Void, Never>] = []
        /// Index of the first effect not yet matched in each cause's group.
        var groupCursor: [Int: Int] = [:]
        /// The causes (0 for none) whose groups have effects left and may have some due.
        var openGroups: Set<Int> = []
        var stopped = false
        var ended = false
        /// Effects made by work the replay cannot see (no lease of this run), and the first of them.
        var untrackedEffects = 0
        var firstUntrackedEffect: String?
        /// The recorded effects the run reported missing, with the event their issue names.
        var judgedMissing: [Int: Int] = [:]
    }

    let state = Locked(State())
    /// Signs of work the replay cannot see; see ``GlobalEnqueueWatch``.
    let unseen = Locked(UnseenWork())
    /// Stimuli in timeline order.
    let stimuli: [Event]
    /// Effect ids in timeline order.
    let effectIDs: [Int]
    /// Effect ids by cause (0 for effects without one), in timeline order.
    let effectsByCause: [Int: [Int]]
    /// The stimulus that answers each effect that has an answer.
    let answerForEffect: [Int: Int]
    /// The cassette's events, found by id with ``index(of:)``.
    private let events: [Event]
    /// The index of the first event with each id, unless the ids are 1, 2, 3… in order.
    private let indexByID: [Int: Int]?
    /// The recorded effects prepared for comparison, and which stimuli hold volatile values.
    let prepared: PreparedEvents

    /// - Parameter prepared: The cassette's events prepared for `options`'
    ///   placeholders, when a replay repeated several times prepared them once.
    init(cassette: Cassette, options: ReplayOptions, prepared: PreparedEvents? = nil) {
        self.cassette = cassette
        self.options = options
        _ = GlobalEnqueueWatch.isInstalled
        let events = cassette.events
        var stimuli: [Event] = []
        var effectIDs: [Int] = []
        var byCause: [Int: [Int]] = [:]
        var answers: [Int: Int] = [:]
        // By index: a loop variable would copy every event.
        for index in events.indices {
            let id = events[index].id
            if events[index].direction == .effect {
                effectIDs.append(id)
                byCause[events[index].cause ?? 0, default: []].append(id)
            } else {
                stimuli.append(events[index])
                if let answered = events[index].answers, answers[answered] == nil { answers[answered] = id }
            }
        }
        self.stimuli = stimuli
        self.effectIDs = effectIDs
        effectsByCause = byCause
        answerForEffect = answers
        self.events = events
        self.prepared = prepared ?? PreparedEvents(events, placeholders: options.placeholders)
        if events.indices.allSatisfy({ events[$0].id == $0 + 1 }) {
            indexByID = nil
        } else {
            var byID: [Int: Int] = [:]
            for (index, event) in events.enumerated() where byID[event.id] == nil { byID[event.id] = index }
            indexByID = byID
        }
        if byCause[0] != nil { state.withLock { _ = $0.openGroups.insert(0) } }
    }

    /// Where the first event with `id` is in the cassette.
    func index(of id: Int) -> Int? {
        guard let indexByID else { return id >= 1 && id <= events.count ? id - 1 : nil }
        return indexByID[id]
    }

    func event(_ id: Int) -> Event? { index(of: id).map { events[$0] } }

    /// The cause of event `id`, read without copying the event.
    func cause(of id: Int) -> Int? { index(of: id).flatMap { events[$0].cause } }

    /// The effect event `id` answers, read without copying the event.
    func answered(by id: Int) -> Int? { index(of: id).flatMap { events[$0].answers } }

    /// One line naming an event, for reports.
    func describe(_ id: Int) -> String {
        guard let event = event(id) else { return "event \(id)" }
        return "event \(id) (\(event.kind)" + (event.payload.summary.isEmpty ? ")" : " \(event.payload.summary))")
    }

    var issues: [ReplayIssue] { state.withLock { $0.issues } }
    var isStopped: Bool { state.withLock { $0.stopped } }
    var now: Duration { state.withLock { $0.now } }

    // MARK: Issues and activity

    /// Records `issue` and stops delivering stimuli: the first divergence is
    /// what a report is about, and what follows it is mostly its echo.
    func fail(_ issue: ReplayIssue) {
        let waiter = state.withLock { state in
            if state.issues.count < Self.issueLimit { state.issues.append(issue) }
            state.stopped = true
            return Self.bumpActivity(&state)
        }
        waiter?()
    }

    /// Notes that something happened, returning the waiter to resume outside the lock.
    static func bumpActivity(_ state: inout State) -> (@Sendable () -> Void)? {
        state.activity += 1
        guard let waiter = state.activityWaiter else { return nil }
        state.activityWaiter = nil
        return { waiter.continuation.resume(returning: .changed) }
    }

    /// Notes an effect: the waiter is woken only when the effect may let the
    /// scheduler move on — the next stimulus became ready, the implementation
    /// is idle, or the run stopped. Any other effect only counts as activity,
    /// which keeps the stall timeout from passing.
    func bumpActivityForEffect(_ state: inout State) -> (@Sendable () -> Void)? {
        state.activity += 1
        guard state.activityWaiter != nil else { return nil }
        guard nextStimulusIsReady(state) || state.stopped || state.ended || Self.isIdle(state) || state.nextStimulus >= stimuli.count
        else { return nil }
        return Self.bumpActivity(&state)
    }

    func noteActivity() {
        let waiter = state.withLock { Self.bumpActivity(&$0) }
        waiter?()
    }

    func register(_ update: (inout Receivers) -> Void) {
        let waiter = state.withLock { state in
            update(&state.receivers)
            return Self.bumpActivity(&state)
        }
        waiter?()
    }

    /// Runs `body` in a task of its own as work of the implementation, under
    /// the current lease; the task is cancelled when the run ends.
    func track(_ body: @escaping @Sendable () async -> Void) {
        // The engine starts this task; what the implementation does in it is the implementation's.
        let task = ReplayContext.$isEngineWork.withValue(true) {
            Task { await ReplayContext.$isEngineWork.withValue(false) { await body() } }
        }
        state.withLock { $0.tasks.append(task) }
    }
}
