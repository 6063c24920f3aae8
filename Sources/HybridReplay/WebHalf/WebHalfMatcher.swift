/// What a web-half replay decides, as a plain value: which recorded step of
/// the page each thing the page does is, what the page has yet to do, the
/// values it made afresh bound to the recorded ones, the issues and the trace.
///
/// It holds no lock, starts no task and calls no web view: every change is a
/// synchronous call, so it is tested by calling it (see
/// `WebHalfMatcherTests`), as ``ReplayMatcher`` is for the native half. The
/// session keeps one on the main actor, with the web view, the patience and
/// the completion handlers the page waits on, and does what its verdicts say.
///
/// The page's steps are matched in order per kind — messages per handler —
/// except a request to an app-served scheme, taken by method and URL (the
/// engine asks for a page's resources in parallel), and an evaluation's
/// result, taken by the evaluation it answers.
struct WebHalfMatcher: Sendable {
    /// What became of something the page did.
    enum Verdict: Equatable, Sendable {
        /// It is the recorded step `id`. `answered` when the recording answers
        /// it (a reply, a decision, a dialog's answer, a scheme task's answer):
        /// its completion handler waits until that answer is played.
        case matched(Int, answered: Bool)
        /// The cassette has nothing to check it against, and needs nothing:
        /// the replay's own load of the page, a response the app's delegate
        /// did not decide, the result of an evaluation it records none for.
        case allowed
        /// The cassette does not record it: the run failed.
        case unrecorded
        /// It is not the step the cassette records: the run failed.
        case diverged
        /// The run has ended: it is let go, not judged.
        case ended

        /// Whether the run learnt something it waits on: a step taken, or a failure.
        var movesTheRun: Bool {
            switch self {
            case .matched, .unrecorded, .diverged: true
            case .allowed, .ended: false
            }
        }
    }

    /// Where a recorded page step waits its turn: with the others of its kind,
    /// and for a message, of its handler.
    struct Queue: Hashable, Sendable {
        var kind: EventKind
        var handler: WebHalfHandler?
    }

    let script: ReplayScript
    private(set) var bindings = PlaceholderBindings()
    private(set) var issues: [ReplayIssue] = []
    private(set) var trace: [Event] = []
    /// Trace ids by the recorded id they matched or played.
    private var traceIDs: [Int: Int] = [:]
    /// The recorded page steps not taken yet, by where they wait, in order.
    private var queues: [Queue: [Int]] = [:]
    /// Every recorded page step not taken yet.
    private(set) var unseen: Set<Int> = []
    /// The URL the replay itself loaded the page at, until the page's own navigation to it is seen.
    private var ownLoad: String?
    /// Each step that diverged, with the recorded one it was compared with.
    private var diverged: [(recorded: any EventPayload, actual: any EventPayload)] = []
    /// What the page threw and did not catch, to explain a step it never took.
    private(set) var pageErrors: [String] = []
    /// Whether the run has ended: what the page does is let go, not judged.
    private(set) var ended = false

    init(_ script: ReplayScript) {
        self.script = script
        for event in script.cassette.events where WebHalfRole(event.kind) == .pageStimulus {
            unseen.insert(event.id)
            // A step that answers an evaluation is its result, taken when the evaluation ends.
            if event.answers == nil { queues[Self.queue(of: event.payload), default: []].append(event.id) }
        }
    }

    /// Where a step like `payload` waits its turn.
    private static func queue(of payload: any EventPayload) -> Queue {
        Queue(kind: payload.kind, handler: (payload as? ScriptMessage).map(WebHalfHandler.init))
    }

    /// The handlers the page posts to, in order of first use, each with
    /// whether its first recorded message awaited a reply.
    var handlers: [(handler: WebHalfHandler, replies: Bool)] {
        var found: [(handler: WebHalfHandler, replies: Bool)] = []
        for event in script.cassette.events {
            guard let message = event.payload(as: ScriptMessage.self) else { continue }
            let handler = WebHalfHandler(message)
            if !found.contains(where: { $0.handler == handler }) { found.append((handler, message.expectsReply)) }
        }
        return found
    }

    /// The custom schemes the page's recorded requests use, in order of first use.
    var schemes: [String] {
        var found: [String] = []
        for event in script.cassette.events where WebHalfRole(event.kind) == .pageStimulus {
            guard let scheme = event.payload(as: URLSchemeRequest.self)?.scheme, !found.contains(scheme) else { continue }
            found.append(scheme)
        }
        return found
    }

    /// Whether the cassette records the page's navigations: it was recorded
    /// with a navigation delegate, which the replay then takes the place of.
    var recordsNavigations: Bool {
        script.cassette.events.contains { $0.kind == NavigationAction.eventKind || $0.kind == NavigationResponse.eventKind }
    }

    /// Ends the run: what the page does from now on is let go, not judged.
    mutating func end() { ended = true }

    // MARK: What the page does

    mutating func pagePosted(_ message: ScriptMessage) -> Verdict {
        take(message) { actual, recorded in
            // A cassette recorded without frames (a simulated page) does not judge them.
            if recorded.payload(as: ScriptMessage.self)?.frame == nil { actual.frame = nil }
        } unrecorded: {
            "the page posted a message to \(message.handler) that the cassette does not record"
        }
    }

    mutating func pageAsked(_ action: NavigationAction) -> Verdict {
        guard !ended else { return .ended }
        // The replay's own load of the page, when the cassette does not record it.
        if let ownLoad, action.urlString == ownLoad {
            self.ownLoad = nil
            let recordedURL = next(in: Self.queue(of: action))?.payload(as: NavigationAction.self)?.urlString
            if recordedURL != action.urlString { return .allowed }
        }
        return take(action) { actual, recorded in
            if recorded.payload(as: NavigationAction.self)?.preferences == nil { actual.preferences = nil }
        } unrecorded: {
            "the page navigated to \(action.urlString), which the cassette does not record"
        }
    }

    mutating func pageAsked(_ response: NavigationResponse) -> Verdict {
        // Responses are recorded only when the app's delegate decides them: one the cassette lacks is not judged.
        take(response, unrecorded: nil)
    }

    mutating func pageOpened(_ dialog: JavaScriptDialog) -> Verdict {
        pageDid(dialog, unrecorded: "the page opened a dialog that the cassette does not record")
    }

    mutating func pageAskedForWindow(_ request: NewWindowRequest) -> Verdict {
        pageDid(request, unrecorded: "the page asked for a new window that the cassette does not record")
    }

    /// Takes `step`, a page step its kind's file hands over as it is (no
    /// field to leave unjudged, no queue of its own), so that a new kind the
    /// page does needs no method here; `unrecorded` is what the issue says
    /// when the cassette records no such step.
    mutating func pageDid<Step: EventPayload>(_ step: Step, unrecorded: String) -> Verdict {
        take(step, unrecorded: { unrecorded })
    }

    mutating func pageRequested(_ request: URLSchemeRequest) -> Verdict {
        // The engine asks for a page's resources in parallel: requests are matched by method and URL, not order.
        let candidate = queues[Self.queue(of: request)]?.first { id in
            guard let recorded = script.event(id)?.payload(as: URLSchemeRequest.self) else { return false }
            return recorded.urlString == request.urlString && recorded.method == request.method
        }
        return take(request, as: candidate) { actual, recorded in
            if recorded.payload(as: URLSchemeRequest.self)?.frame == nil { actual.frame = nil }
        } unrecorded: {
            "the page requested \(request.method) \(request.urlString), which the cassette does not record"
        }
    }

    /// The evaluation the replay played as recorded event `evaluationID` ended with `outcome`.
    mutating func evaluated(_ evaluationID: Int, outcome: Outcome) -> Verdict {
        guard !ended else { return .ended }
        guard let resultID = script.answerForEffect[evaluationID], let recorded = script.event(resultID) else {
            return .allowed
        }
        return check(JavaScriptResult(outcome), as: recorded, cause: evaluationID)
    }

    /// The page threw `error` and did not catch it.
    mutating func pageThrew(_ error: String) {
        guard !ended else { return }
        pageErrors.append(error)
    }

    /// The engine's content process ended, so the page is gone: the run
    /// fails now, unless the cassette records the same.
    mutating func pageProcessEnded() -> Verdict {
        guard !ended else { return .ended }
        guard !script.cassette.events.contains(where: { $0.kind == WebContentProcessTermination.eventKind }) else {
            return .allowed
        }
        return unexpected(WebContentProcessTermination(), message: Self.processEndedMessage + thrown("before that"))
    }

    /// Takes `actual` as the recorded step `id` (the next in its queue, for
    /// `nil`) after `normalize` drops what the recording does not judge.
    ///
    /// - Parameter unrecorded: What the issue says when the cassette records
    ///   no such step; `nil` when such a step is allowed unjudged.
    private mutating func take<Payload: EventPayload>(
        _ actual: Payload, as id: Int? = nil, normalize: (inout Payload, Event) -> Void = { _, _ in },
        unrecorded: (() -> String)?
    ) -> Verdict {
        guard !ended else { return .ended }
        let queue = Self.queue(of: actual)
        guard let recorded = id.flatMap(script.event) ?? next(in: queue) else {
            guard let unrecorded else { return .allowed }
            return unexpected(actual, message: unrecorded())
        }
        var normalized = actual
        normalize(&normalized, recorded)
        let verdict = check(normalized, as: recorded, cause: nil)
        if case .matched = verdict { queues[queue]?.removeAll { $0 == recorded.id } }
        return verdict
    }

    private func next(in queue: Queue) -> Event? {
        queues[queue]?.first.flatMap(script.event)
    }

    /// Checks what the page did against `recorded`: on a match it is taken
    /// and traced; otherwise the run fails with the differences.
    private mutating func check(_ actual: any EventPayload, as recorded: Event, cause: Int?) -> Verdict {
        let comparison = PayloadComparison(placeholders: script.options.placeholders, eventID: recorded.id)
        let differences = comparison.differences(expected: recorded.payload, actual: actual, bindings: &bindings)
        guard differences.isEmpty else {
            diverged.append((recorded.payload, actual))
            appendTrace(actual, cause: cause)
            fail(Self.divergence(of: actual, from: recorded, differences: differences))
            return .diverged
        }
        unseen.remove(recorded.id)
        traceIDs[recorded.id] = appendTrace(actual, cause: cause)
        return .matched(recorded.id, answered: script.effectsByCause[recorded.id] != nil)
    }

    private mutating func unexpected(_ actual: any EventPayload, message: String) -> Verdict {
        appendTrace(actual, cause: nil)
        let nearest = script.cassette.events.last { $0.kind == actual.kind }.map { script.describe($0.id) }
        fail(Self.unexpected(actual, message: message, nearest: nearest))
        return .unrecorded
    }

    // MARK: What the replay plays

    /// The native effect `event` as it is played into the page, with the
    /// values the page made afresh in place of the recorded ones; traced.
    mutating func play(_ event: Event) -> any EventPayload {
        let payload = script.substitute(event.payload, eventID: event.id, bindings: &bindings)
        traceIDs[event.id] = appendTrace(payload, cause: event.cause)
        return payload
    }

    /// The replay loads the page itself at `url`: the page's navigation there
    /// is the replay's, not one to check, unless the cassette records it.
    mutating func loadsPage(at url: String) { ownLoad = url }

    /// The first recorded page step before `id` (of all, for `nil`) that the page has not taken.
    func firstUnseen(before id: Int?) -> Event? {
        script.cassette.events.first { event in
            if let id, event.id >= id { return false }
            return unseen.contains(event.id)
        }
    }

    // MARK: Trace and issues

    @discardableResult
    private mutating func appendTrace(_ payload: any EventPayload, cause: Int?) -> Int {
        let id = trace.count + 1
        trace.append(Event(id: id, at: 0, cause: cause.flatMap { traceIDs[$0] }, payload: payload))
        return id
    }

    /// Records `issue`, unless the run has ended.
    mutating func fail(_ issue: ReplayIssue) {
        guard !ended else { return }
        issues.append(issue)
    }

    /// What this run saw where the cassette holds a redaction placeholder:
    /// the values the page's steps bound placeholders to, and the fields of
    /// a step that diverged from a recorded one with placeholders, so a
    /// report hides them as the recording did.
    func hiddenValues() -> HiddenValues {
        var hidden = HiddenValues(secrets: script.options.secrets, bindings: bindings)
        for (recorded, actual) in diverged { hidden.learn(recorded: recorded, actual: actual) }
        return hidden
    }
}

extension WebHalfHandler {
    /// The handler `message` was posted to.
    init(_ message: ScriptMessage) { self.init(name: message.handler, contentWorld: message.contentWorld) }
}
