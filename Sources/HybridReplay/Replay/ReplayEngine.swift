/// One replay run: the parts that play a cassette against an implementation,
/// and the lock they share.
///
/// - ``ReplayScript``: the cassette and its indexes, read without a lock.
/// - ``ReplayMatcher``: what the run decides — matches, settlements, issues,
///   the trace — a plain value with no lock of its own.
/// - ``ReplayWorkTracker``: the implementation's work, the scheduler's wait
///   and the stall watchdog.
/// - ``SleeperQueue``: the virtual clock.
/// - ``ReplayReceivers``: what app code registered with the doubles, behind a lock of its own.
///
/// The platform doubles report effects synchronously, in the order app code
/// makes its calls; the scheduler (``ReplayEngine/run()``) plays stimuli.
/// The matcher, the tracker and the clock change together — a delivery moves
/// the clock, matches and ends a wait at once — so they sit behind one lock,
/// ``state``. It is never held while app code runs, while a continuation is
/// resumed, or while report text is built; and no other lock is taken while
/// it is held, except ``unseen``'s by the runtime's enqueue hook.
final class ReplayEngine: Sendable {
    let script: ReplayScript

    /// A call waiting for its recorded answer.
    struct AnswerHandler: Sendable {
        var lease: Int?
        var handler: @Sendable (Event?) -> Void
        /// Where the platform calls the handler back.
        var executor: DeliveryExecutor
        /// What the platform does to the call when the task awaiting it is
        /// cancelled, for a seam whose platform fails it then (an HTTP request).
        var cancellation: CallCancellation? = nil
    }

    struct State {
        var matcher: ReplayMatcher
        var work = ReplayWorkTracker()
        var clock = SleeperQueue()
        /// Calls waiting for their recorded answers, by the effect they matched.
        var answers: [Int: AnswerHandler] = [:]
        /// The end of the main-queue turn that made the effect which stopped the run, when it was made in one.
        var stoppingTurn: MainTurnEnd?
    }

    let state: Locked<State>
    /// Signs of work the replay cannot see; see ``GlobalEnqueueWatch``.
    let unseen = Locked(UnseenWork())
    /// What app code registered with the doubles.
    let receivers: ReplayReceivers

    /// - Parameters:
    ///   - prepared: The cassette's events prepared for `options`'
    ///     placeholders, when a replay repeated several times prepared them once.
    ///   - explores: Whether the run explores instead of judging (see `Replayer+Exploring.swift`).
    convenience init(cassette: Cassette, options: ReplayOptions, prepared: PreparedEvents? = nil, explores: Bool = false) {
        self.init(script: Self.script(for: cassette, options: options, prepared: prepared, explores: explores))
    }

    /// A run of `script`, which runs of the same cassette and options share: it never changes.
    init(script: ReplayScript) {
        self.script = script
        state = Locked(State(matcher: ReplayMatcher(script)))
        receivers = ReplayReceivers(
            locationStatus: script.initialLocationStatus, locationAccuracy: script.initialLocationAccuracy)
    }

    /// The key the runtime watch holds this run's delayed blocks under: never 0.
    var delayedBlocksKey: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// The key the runtime watch follows this run's jobs under (see
    /// ``WatchedJobs``): never 0, and no other run's in the process, so a
    /// job handed over for a run that has ended and been freed is never
    /// told over to a run made since at its address.
    let watchKey: UInt = ReplayEngine.nextWatchKey.withLock { key in
        key += 1
        return key
    }

    private static let nextWatchKey = Locked<UInt>(0)

    /// What a run of `cassette` with `options` plays; see ``init(cassette:options:prepared:explores:)``.
    static func script(for cassette: Cassette, options: ReplayOptions, prepared: PreparedEvents? = nil, explores: Bool = false)
        -> ReplayScript
    {
        ReplayScript(cassette: cassette, options: ThreadSanitizerScaling.scaled(options), prepared: prepared, explores: explores)
    }

    var cassette: Cassette { script.cassette }
    var options: ReplayOptions { script.options }

    /// One line naming an event, for reports.
    func describe(_ id: Int) -> String { script.describe(id) }

    var issues: [ReplayIssue] { state.withLock { $0.matcher.issues } }
    var isStopped: Bool { state.withLock { $0.matcher.stopped } }
    var now: Duration { state.withLock { $0.clock.now } }

    // MARK: Issues and activity

    /// Records `issue` and stops delivering stimuli: the first divergence is
    /// what a report is about, and what follows it is mostly its echo.
    func fail(_ issue: ReplayIssue) {
        let waiter = state.withLock { state in
            state.matcher.fail(issue)
            return state.work.bump()
        }
        waiter?()
    }

    /// Reports `call`, made on the scheme task of `requestID` after the page
    /// stopped it: the first such call is an issue, which names the later ones.
    func failCallAfterStop(_ call: String, task requestID: Int) {
        let cause = script.reference(requestID, as: URLSchemeRequest.eventKind)
        let waiter = state.withLock { state -> (@Sendable () -> Void)? in
            if state.matcher.addCallAfterStop(call, task: requestID) { return nil }
            state.matcher.fail(
                ReplayIssue(
                    kind: .schemeTaskMisuse, eventID: requestID, eventKind: URLSchemeRequest.eventKind,
                    statement: .schemeTaskCalledAfterStop(first: call, later: []), cause: cause))
            return state.work.bump()
        }
        waiter?()
    }

    func noteActivity() {
        let waiter = state.withLock { $0.work.bump() }
        waiter?()
    }

    /// Changes what app code registered with the doubles; the scheduler sees it as activity.
    func register(_ update: (inout ReplayReceivers.Table) -> Void) {
        receivers.update(update)
        noteActivity()
    }

    /// Runs `body` in a task of its own as work of the implementation, under
    /// the current lease; the task is cancelled when the run ends.
    func track(_ body: @escaping @Sendable () async -> Void) {
        // The engine starts this task; what the implementation does in it is the implementation's.
        let task = ReplayContext.$isEngineWork.withValue(true) {
            Task { await ReplayContext.$isEngineWork.withValue(false) { await body() } }
        }
        state.withLock { $0.work.tasks.append(task) }
    }
}

extension ReplayEngine.State {
    /// Notes an effect: the waiter is woken only when the effect may let the
    /// scheduler move on — the next stimulus became ready, the implementation
    /// is idle, or the run stopped. Any other effect only counts as activity,
    /// which keeps the stall timeout from passing.
    mutating func bumpForEffect() -> (@Sendable () -> Void)? {
        work.count()
        guard work.waiter != nil else { return nil }
        guard matcher.progress.nextStimulusIsReady(matcher.script) || matcher.stopped || matcher.ended || work.isIdle()
            || matcher.progress.deliveredAll(matcher.script)
        else { return nil }
        return work.bump()
    }
}
