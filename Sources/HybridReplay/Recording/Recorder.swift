import Foundation

/// Records a session of app code talking to live seams, and writes it as a cassette.
///
/// Hand the app code the platform from ``platform(wrapping:)``: every call
/// it makes into a seam is recorded as an effect, and everything the seams
/// deliver to it as a stimulus, with ids in the order they happen, the
/// stimulus each effect reacts to as its `cause`, the effect each answer
/// responds to as its `answers`, and the time since the recorder was created
/// on the injected clock. Events are written in ``RecordedForm`` (JSON in
/// scripts with sorted keys, JSON request bodies as `json`) and redacted (see
/// ``Redaction``) before they are stored, and a value redacted in one event is
/// hidden wherever else it appears, in events before and after it (see
/// docs/secrets.md); the app and the live seams still see the real values.
///
/// ```swift
/// let recorder = Recorder(name: "bridge-echo", contract: "bridge", engine: "WebKitGTK 6.0")
/// let bridge = EchoBridge(platform: recorder.platform(wrapping: live))
/// // … drive the page …
/// try recorder.write(to: URL(filePath: "Cassettes/bridge/echo.json"))
/// ```
///
/// A recorder is safe to use from any number of tasks and threads at once:
/// each event is numbered, timed, redacted and stored under one lock. Each
/// task keeps its own cause: effects made in a handler, or in tasks started
/// there, are caused by the stimulus delivered, and an answer a task awaits
/// causes that task's later effects only (docs/writing-tests.md has the rules).
/// Effects of one cause made by several child tasks running at once
/// (`async let`, a task group) are told apart by their ``Event/strand``.
public final class Recorder: Sendable {
    /// The cassette's name, such as `bridge-echo`.
    public let name: String
    /// What the session does, in a sentence or two.
    public let description: String?
    /// The bridge contract the session exercises.
    public let contract: String?
    /// The rules applied to every event before it is stored.
    public let redaction: Redaction
    /// Where the events come from, such as `URLSession` or `WebKitGTK 6.0`.
    public let engine: String?
    /// The fields whose values change from recording to recording, written
    /// in the cassette's `volatile` header; see ``VolatileField``.
    public let volatile: [VolatileField]

    /// The secrets ``redaction`` declares (``Redaction/values(_:)``), in order and as a set.
    private let declaredValues: [String]
    private let declaredSet: Set<String>
    private let elapsed: @Sendable () -> Duration
    /// The number of the task that created the recorder (0 outside a task):
    /// a task numbered at or below it, such as the test function driving
    /// the session, is not a task of the app's (see ``appTask``).
    private let taskWatermark: UInt64
    private let state = Locked(State())
    /// Drives waiting for events, woken by every event stored.
    let waiters = ConditionWaiters()
    /// The key the jobs of app code this recorder follows are noted under (``RecordedJobs``).
    let jobKey: UInt

    private struct State: Sendable {
        var events: [Event] = []
        var nextID = 1
        var lastAt = 0.0
        var placeholders = RedactionPlaceholders()
        /// The values redacted so far that are replaced wherever they appear.
        var redactedValues = RedactedValues()
        /// The highest placeholder number `redactedValues` holds the secret of.
        var sweptNumber = 0
        /// The short secrets found by what asked for them (a prompt's answer),
        /// which `redactedValues` replaces where they are quoted whole.
        var quotedSecrets: Set<String> = []
        /// ``PayloadStrings/texts(of:)`` of each stored event, searched for a
        /// newly redacted value before an event is rewritten; `nil` until needed.
        var texts: [[UInt8]?] = []
        /// Events where replacing a redacted value would make the payload
        /// unreadable; the recording is refused rather than written with the value.
        var unsweepable: [String] = []
        /// Effects the platform may answer unprompted later, oldest first, by kind.
        var outstanding: [EventKind: [Int]] = [:]
        /// What each task awaited last, per cause scope.
        var awaited = AwaitedAnswers()
        /// The wall-clock date at time 0, known once app code read the wall clock.
        var recordedAt: Date?
        /// The stand-ins for seams the wrapped platforms were built without.
        var unavailableSeams: [UnavailableSeam] = []
        /// The web views the wrapped platforms held, in the order first wrapped, by identity and type name.
        var webViews: [(id: ObjectIdentifier, type: String)] = []
        /// The lifecycle notifications whose delivery left no work without a cause (see ``RecordingOrder``).
        var quietNotifications: Set<Int> = []
        /// Effects recorded with a cause of their own (a reply, its message) that app code made
        /// in reaction to another stimulus (a cancellation inside a navigation callback), by id.
        var reactions: [Int: Int] = [:]
        /// The tasks of app code behind the effects, which ``Strands`` numbers.
        var tasks = Strands.Tasks()
    }

    /// Creates a recorder; its clock starts now.
    ///
    /// - Parameters:
    ///   - name: The cassette's name, such as `router-present-yellow`.
    ///   - description: What the session does.
    ///   - contract: The bridge contract it exercises, such as `router`.
    ///   - redaction: What to hide before anything is stored; ``Redaction/default`` hides
    ///     cookies and credentials.
    ///   - clock: Measures each event's `at`; inject a manual clock for exact times.
    ///   - engine: Where the events come from, written in the cassette's `recordedBy`.
    ///   - volatile: The fields whose values change from recording to recording,
    ///     such as Capacitor's `script.message body.callbackId`, written in the
    ///     cassette's `volatile` header.
    public init(
        name: String, description: String? = nil, contract: String? = nil, redaction: Redaction = .default,
        clock: any Clock<Duration> = ContinuousClock(), engine: String? = nil, volatile: [VolatileField] = []
    ) {
        self.volatile = volatile
        self.name = name
        self.description = description
        self.contract = contract
        self.redaction = redaction
        self.declaredValues = redaction.declaredValues
        self.declaredSet = Set(redaction.declaredValues)
        self.engine = engine
        self.elapsed = Self.stopwatch(clock)
        self.taskWatermark = CurrentTask.isNumberedByRuntime ? CurrentTask.id?.value ?? 0 : 0
        self.jobKey = RecordedJobs.newKey()
        RecordedJobs.began(self, taskWatermark: taskWatermark)
        TaskHandoffs.recorderBegan(self)
    }

    deinit {
        RecordedJobs.ended(jobKey, ObjectIdentifier(self))
        TaskHandoffs.recorderEnded(ObjectIdentifier(self))
    }

    /// The events recorded so far, redacted, in id order, each effect made
    /// by one of several concurrent tasks of its cause with its ``Event/strand``.
    public var events: [Event] {
        let (events, tasks) = state.withLock { ($0.events, $0.tasks) }
        return Strands.numbered(events, withOrigins(tasks))
    }

    /// The recording as a cassette: the header and the events so far.
    ///
    /// The events are in the written order of ``RecordingOrder``: as they
    /// happened, except that a navigation lifecycle notification is written
    /// after the JavaScript, HTTP and location work it raced with, and the
    /// calls of concurrent child tasks in one place among the answers they
    /// raced with (``Strands/canonical(_:)``), so that ids may differ from those of ``events``.
    ///
    /// - Returns: A cassette `recordedBy` HybridReplay ``RecordingTool/hybridReplayVersion``
    ///   with this recorder's engine, listing the redaction rules applied.
    public func cassette() -> Cassette {
        let header = CassetteHeader(
            name: name, description: description, contract: contract,
            recordedBy: .hybridReplay(engine: engine), redactions: redaction.ruleNames,
            recordedAt: state.withLock { $0.recordedAt }, volatile: volatile)
        let (events, quiet, reactions, tasks) = state.withLock {
            ($0.events, $0.quietNotifications, $0.reactions, $0.tasks)
        }
        let stranded = Strands.numbered(events, withOrigins(tasks))
        return Cassette(
            header: header,
            events: Strands.canonical(RecordingOrder.written(stranded, quiet: quiet, reactions: reactions)))
    }

    /// Delivers the lifecycle notification `id` to app code with `body`, and
    /// notes whether the app handed off work without a cause while it ran.
    func deliverNotification(_ id: Int, _ body: () -> Void) {
        let quiet = UntrackedHandoffs.noneLeft { deliver(id, body) }
        if quiet { state.withLock { _ = $0.quietNotifications.insert(id) } }
    }

    /// Notes that app code read `date` from the wall clock: the first read
    /// fixes the date at the recording's time 0, which a replay starts from.
    func noteWallClockRead(_ date: Date) {
        let since = elapsed()
        state.withLock { state in
            guard state.recordedAt == nil else { return }
            state.recordedAt = date.addingTimeInterval(-since.timeInterval)
        }
    }

    /// Notes the seams `live` was built without, whose calls ``write(to:)`` refuses.
    func noteUnavailableSeams(of live: Platform) {
        let seams = live.unavailableSeams
        guard !seams.isEmpty else { return }
        state.withLock { $0.unavailableSeams += seams }
    }

    /// Notes the web view `live` holds: a cassette records one web view, and
    /// ``write(to:)`` refuses a recording that wrapped a second one.
    func noteWebView(of live: Platform) {
        let webView = live.webView
        guard !(webView is any UnavailableSeamStandIn) else { return }
        let id = ObjectIdentifier(webView)
        let type = String(describing: Swift.type(of: webView))
        state.withLock { state in
            guard !state.webViews.contains(where: { $0.id == id }) else { return }
            state.webViews.append((id, type))
        }
    }

    /// What is wrong when the wrapped platforms held more than one web view, in one sentence; `nil` when they did not.
    var webViewsProblem: String? {
        let webViews = state.withLock { $0.webViews }
        guard webViews.count > 1 else { return nil }
        return "platform(wrapping:) was given \(webViews.count) different web views "
            + "(\(webViews.map(\.type).joined(separator: ", "))): a cassette records one web view (one tab), "
            + "and a replay hands its events to one web view"
    }

    /// Every call app code made to a seam the wrapped platform was built
    /// without, as the stand-in words it: the calls that could not fail
    /// where they were made (see `Platform.init`).
    var unavailableSeamCalls: [String] {
        state.withLock { $0.unavailableSeams }.flatMap(\.touches)
    }

    // MARK: Recording

    /// Redacts, numbers, times and stores one event.
    ///
    /// - Parameters:
    ///   - payload: What crossed the seam, unredacted.
    ///   - cause: The stimulus that led to it.
    ///   - answers: The effect it answers.
    ///   - awaitsLateAnswer: Whether the platform may answer it later on its
    ///     own, as an authorization change answers a request; see ``recordAnswer(_:toOldest:)``.
    /// - Returns: The event's id.
    @discardableResult
    func record(_ payload: any EventPayload, cause: Int?, answers: Int? = nil, awaitsLateAnswer: Bool = false) -> Int {
        // What app code was reacting to when it made an effect whose cause is given: a reply made
        // by a cancellation inside another stimulus's delivery belongs after that stimulus.
        record(payload, cause: cause, reaction: payload.direction == .effect && cause != nil ? currentCause : nil,
            answers: answers, awaitsLateAnswer: awaitsLateAnswer)
    }

    /// Stores `payload` as ``record(_:cause:answers:awaitsLateAnswer:)`` does, with the
    /// stimulus app code was reacting to already known (``currentCause``).
    private func record(
        _ payload: any EventPayload, cause: Int?, reaction: Int?, answers: Int? = nil, awaitsLateAnswer: Bool = false
    ) -> Int {
        defer { waiters.changed() }
        let task = payload.direction == .effect ? appTask : nil
        let isChild = task != nil && CurrentTask.structuredChild != nil
        // Read on this thread before storing: a child this task created before now has a stamp at or below it.
        let stamp = task != nil ? TaskHandoffs.stamp : 0
        return state.withLock { state in
            let id = store(payload, cause: cause, answers: answers, in: &state, awaitsLateAnswer: awaitsLateAnswer)
            if let reaction, reaction != cause { state.reactions[id] = reaction }
            if let task {
                state.tasks.all[id] = task
                state.tasks.stamps[id] = stamp
            }
            if isChild { state.tasks.children.insert(id) }
            return id
        }
    }

    /// Records an effect app code made, caused by the stimulus it is reacting to.
    ///
    /// - Returns: The effect's id.
    @discardableResult
    func recordEffect(_ payload: any EventPayload, awaitsLateAnswer: Bool = false) -> Int {
        // The cause is what app code is reacting to: nothing else to note.
        let cause = currentCause
        return record(payload, cause: cause, reaction: cause, awaitsLateAnswer: awaitsLateAnswer)
    }

    /// Records a stimulus that answers the oldest outstanding effect of
    /// `kind`, or nothing when none is outstanding.
    ///
    /// - Returns: The stimulus's id.
    func recordAnswer(_ payload: any EventPayload, toOldest kind: EventKind) -> Int {
        recordAnswer(payload, toOldestOf: [kind])
    }

    /// Records a stimulus that answers the oldest outstanding effect of any
    /// of `kinds`, or nothing when none is outstanding.
    ///
    /// - Returns: The stimulus's id.
    func recordAnswer(_ payload: any EventPayload, toOldestOf kinds: Set<EventKind>) -> Int {
        defer { waiters.changed() }
        return state.withLock { state in
            let oldest = kinds.compactMap { kind in state.outstanding[kind]?.first.map { (kind, $0) } }
                .min { $0.1 < $1.1 }
            if let (kind, _) = oldest { state.outstanding[kind]?.removeFirst() }
            return store(payload, cause: nil, answers: oldest?.1, in: &state)
        }
    }

    private func store(
        _ payload: any EventPayload, cause: Int?, answers: Int?, in state: inout State, awaitsLateAnswer: Bool = false
    ) -> Int {
        let id = state.nextID
        state.nextID += 1
        // A clock that runs backwards must not make the cassette invalid.
        let at = max(Self.seconds(elapsed()), state.lastAt)
        state.lastAt = at
        var recorded = RecordedForm.of(payload)
        // A prompt's answer the rules hid, whatever its length: hidden wherever it is quoted whole too.
        var asked: [(secret: String, placeholder: String)] = []
        if let answer = recorded as? JavaScriptDialogAnswer, let cause,
            let dialog = state.events.last(where: { $0.id == cause })?.payload as? JavaScriptDialog
        {
            let hidden = redaction.hidingAnswer(answer, to: dialog, placeholders: &state.placeholders)
            asked += Self.hiddenWhole(answer.text, by: hidden.text)
            recorded = hidden
        }
        if let result = recorded as? JavaScriptResult, let answers,
            let evaluation = state.events.last(where: { $0.id == answers })?.payload as? JavaScriptEvaluation
        {
            recorded = redaction.hidingResult(result, of: evaluation, placeholders: &state.placeholders)
        }
        let redacted = redaction.apply(to: recorded, placeholders: &state.placeholders)
        if let dialog = recorded as? JavaScriptDialog, dialog.kind == .prompt {
            // The saved value a prompt for a secret is pre-filled with.
            asked += Self.hiddenWhole(dialog.defaultText, by: (redacted as? JavaScriptDialog)?.defaultText)
        }
        state.events.append(Event(id: id, at: at, cause: cause, answers: answers, payload: redacted))
        hideRedactedValues(newest: state.events.count - 1, asked: asked, in: &state)
        if awaitsLateAnswer { state.outstanding[payload.kind, default: []].append(id) }
        return id
    }

    /// Replaces every value redacted so far wherever it appears: in the
    /// event at `newest`, and, for values first redacted by it, in every
    /// event before it (see ``RedactedValues``).
    private func hideRedactedValues(newest: Int, asked: [(secret: String, placeholder: String)] = [], in state: inout State) {
        state.texts.append(nil)
        if !declaredValues.isEmpty {
            // A declared secret is numbered the first time an event holds it.
            let texts = PayloadStrings.texts(of: state.events[newest].payload)
            state.texts[newest] = texts
            for secret in declaredValues where RedactedValues.bytes(texts, contain: secret) {
                _ = state.placeholders.placeholder(for: secret)
            }
        }
        var new = RedactedValues()
        if state.placeholders.highestNumber > state.sweptNumber {
            let replacements = state.placeholders.replacements(numberedAfter: state.sweptNumber)
            new.add(replacements, declared: declaredSet)
            state.redactedValues.add(replacements, declared: declaredSet)
            state.sweptNumber = state.placeholders.highestNumber
        }
        // Short answers, found secret by what asked for them, are replaced where quoted whole;
        // those of 6 characters or more are replaced everywhere already, as any redacted value.
        let quoted = asked.filter { !RedactedValues.isReplacedEverywhere($0.secret) && !declaredSet.contains($0.secret) }
            .filter { state.quotedSecrets.insert($0.secret).inserted }
        if !quoted.isEmpty {
            new.addQuoted(quoted)
            state.redactedValues.addQuoted(quoted)
        }
        let all = state.redactedValues
        guard !all.isEmpty else { return }
        // An event before the newest was swept for every value but those the newest brought.
        for index in (new.isEmpty ? newest..<newest + 1 : state.events.indices) {
            let values = index == newest ? all : new
            guard !values.isEmpty else { continue }
            let event = state.events[index]
            let texts = state.texts[index] ?? PayloadStrings.texts(of: event.payload)
            state.texts[index] = texts
            guard let hidden = values.apply(to: event.payload, texts: texts) else {
                state.unsweepable.append(
                    "event \(event.id) (\(event.kind)): a value redacted elsewhere in the recording stands in a field "
                        + "that cannot hold its placeholder, such as a navigation policy; record with another secret value")
                continue
            }
            guard !hidden.isEqual(to: event.payload) else { continue }
            state.events[index].payload = hidden
            state.texts[index] = PayloadStrings.texts(of: hidden)
        }
    }

    /// `original` with the placeholder that hid it whole, when `hidden` is one.
    private static func hiddenWhole(_ original: String?, by hidden: String?) -> [(secret: String, placeholder: String)] {
        guard let original, let hidden, original != hidden, RedactionPlaceholders.number(in: hidden) != nil else { return [] }
        return [(original, hidden)]
    }

    /// Why the recording may not be written: events that still hold a value
    /// redacted elsewhere (see ``hideRedactedValues(newest:in:)``).
    var unsweepableEvents: [String] {
        state.withLock { $0.unsweepable }
    }

    /// `tasks` with the origins of the tasks among them (``TaskHandoffs``).
    private func withOrigins(_ tasks: Strands.Tasks) -> Strands.Tasks {
        var tasks = tasks
        tasks.origins = TaskHandoffs.origins(of: Set(tasks.all.values))
        return tasks
    }

    /// The events recorded so far, without strands: what a waiter, woken by
    /// every event, looks at, so it does not number strands each time.
    var eventsWithoutStrands: [Event] {
        state.withLock { $0.events }
    }

    // MARK: Cause context

    /// The scope bound to this task by a delivery of this recorder, if any.
    private var currentScope: CauseScope? {
        guard let scope = CauseScope.current, scope.owner == ObjectIdentifier(self) else { return nil }
        return scope
    }

    /// The cause of an effect made now: the stimulus whose delivery last
    /// woke this task (``TaskHandoffs``), when that came after the answer
    /// this task last awaited in its current scope and after the scope was
    /// bound; else that answer; else the stimulus the scope was bound for;
    /// else none (app code's own initiative).
    var currentCause: Int? {
        let scope = currentScope
        guard let task = CurrentTask.id else { return scope?.stimulusID }
        let answer = state.withLock { $0.awaited.answer(task: task, scope: scope) }
        if let wakeup = TaskHandoffs.wakeup(of: task), wakeup.scope.owner == ObjectIdentifier(self),
            wakeup.stamp > max(answer?.stamp ?? 0, scope?.stamp ?? 0)
        {
            return wakeup.scope.stimulusID
        }
        return answer?.id ?? scope?.stimulusID
    }

    /// The current task when it is one of app code's, which ``Strands``
    /// may tell apart from others running beside it; `nil` otherwise.
    ///
    /// Not the task a stimulus is being delivered in (the handler's own
    /// effects keep their place), nor one that existed before the recorder
    /// (Swift Testing runs each test function as a child task; what the test
    /// itself calls is the drive, not app code's concurrency), nor any where
    /// the runtime does not number tasks (an address may be reused).
    private var appTask: CurrentTask.ID? {
        guard CurrentTask.isNumberedByRuntime, let task = CurrentTask.id, task.value > taskWatermark,
            task != currentScope?.deliveringTask
        else { return nil }
        return task
    }

    /// Where the caller is, for a seam call whose answer it will await.
    func callSite() -> CallSite {
        CallSite(task: CurrentTask.id, scope: currentScope)
    }

    /// Makes `answerID` the cause of what the task of `site` does next in its scope.
    ///
    /// Call it before the answer reaches app code, so the task reads it when it resumes.
    func answered(_ site: CallSite, by answerID: Int) {
        let stamp = TaskHandoffs.nextStamp()
        state.withLock { state in
            state.awaited.note(answerID, at: site, stamp: stamp)
            // Ids are numbered from 1 in the order events are stored.
            if site.task != nil, state.events.indices.contains(answerID - 1), state.events[answerID - 1].id == answerID,
                let call = state.events[answerID - 1].answers
            {
                state.tasks.awaited.insert(call)
            }
        }
    }

    /// A fresh scope for code reacting to stimulus `id`.
    private func scope(for id: Int) -> CauseScope {
        CauseScope(owner: self, stimulusID: id, deliveringTask: CurrentTask.id)
    }

    /// Runs app code as the reaction to stimulus `id`.
    ///
    /// A seam call made inside is not awaited by whoever made the call
    /// that led here, even if that call was awaited.
    func deliver<Result>(_ id: Int, _ body: () throws -> Result) rethrows -> Result {
        try AwaitedSeamCall.$isAwaited.withValue(false) {
            try CauseScope.$current.withValue(scope(for: id), operation: body)
        }
    }

    /// Runs async app code as the reaction to stimulus `id`.
    func deliver<Result: Sendable>(_ id: Int, _ body: () async -> Result) async -> Result {
        await AwaitedSeamCall.$isAwaited.withValue(false) {
            await CauseScope.$current.withValue(scope(for: id), operation: body)
        }
    }

    // MARK: Time

    /// A closure measuring the time since now on `clock`.
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// `duration` in seconds, rounded to microseconds so files are stable.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.count(of: .microseconds, rounding: .toNearestOrAwayFromZero)) / 1_000_000
    }
}
