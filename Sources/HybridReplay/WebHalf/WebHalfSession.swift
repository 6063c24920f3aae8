import Foundation

/// One run of a web-half replay: the web view, the patience and the
/// completion handlers the page waits on. A ``WebHalfMatcher`` decides which
/// recorded step each thing the page does is; the session does what it says.
///
/// Everything happens on the main actor, where the web view delivers its
/// callbacks, so the session's state needs no lock and a callback can never
/// slip in between a check and the wait that follows it.
///
/// The rule is the recording's order: a native effect is played once the
/// page has done everything the cassette records before it, with the values
/// the page made afresh (a guid, a callback id) in place of the recorded ones.
@MainActor
final class WebHalfSession {
    private(set) var matcher: WebHalfMatcher
    private let webView: any WebView
    private var page: WebPage?
    private let patience: WebHalfPatience
    /// The completion handlers of steps the page took, by recorded id, until their recorded answer is played.
    private var held: [Int: WebHalfHeldAnswer] = [:]
    /// What the engine is doing that ends on its own. While it works, the
    /// page has not had its chance to act, so the patience does not run: a
    /// slow machine makes the wait longer, never the verdict different.
    private var engineWork = WebHalfEngineWork()
    /// Whether the page under test has been loaded.
    private var pageLoaded = false

    init(script: ReplayScript, webView: any WebView, page: WebPage?, patience: Duration, clock: any Clock<Duration>) {
        matcher = WebHalfMatcher(script)
        self.webView = webView
        self.page = page
        self.patience = WebHalfPatience(patience, clock: clock)
    }

    // MARK: The run

    /// Plays the cassette into the page and waits for the page, then ends.
    func run() async {
        install()
        for event in matcher.script.cassette.events where WebHalfRole(event.kind) == .nativeEffect {
            guard await waitForPage(before: event.id) else { break }
            play(event)
        }
        if matcher.issues.isEmpty, await waitForPage(before: nil) {
            await drain()
        }
        tearDown()
    }

    /// Adds a handler for every handler the page posts to, and the delegates.
    private func install() {
        // Not part of the cassette: tells a report why the page stopped short.
        webView.add(WebHalfErrorReceiver(session: self), contentWorld: .page, name: WebHalfErrorReceiver.handler.name)
        webView.addUserScript(WebHalfErrorReceiver.reporter)
        for (handler, replies) in matcher.handlers {
            if replies {
                webView.add(WebHalfReplyingReceiver(session: self), contentWorld: handler.contentWorld, name: handler.name)
            } else {
                webView.add(WebHalfMessageReceiver(session: self), contentWorld: handler.contentWorld, name: handler.name)
            }
        }
        webView.setNavigationDelegate(WebHalfNavigationReceiver(session: self, decides: matcher.recordsNavigations))
        webView.setUIDelegate(WebHalfUIReceiver(session: self))
        for scheme in matcher.schemes { webView.setURLSchemeHandler(WebHalfSchemeReceiver(session: self), forURLScheme: scheme) }
    }

    private func tearDown() {
        matcher.end()
        patience.stop()
        webView.removeScriptMessageHandler(forName: WebHalfErrorReceiver.handler.name, contentWorld: .page)
        for (handler, _) in matcher.handlers where handler != WebHalfErrorReceiver.handler {
            webView.removeScriptMessageHandler(forName: handler.name, contentWorld: handler.contentWorld)
        }
        webView.setNavigationDelegate(nil)
        webView.setUIDelegate(nil)
        for scheme in matcher.schemes { webView.setURLSchemeHandler(nil, forURLScheme: scheme) }
        // A page left waiting on an answer the run never played is let go.
        let letGo = held.sorted { $0.key < $1.key }
        held = [:]
        for (_, answer) in letGo { answer.letGo() }
    }

    // MARK: Waiting for the page

    /// Waits until the page has done everything recorded before `id` (or
    /// everything, for `nil`); `false` when the run failed meanwhile.
    private func waitForPage(before id: Int?) async -> Bool {
        while matcher.issues.isEmpty {
            guard let missing = matcher.firstUnseen(before: id) else { return true }
            // The page cannot do anything before it is loaded.
            if !pageLoaded {
                loadPageItself()
                guard matcher.issues.isEmpty else { return false }
            }
            if await !patience.wait(engineBusy: engineBusy) {
                if patience.cancelled {
                    matcher.cancelled(before: missing, engine: engineBusy ? engineWork.description : nil)
                    break
                }
                matcher.pageNeverTook(missing, patience: patience.duration)
            }
        }
        return false
    }

    private func updatePatience() { patience.update(engineBusy: engineBusy) }

    /// Whether the engine is doing something that ends on its own: a load,
    /// or an evaluation the replay asked for. An engine waiting on the replay
    /// — for a navigation decision, a dialog's answer or the rest of a scheme
    /// task's answer — is not: what it waits for comes only after the page
    /// acts, so the page had its chance and the patience runs.
    private var engineBusy: Bool {
        !held.values.contains(where: \.holdsEngine) && engineWork.isBusy
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
        let payload = matcher.play(event)
        guard let effect = payload as? any WebHalfNativeEffect else { return }
        switch effect.webHalfPlay {
        case .addUserScript(let userScript):
            webView.addUserScript(userScript)
        case .removeHandler(let removal):
            webView.removeScriptMessageHandler(forName: removal.name, contentWorld: removal.contentWorld)
        case .load(let recordedLoad):
            if !pageLoaded, let page {
                load(page, recordedAt: recordedLoad.urlString)
            } else {
                engineWork.loadRequested()
                webView.load(recordedLoad)
                pageLoaded = true
            }
        case .evaluate(let evaluation):
            evaluate(evaluation, recorded: event.id)
        case .answer:
            guard let cause = event.cause, let waiting = held.removeValue(forKey: cause) else { return }
            engineWork.answered(with: payload)
            held[cause] = waiting.play(payload, page: page)
        }
    }

    /// Loads the page under test when the cassette loads none before the page's first step.
    private func loadPageItself() {
        pageLoaded = true
        guard let page else { return matcher.noPageToLoad() }
        load(page, recordedAt: matcher.recordedPageURL)
    }

    private func load(_ page: WebPage, recordedAt recordedURL: String?) {
        pageLoaded = true
        let url = page.baseURL ?? recordedURL ?? "about:blank"
        matcher.loadsPage(at: url)
        engineWork.loadRequested()
        guard let html = page.html else { return webView.load(NavigationLoad(url: url)) }
        if matcher.recordsSchemeRequest(for: url) {
            // The app serves its page through its own scheme: the engine asks for it there, as it did
            // when recorded, and gets the page under test (`cassette verify --web --page`).
            var served = page
            served.servesHTMLAt = url
            self.page = served
            return webView.load(NavigationLoad(url: url))
        }
        webView.load(
            NavigationLoad(url: url, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: .text(html)))
    }

    private func evaluate(_ evaluation: JavaScriptEvaluation, recorded id: Int) {
        engineWork.evaluationStarted(id)
        let frame = evaluation.frame?.isMainFrame == false ? evaluation.frame : nil
        let completion: @MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void = { [weak self] result in
            let outcome: Outcome =
                switch result {
                case .success(let value): .value(value)
                case .failure(let error): .error(error.message)
                }
            Task { @MainActor in self?.evaluated(id, outcome: outcome) }
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

    private func evaluated(_ id: Int, outcome: Outcome) {
        engineWork.evaluationEnded(id)
        pageTook { $0.evaluated(id, outcome: outcome) }
        updatePatience()
    }

    // MARK: What the page does

    func pageThrew(_ error: String) { matcher.pageThrew(error) }

    /// Hands a step the page took to the matcher, and holds its completion
    /// handler until the recorded answer is played, or answers it at once.
    ///
    /// - Parameters:
    ///   - waiting: The step's completion handler, when it has one.
    ///   - step: The matcher's judgement of the step.
    func pageTook(_ waiting: WebHalfHeldAnswer? = nil, _ step: (inout WebHalfMatcher) -> WebHalfMatcher.Verdict) {
        let verdict = step(&matcher)
        // A step taken, or a failure, is what the run waits on.
        if verdict.movesTheRun { patience.pageActed() }
        guard let waiting else { return }
        if let id = waiting.waitingStep(after: verdict) { held[id] = waiting } else { waiting.answer(verdict) }
    }

    func pageStopped(_ task: any URLSchemeTask) {
        // The engine's to decide: answers the run still plays for it are not sent.
        for (id, waiting) in held {
            if case .schemeTask(let known, _) = waiting, known === task { held[id] = nil }
        }
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
        pageTook { $0.pageProcessEnded() }
    }
}
