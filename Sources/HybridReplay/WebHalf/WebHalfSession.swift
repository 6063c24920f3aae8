import Foundation

/// One run of a web-half replay: the recorded native side played into a
/// page, and what the page does checked against the recorded stimuli.
///
/// Everything happens on the main actor, where the web view delivers its
/// callbacks, so the session's state needs no lock and a callback can never
/// slip in between a check and the wait that follows it.
///
/// The rule is the recording's order: a native effect is played once the
/// page has done everything the cassette records before it. What the page
/// does is matched per kind — messages in order per handler, navigations,
/// responses, dialogs and windows in order — with the volatile values the
/// page makes (a guid, a callback id) bound to the recorded ones, and played
/// back in the effects that carry them.
@MainActor
final class WebHalfSession {
    let script: ReplayScript
    private let events: [Event]
    private let webView: any WebView
    private let page: WebPage?
    private let patience: Duration
    private let clock: any Clock<Duration>

    private var bindings = PlaceholderBindings()
    private(set) var issues: [ReplayIssue] = []
    private(set) var trace: [Event] = []
    /// Trace ids by the recorded id they matched or played.
    private var traceIDs: [Int: Int] = [:]

    /// The recorded page stimuli not seen yet, by what they are matched against.
    private var messages: [WebHalfHandler: [Int]] = [:]
    private var actions: [Int] = []
    private var responses: [Int] = []
    private var dialogs: [Int] = []
    private var windows: [Int] = []
    private var schemeRequests: [Int] = []
    /// Every page stimulus not seen yet.
    private var unseen: Set<Int> = []
    /// The recorded result of each evaluation, by the evaluation's id.
    private var resultOf: [Int: Int] = [:]
    /// The recorded answer (decision, reply, dialog answer, window) to each page stimulus.
    private var answerTo: [Int: Event] = [:]

    /// The completion handlers of stimuli seen, until their recorded answer is played.
    private var replies: [Int: @Sendable (Outcome) -> Void] = [:]
    private var decisions: [Int: @Sendable (NavigationPolicy, WebpagePreferences?) -> Void] = [:]
    private var responseDecisions: [Int: @Sendable (NavigationResponsePolicy) -> Void] = [:]
    private var dialogAnswers: [Int: @Sendable (JavaScriptDialogAnswer) -> Void] = [:]
    /// The scheme tasks of requests seen, until the engine stops them.
    private var schemeTasks: [Int: any URLSchemeTask] = [:]
    /// The requests whose body came from the page's served files, sent whole at the first piece.
    private var servedWhole: Set<Int> = []

    /// Whether the page under test has been loaded.
    private var pageLoaded = false
    /// What the engine is doing that ends on its own. While it works, the
    /// page has not had its chance to act, so the patience does not run: a
    /// slow machine makes the wait longer, never the verdict different.
    private var engineWork = WebHalfEngineWork()
    /// The URL the replay itself loaded the page at, until the page's own navigation to it is seen.
    private var ownLoad: String?
    private var waiter: CheckedContinuation<Void, Never>?
    private var timer: Task<Void, Never>?
    private var timedOut = false
    /// Set once the replay's task is cancelled, as by a test's time limit: the run stops waiting.
    private var cancelled = false
    /// Set once the run has ended: later callbacks are answered and ignored.
    private var finished = false
    /// Each stimulus that diverged, with the recorded one it was compared with.
    private var diverged: [(recorded: any EventPayload, actual: any EventPayload)] = []
    /// What the page threw and did not catch, to explain a step it never took.
    private var pageErrors: [String] = []

    /// The handler the page's uncaught errors are posted to, and the script that posts them.
    static let errorHandler = WebHalfHandler(name: "hybridReplayPageErrors", contentWorld: .page)
    static let errorReporter = UserScriptInstallation(
        source: """
            (() => {
              const report = text => window.webkit.messageHandlers.hybridReplayPageErrors.postMessage(String(text));
              window.addEventListener("error", event => report(
                event.message + (event.filename ? " (" + event.filename + ":" + event.lineno + ")" : "")));
              window.addEventListener("unhandledrejection", event => report(
                "unhandled rejection: " + (event.reason instanceof Error ? event.reason.message : String(event.reason))));
            })();
            """,
        injectionTime: .documentStart, mainFrameOnly: false)

    init(script: ReplayScript, webView: any WebView, page: WebPage?, patience: Duration, clock: any Clock<Duration>) {
        self.clock = clock
        self.script = script
        events = script.cassette.events
        self.webView = webView
        self.page = page
        self.patience = patience
        for event in script.cassette.events {
            switch WebHalfRole(event.kind) {
            case .pageStimulus:
                unseen.insert(event.id)
                switch event.payload {
                case let message as ScriptMessage:
                    messages[WebHalfHandler(name: message.handler, contentWorld: message.contentWorld), default: []]
                        .append(event.id)
                case is NavigationAction: actions.append(event.id)
                case is NavigationResponse: responses.append(event.id)
                case is JavaScriptDialog: dialogs.append(event.id)
                case is NewWindowRequest: windows.append(event.id)
                case is URLSchemeRequest: schemeRequests.append(event.id)
                default:
                    if let evaluation = event.answers { resultOf[evaluation] = event.id }
                }
            case .nativeEffect, .notThePage:
                if let cause = event.cause, event.direction == Direction.effect, answerTo[cause] == nil {
                    answerTo[cause] = event
                }
            }
        }
    }

    // MARK: The run

    /// Plays the cassette into the page and waits for the page, then ends.
    func run() async {
        install()
        for event in events where WebHalfRole(event.kind) == .nativeEffect {
            guard await waitForPage(before: event.id) else { break }
            play(event)
        }
        if issues.isEmpty, await waitForPage(before: nil) {
            await drain()
        }
        tearDown()
    }

    /// Adds a handler for every handler the page posts to, and the delegates.
    private func install() {
        // Not part of the cassette: tells a report why the page stopped short.
        webView.add(WebHalfErrorReceiver(session: self), contentWorld: .page, name: Self.errorHandler.name)
        webView.addUserScript(Self.errorReporter)
        var added: Set<WebHalfHandler> = []
        for event in events {
            guard let message = event.payload(as: ScriptMessage.self) else { continue }
            let handler = WebHalfHandler(name: message.handler, contentWorld: message.contentWorld)
            guard added.insert(handler).inserted else { continue }
            if message.expectsReply {
                webView.add(WebHalfReplyingReceiver(session: self), contentWorld: handler.contentWorld, name: handler.name)
            } else {
                webView.add(WebHalfMessageReceiver(session: self), contentWorld: handler.contentWorld, name: handler.name)
            }
        }
        webView.setNavigationDelegate(
            WebHalfNavigationReceiver(session: self, decides: !actions.isEmpty || !responses.isEmpty))
        webView.setUIDelegate(WebHalfUIReceiver(session: self))
        for scheme in schemes { webView.setURLSchemeHandler(WebHalfSchemeReceiver(session: self), forURLScheme: scheme) }
    }

    /// The custom schemes the page's recorded requests use, in order of first use.
    private var schemes: [String] {
        var found: [String] = []
        for id in schemeRequests {
            guard let scheme = script.event(id)?.payload(as: URLSchemeRequest.self)?.scheme, !found.contains(scheme) else {
                continue
            }
            found.append(scheme)
        }
        return found
    }

    private func tearDown() {
        finished = true
        timer?.cancel()
        var removed: Set<WebHalfHandler> = [Self.errorHandler]
        webView.removeScriptMessageHandler(forName: Self.errorHandler.name, contentWorld: .page)
        for event in events {
            guard let message = event.payload(as: ScriptMessage.self) else { continue }
            let handler = WebHalfHandler(name: message.handler, contentWorld: message.contentWorld)
            if removed.insert(handler).inserted {
                webView.removeScriptMessageHandler(forName: handler.name, contentWorld: handler.contentWorld)
            }
        }
        webView.setNavigationDelegate(nil)
        webView.setUIDelegate(nil)
        for scheme in schemes { webView.setURLSchemeHandler(nil, forURLScheme: scheme) }
        for (_, task) in schemeTasks { task.didFailWithError(WebHalfEnded()) }
        schemeTasks = [:]
        // A page left waiting on an answer the run never played is let go.
        for (_, reply) in replies { reply(.error("the web-half replay ended")) }
        for (_, decide) in decisions { decide(.cancel, nil) }
        for (_, decide) in responseDecisions { decide(.cancel) }
        for (id, answer) in dialogAnswers {
            answer(script.event(id)?.payload(as: JavaScriptDialog.self)?.defaultAnswer ?? .cancel)
        }
        replies = [:]
        decisions = [:]
        responseDecisions = [:]
        dialogAnswers = [:]
    }

    // MARK: Waiting for the page

    /// Waits until the page has done everything recorded before `id` (or
    /// everything, for `nil`); `false` when the run failed meanwhile.
    private func waitForPage(before id: Int?) async -> Bool {
        while issues.isEmpty {
            let missing = events.first { event in
                if let id, event.id >= id { return false }
                return unseen.contains(event.id)
            }
            guard let missing else { return true }
            // The page cannot do anything before it is loaded.
            if !pageLoaded {
                loadPageItself()
                guard issues.isEmpty else { return false }
            }
            if await !progress() {
                if cancelled {
                    let message =
                        "the replay was cancelled while the page had yet to \(Self.verb(missing.payload))"
                        + engineStillWorking
                    fail(.missingStimulus, event: missing, message: message)
                    break
                }
                let message =
                    "the page did not \(Self.verb(missing.payload)) within \(patience) of its last recorded step, "
                    + "counted while its page was loaded and the engine idle"
                fail(.missingStimulus, event: missing, message: message + thrown("meanwhile"))
            }
        }
        return false
    }

    /// Suspends until the page does something, the patience runs out or the
    /// task is cancelled; `false` when it ran out or was cancelled.
    private func progress() async -> Bool {
        timedOut = false
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter = continuation
                updatePatience()
            }
        } onCancel: {
            // Runs after the waiter above is set: both are on the main actor, and this hops there.
            Task { @MainActor [weak self] in
                self?.cancelled = true
                self?.wake()
            }
        }
        return !timedOut && !cancelled
    }

    private func wake() {
        timer?.cancel()
        timer = nil
        waiter?.resume()
        waiter = nil
    }

    /// Runs the patience while the run waits on a page that could act, and
    /// stops it while the engine works: it starts afresh, whole, each time the
    /// engine falls idle, so it counts from when the page could act.
    private func updatePatience() {
        guard waiter != nil, !engineBusy else {
            timer?.cancel()
            timer = nil
            return
        }
        guard timer == nil else { return }
        let (patience, clock) = (patience, clock)
        timer = Task { @MainActor [weak self] in
            try? await clock.sleep(for: patience)
            guard !Task.isCancelled, let self else { return }
            self.timedOut = true
            self.wake()
        }
    }

    /// Whether the engine is doing something that ends on its own: a load,
    /// or an evaluation the replay asked for. An engine waiting on the replay
    /// — for a navigation decision, a dialog's answer or the rest of a scheme
    /// task's answer — is not: what it waits for comes only after the page
    /// acts, so the page had its chance and the patience runs.
    private var engineBusy: Bool {
        let heldByReplay =
            !decisions.isEmpty || !responseDecisions.isEmpty || !dialogAnswers.isEmpty || !schemeTasks.isEmpty
        return !heldByReplay && engineWork.isBusy
    }

    /// What the engine was still doing, for a report of a run cancelled meanwhile.
    private var engineStillWorking: String {
        engineBusy ? "; the engine was still \(engineWork.description)" : ""
    }

    /// After the last recorded step: one round trip through the page, after
    /// its pending timers of no delay, so a message it posts twice in a row
    /// arrives while the run still listens.
    private func drain() async {
        await withCheckedContinuation { continuation in
            webView.callAsyncJavaScript(
                "await new Promise(resolve => setTimeout(resolve, 0)); return null;", arguments: [:], in: nil,
                in: .page
            ) { _ in continuation.resume() }
        }
    }

    // MARK: Playing the native side

    private func play(_ event: Event) {
        let payload = script.substitute(event.payload, eventID: event.id, bindings: &bindings)
        switch payload {
        case let userScript as UserScriptInstallation:
            webView.addUserScript(userScript)
            note(event, payload)
        case let recordedLoad as NavigationLoad:
            if !pageLoaded, let page {
                load(page, recordedAt: recordedLoad.url)
            } else {
                engineWork.loadRequested()
                webView.load(recordedLoad)
                pageLoaded = true
            }
            note(event, payload)
        case let evaluation as JavaScriptEvaluation:
            evaluate(evaluation, recorded: event)
        case let reply as ScriptReply:
            note(event, payload)
            if let cause = event.cause, let handler = replies.removeValue(forKey: cause) { handler(reply.outcome) }
        case let decision as NavigationDecision:
            note(event, payload)
            if let cause = event.cause, let handler = decisions.removeValue(forKey: cause) {
                // A navigation not allowed never starts, so a load waiting for it to start ends here.
                if decision.policy != .allow { engineWork.navigationNotFollowed() }
                handler(decision.policy, decision.preferences)
            }
        case let decision as NavigationResponseDecision:
            note(event, payload)
            if let cause = event.cause, let handler = responseDecisions.removeValue(forKey: cause) {
                // A response not shown ends its load, whether or not the engine reports the failure.
                if decision.policy != .allow { engineWork.loadStopped() }
                handler(decision.policy)
            }
        case let answer as JavaScriptDialogAnswer:
            note(event, payload)
            if let cause = event.cause, let handler = dialogAnswers.removeValue(forKey: cause) { handler(answer) }
        case let response as URLSchemeResponse:
            note(event, payload)
            if let cause = event.cause { schemeTasks[cause]?.didReceive(response) }
        case let piece as URLSchemeData:
            note(event, payload)
            guard let cause = event.cause, let task = schemeTasks[cause], !servedWhole.contains(cause) else { break }
            if let served = page?.servedFile(for: task.request.url) {
                servedWhole.insert(cause)
                task.didReceive(served)
            } else {
                task.didReceive(piece.data)
            }
        case let completion as URLSchemeCompletion:
            note(event, payload)
            if let cause = event.cause, let task = schemeTasks.removeValue(forKey: cause) {
                if let error = completion.error { task.didFailWithError(WebHalfRecordedFailure(description: error)) } else {
                    task.didFinish()
                }
            }
        case let removal as ScriptHandlerRemoval:
            webView.removeScriptMessageHandler(forName: removal.name, contentWorld: removal.contentWorld)
            note(event, payload)
        default:
            break
        }
    }

    /// Loads the page under test when the cassette loads none before the page's first step.
    private func loadPageItself() {
        pageLoaded = true
        guard let page else {
            fail(
                .setUpFailed, event: nil,
                message: "the cassette loads no page before the page's first step; give the page under test: "
                    + "a WebPage, or --page <file> with cassette verify --web")
            return
        }
        let recordedURL =
            events.lazy.compactMap { Self.frameURL(of: $0.payload) }.first
            ?? events.lazy.compactMap { $0.payload(as: NavigationAction.self)?.url }.first
        load(page, recordedAt: recordedURL)
    }

    private func load(_ page: WebPage, recordedAt recordedURL: String?) {
        pageLoaded = true
        let url = page.baseURL ?? recordedURL ?? "about:blank"
        ownLoad = url
        engineWork.loadRequested()
        guard let html = page.html else { return webView.load(NavigationLoad(url: url)) }
        webView.load(
            NavigationLoad(url: url, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: .text(html)))
    }

    private func evaluate(_ evaluation: JavaScriptEvaluation, recorded: Event) {
        note(recorded, evaluation)
        engineWork.evaluationStarted(recorded.id)
        let frame = evaluation.frame?.isMainFrame == false ? evaluation.frame : nil
        let completion: @Sendable (Result<JSONValue, JavaScriptError>) -> Void = { [weak self] result in
            let outcome: Outcome
            switch result {
            case .success(let value): outcome = .value(value)
            case .failure(let error): outcome = .error(error.message)
            }
            Task { @MainActor in self?.evaluated(recorded.id, outcome: outcome) }
        }
        if let arguments = evaluation.arguments {
            webView.callAsyncJavaScript(
                evaluation.script, arguments: arguments, in: frame, in: evaluation.contentWorld,
                completionHandler: completion)
        } else {
            webView.evaluateJavaScript(
                evaluation.script, in: frame, in: evaluation.contentWorld, completionHandler: completion)
        }
    }

    private func evaluated(_ evaluationID: Int, outcome: Outcome) {
        engineWork.evaluationEnded(evaluationID)
        defer { updatePatience() }
        guard !finished, let resultID = resultOf[evaluationID], let recorded = script.event(resultID) else { return }
        observe(JavaScriptResult(outcome), as: recorded, cause: evaluationID)
    }

    // MARK: What the page does

    func pageThrew(_ error: String) {
        guard !finished else { return }
        pageErrors.append(error)
    }

    func pagePosted(_ message: ScriptMessage, reply: (@Sendable (Outcome) -> Void)?) {
        guard !finished else {
            reply?(.error("the web-half replay ended"))
            return
        }
        let handler = WebHalfHandler(name: message.handler, contentWorld: message.contentWorld)
        guard let id = messages[handler]?.first, let recorded = script.event(id) else {
            unexpected(message, message: "the page posted a message to \(message.handler) that the cassette does not record")
            reply?(.error("not in the cassette"))
            return
        }
        var actual = message
        // A cassette recorded without frames (a simulated page) does not judge them.
        if recorded.payload(as: ScriptMessage.self)?.frame == nil { actual.frame = nil }
        guard observe(actual, as: recorded, cause: nil) else {
            reply?(.error("not as recorded"))
            return
        }
        messages[handler]?.removeFirst()
        if let reply { replies[id] = reply }
    }

    func pageAsked(
        _ action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences?) -> Void
    ) {
        guard !finished else { return decisionHandler(.cancel, nil) }
        // The replay's own load of the page, when the cassette does not record it.
        if let ownLoad, action.url == ownLoad {
            self.ownLoad = nil
            let recordedURL = actions.first.flatMap { script.event($0)?.payload(as: NavigationAction.self)?.url }
            if recordedURL != action.url { return decisionHandler(.allow, nil) }
        }
        guard let id = actions.first, let recorded = script.event(id) else {
            unexpected(action, message: "the page navigated to \(action.url), which the cassette does not record")
            return decisionHandler(.cancel, nil)
        }
        var actual = action
        if recorded.payload(as: NavigationAction.self)?.preferences == nil { actual.preferences = nil }
        guard observe(actual, as: recorded, cause: nil) else { return decisionHandler(.cancel, nil) }
        actions.removeFirst()
        if answerTo[id] == nil { return decisionHandler(.allow, nil) }
        decisions[id] = decisionHandler
    }

    func pageAsked(
        _ response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        guard !finished else { return decisionHandler(.cancel) }
        guard let id = responses.first, let recorded = script.event(id) else {
            // Responses are recorded only when the app's delegate decides them.
            return decisionHandler(.allow)
        }
        guard observe(response, as: recorded, cause: nil) else { return decisionHandler(.cancel) }
        responses.removeFirst()
        if answerTo[id] == nil { return decisionHandler(.allow) }
        responseDecisions[id] = decisionHandler
    }

    func pageOpened(_ dialog: JavaScriptDialog, answer: @escaping @Sendable (JavaScriptDialogAnswer) -> Void) {
        guard !finished else { return answer(dialog.defaultAnswer) }
        guard let id = dialogs.first, let recorded = script.event(id) else {
            unexpected(dialog, message: "the page opened a dialog that the cassette does not record")
            return answer(dialog.defaultAnswer)
        }
        guard observe(dialog, as: recorded, cause: nil) else { return answer(dialog.defaultAnswer) }
        dialogs.removeFirst()
        if answerTo[id] == nil { return answer(dialog.defaultAnswer) }
        dialogAnswers[id] = answer
    }

    func pageRequested(_ task: any URLSchemeTask) {
        guard !finished else { return task.didFailWithError(WebHalfEnded()) }
        let request = task.request
        // The engine asks for a page's resources in parallel: requests are matched by method and URL, not order.
        let candidate = schemeRequests.first { id in
            guard let recorded = script.event(id)?.payload(as: URLSchemeRequest.self) else { return false }
            return recorded.url == request.url && recorded.method == request.method
        }
        guard let id = candidate ?? schemeRequests.first, let recorded = script.event(id) else {
            unexpected(
                request, message: "the page requested \(request.method) \(request.url), which the cassette does not record")
            return task.didFailWithError(WebHalfEnded())
        }
        var actual = request
        if recorded.payload(as: URLSchemeRequest.self)?.frame == nil { actual.frame = nil }
        guard observe(actual, as: recorded, cause: nil) else { return task.didFailWithError(WebHalfEnded()) }
        schemeRequests.removeAll { $0 == id }
        schemeTasks[id] = task
    }

    func pageStopped(_ task: any URLSchemeTask) {
        // The engine's to decide: answers the run still plays for it are not sent.
        for (id, known) in schemeTasks where known === task { schemeTasks[id] = nil }
        updatePatience()
    }

    /// The engine started or committed a load of the main frame.
    func engineLoading() {
        engineWork.loadStarted()
        updatePatience()
    }

    /// The engine finished the main frame's load, or it failed.
    func engineLoaded() {
        engineWork.loadStopped()
        updatePatience()
    }

    /// The engine's content process ended, so the page is gone: the run
    /// fails now rather than once its patience runs out, unless the
    /// cassette records the same.
    func pageProcessEnded() {
        engineWork.loadStopped()
        updatePatience()
        guard !finished, !events.contains(where: { $0.kind == WebContentProcessTermination.eventKind }) else { return }
        let message = "the page's web content process ended (it crashed or was killed) before the page did everything recorded"
        unexpected(WebContentProcessTermination(), message: message + thrown("before that"))
    }

    /// The first errors the page threw, for a failure's message
    /// (`; meanwhile the page threw: …`), or nothing when it threw none.
    private func thrown(_ when: String) -> String {
        pageErrors.isEmpty ? "" : "; \(when) the page threw: " + pageErrors.prefix(3).joined(separator: "; ")
    }

    func pageAskedForWindow(_ request: NewWindowRequest) {
        guard !finished else { return }
        guard let id = windows.first, let recorded = script.event(id) else {
            unexpected(request, message: "the page asked for a new window that the cassette does not record")
            return
        }
        if observe(request, as: recorded, cause: nil) { windows.removeFirst() }
    }

    /// Checks what the page did against `recorded`: on a match it is seen,
    /// traced and wakes the run; otherwise the run fails with the differences.
    @discardableResult
    private func observe(_ actual: any EventPayload, as recorded: Event, cause: Int?) -> Bool {
        let comparison = PayloadComparison(placeholders: script.options.placeholders, eventID: recorded.id)
        let differences = comparison.differences(expected: recorded.payload, actual: actual, bindings: &bindings)
        guard differences.isEmpty else {
            diverged.append((recorded.payload, actual))
            appendTrace(actual, cause: cause)
            fail(
                ReplayIssue(
                    kind: .unexpectedStimulus, eventID: recorded.id, eventKind: recorded.kind,
                    message: "the page did not \(Self.verb(recorded.payload)) as recorded",
                    differences: differences, actual: Self.line(actual)))
            return false
        }
        unseen.remove(recorded.id)
        traceIDs[recorded.id] = appendTrace(actual, cause: cause)
        wake()
        return true
    }

    private func unexpected(_ actual: any EventPayload, message: String) {
        appendTrace(actual, cause: nil)
        let nearest = events.last { $0.kind == actual.kind }.map { script.describe($0.id) }
        fail(
            ReplayIssue(
                kind: .unexpectedStimulus, eventID: nil, eventKind: actual.kind, message: message,
                actual: Self.line(actual), nearestCandidate: nearest))
    }

    // MARK: Trace and issues

    /// What this run saw where the cassette holds a redaction placeholder:
    /// the values the page's stimuli bound placeholders to, and the fields of
    /// a stimulus that diverged from a recorded one with placeholders, so a
    /// report hides them as the recording did.
    func hiddenValues() -> HiddenValues {
        var hidden = HiddenValues(secrets: script.options.secrets, bindings: bindings)
        for (recorded, actual) in diverged { hidden.learn(recorded: recorded, actual: actual) }
        return hidden
    }

    private func note(_ recorded: Event, _ payload: any EventPayload) {
        traceIDs[recorded.id] = appendTrace(payload, cause: recorded.cause)
    }

    @discardableResult
    private func appendTrace(_ payload: any EventPayload, cause: Int?) -> Int {
        let id = trace.count + 1
        trace.append(Event(id: id, at: 0, cause: cause.flatMap { traceIDs[$0] }, payload: payload))
        return id
    }

    private func fail(_ kind: ReplayIssue.Kind, event: Event?, message: String) {
        fail(
            ReplayIssue(
                kind: kind, eventID: event?.id, eventKind: event?.kind, message: message,
                nearestCandidate: nil))
    }

    private func fail(_ issue: ReplayIssue) {
        guard !finished else { return }
        issues.append(issue)
        wake()
    }

    /// What the page does, in words: "post its message to nativeProcess".
    static func verb(_ payload: any EventPayload) -> String {
        switch payload {
        case let message as ScriptMessage:
            "post its message to \(message.handler) (\(CanonicalPrinter.compactText(message.body)))"
        case let action as NavigationAction: "navigate to \(action.url)"
        case let response as NavigationResponse: "receive the response for \(response.url)"
        case let dialog as JavaScriptDialog: "open its \(dialog.kind) \(JSONValue.string(dialog.message))"
        case let request as NewWindowRequest: "ask for a window for \(request.action.url)"
        case let result as JavaScriptResult: "give the evaluation's result (\(result.summary))"
        case let request as URLSchemeRequest: "request \(request.method) \(request.url)"
        default: "do \(payload.kind)"
        }
    }

    private static func line(_ payload: any EventPayload) -> String {
        "\(payload.kind)" + (payload.summary.isEmpty ? "" : " \(payload.summary)")
    }

    /// The URL of the frame a recorded page event came from.
    private static func frameURL(of payload: any EventPayload) -> String? {
        switch payload {
        case let message as ScriptMessage: message.frame?.url
        case let dialog as JavaScriptDialog: dialog.frame.url
        default: nil
        }
    }
}
