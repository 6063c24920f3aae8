/// The handlers and delegates a web-half replay gives the web view in place
/// of the app's: each hands what the page did to the session.
struct WebHalfMessageReceiver: ScriptMessageHandler {
    let session: WebHalfSession

    func didReceive(_ message: ScriptMessage) { session.pagePosted(message, reply: nil) }
}

/// Hears the page's uncaught errors, which the replay's own user script posts.
struct WebHalfErrorReceiver: ScriptMessageHandler {
    let session: WebHalfSession

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let error) = message.body else { return }
        session.pageThrew(error)
    }
}

struct WebHalfReplyingReceiver: ScriptMessageHandlerWithReply {
    let session: WebHalfSession

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        session.pagePosted(message, reply: replyHandler)
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
        session.pageAsked(action) { policy, _ in decisionHandler(policy) }
    }

    func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        guard decides else { return decisionHandler(.allow, preferences) }
        var offered = action
        offered.preferences = preferences
        session.pageAsked(offered) { policy, chosen in decisionHandler(policy, chosen ?? preferences) }
    }

    func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        guard decides else { return decisionHandler(.allow) }
        session.pageAsked(response, decisionHandler: decisionHandler)
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
        session.pageAskedForWindow(NewWindowRequest(action: action, windowFeatures: windowFeatures))
        // The replay has no second web view to give; what a returned one does is not in the cassette either.
        return nil
    }

    func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void
    ) {
        session.pageOpened(JavaScriptDialog(kind: .alert, message: message, frame: frame)) { _ in completionHandler() }
    }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        session.pageOpened(JavaScriptDialog(kind: .confirm, message: message, frame: frame)) {
            completionHandler($0.confirmed)
        }
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        session.pageOpened(JavaScriptDialog(kind: .prompt, message: prompt, defaultText: defaultText, frame: frame)) {
            completionHandler($0.confirmed ? $0.text : nil)
        }
    }
}

struct WebHalfSchemeReceiver: URLSchemeHandler {
    let session: WebHalfSession

    func start(_ task: any URLSchemeTask) { session.pageRequested(task) }

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
