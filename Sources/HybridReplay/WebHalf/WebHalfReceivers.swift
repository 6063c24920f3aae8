/// The handlers and delegates a web-half replay gives the web view in place
/// of the app's: each hands what the page did to the session's matcher, with
/// the completion handler the page waits on.
struct WebHalfMessageReceiver: ScriptMessageHandler {
    let session: WebHalfSession

    func didReceive(_ message: ScriptMessage) { session.pageTook { $0.pagePosted(message) } }
}

/// Hears the page's uncaught errors, which the replay's own user script posts.
struct WebHalfErrorReceiver: ScriptMessageHandler {
    let session: WebHalfSession

    /// The handler the page's uncaught errors are posted to, and the script that posts them.
    static let handler = WebHalfHandler(name: "hybridReplayPageErrors", contentWorld: .page)
    static let reporter = UserScriptInstallation(
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

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let error) = message.body else { return }
        session.pageThrew(error)
    }
}

struct WebHalfReplyingReceiver: ScriptMessageHandlerWithReply {
    let session: WebHalfSession

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        session.pageTook(.reply(replyHandler)) { $0.pagePosted(message) }
    }
}

/// The navigation delegate: hears the content process end, and, when the
/// cassette records navigations (`decides`), checks and decides each one.
///
/// The recorder sees navigations only through the app's delegate, so a
/// cassette without any was recorded without one: its page's navigations
/// are allowed, as the engine allows them with no delegate.
struct WebHalfNavigationReceiver: NavigationDelegate {
    let session: WebHalfSession
    let decides: Bool

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard decides else { return decisionHandler(.allow) }
        session.pageTook(.decision({ policy, _ in decisionHandler(policy) })) { $0.pageAsked(action) }
    }

    func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        guard decides else { return decisionHandler(.allow, preferences) }
        var offered = action
        offered.preferences = preferences
        let decide: @Sendable (NavigationPolicy, WebpagePreferences?) -> Void = { policy, chosen in
            decisionHandler(policy, chosen ?? preferences)
        }
        session.pageTook(.decision(decide)) { $0.pageAsked(offered) }
    }

    func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        guard decides else { return decisionHandler(.allow) }
        session.pageTook(.responseDecision(decisionHandler)) { $0.pageAsked(response) }
    }

    func didStartProvisionalNavigation(_ navigation: NavigationStart) { session.engineLoading() }

    func didCommit(_ navigation: NavigationCommit) { session.engineLoading() }

    func didFinish(_ navigation: NavigationFinish) { session.engineLoaded() }

    func didFailProvisionalNavigation(_ failure: NavigationFailure) { session.engineLoaded() }

    func didFail(_ failure: NavigationFailure) { session.engineLoaded() }

    func webContentProcessDidTerminate() { session.pageProcessEnded() }
}

struct WebHalfUIReceiver: UIDelegate {
    let session: WebHalfSession

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        session.pageTook { $0.pageAskedForWindow(NewWindowRequest(action: action, windowFeatures: windowFeatures)) }
        // The replay has no second web view to give; what a returned one does is not in the cassette either.
        return nil
    }

    func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void
    ) {
        opened(JavaScriptDialog(kind: .alert, message: message, frame: frame)) { _ in completionHandler() }
    }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        opened(JavaScriptDialog(kind: .confirm, message: message, frame: frame)) {
            completionHandler($0.confirmed)
        }
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        opened(JavaScriptDialog(kind: .prompt, message: prompt, defaultText: defaultText, frame: frame)) {
            completionHandler($0.confirmed ? $0.text : nil)
        }
    }

    @MainActor
    private func opened(_ dialog: JavaScriptDialog, answer: @escaping @Sendable (JavaScriptDialogAnswer) -> Void) {
        session.pageTook(.dialog(answer, letGo: dialog.defaultAnswer)) { $0.pageOpened(dialog) }
    }
}

struct WebHalfSchemeReceiver: URLSchemeHandler {
    let session: WebHalfSession

    func start(_ task: any URLSchemeTask) {
        session.pageTook(.schemeTask(task, servedWhole: false)) { $0.pageRequested(task.request) }
    }

    func stop(_ task: any URLSchemeTask) { session.pageStopped(task) }
}

/// Why a scheme task the replay could not answer as recorded fails.
struct WebHalfEnded: Error, CustomStringConvertible {
    var description: String { "not answered as recorded: the web-half replay stopped" }
}

/// The error a recorded answer failed with, played back.
struct WebHalfRecordedFailure: Error, CustomStringConvertible {
    var description: String
}
