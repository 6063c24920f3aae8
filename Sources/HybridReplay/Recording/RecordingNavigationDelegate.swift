/// Records each navigation action the web view asks about, delivers it to
/// the app's delegate, and records the delegate's decision as a
/// `navigation.decision` caused by the action (and each authentication
/// challenge and its answer the same way); records each lifecycle
/// callback as a stimulus before the app's delegate sees it.
///
/// An action the delegate never decides leaves no decision in the
/// cassette; the replayer reports it as the crash WebKit would raise.
struct RecordingNavigationDelegate: NavigationDelegate {
    let app: any NavigationDelegate
    let recorder: Recorder
    let webView: AppWebView

    func webView(
        _ webView: any WebView, decidePolicyFor action: NavigationAction,
        decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void
    ) {
        let actionID = recorder.record(action, cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(actionID) {
            app.webView(seen, decidePolicyFor: action) { [recorder] policy in
                recorder.record(NavigationDecision(policy), cause: actionID)
                decisionHandler(policy)
            }
        }
    }

    func webView(
        _ webView: any WebView, decidePolicyFor action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        var offered = action
        offered.preferences = preferences
        let actionID = recorder.record(offered, cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(actionID) {
            app.webView(seen, decidePolicyFor: offered, preferences: preferences) { [recorder] policy, chosen in
                recorder.record(NavigationDecision(policy, preferences: chosen), cause: actionID)
                decisionHandler(policy, chosen)
            }
        }
    }

    func webView(
        _ webView: any WebView, decidePolicyFor response: NavigationResponse,
        decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        let responseID = recorder.record(response, cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(responseID) {
            app.webView(seen, decidePolicyFor: response) { [recorder] policy in
                recorder.record(NavigationResponseDecision(policy), cause: responseID)
                decisionHandler(policy)
            }
        }
    }

    func webView(
        _ webView: any WebView, didReceive challenge: AuthenticationChallenge,
        completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void
    ) {
        let challengeID = recorder.record(challenge, cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(challengeID) {
            app.webView(seen, didReceive: challenge) { [recorder] answer in
                recorder.record(answer, cause: challengeID)
                completionHandler(answer)
            }
        }
    }

    func webView(_ webView: any WebView, didStartProvisionalNavigation navigation: NavigationStart) {
        let seen = self.webView.seen(instead: webView)
        report(navigation) { app.webView(seen, didStartProvisionalNavigation: navigation) }
    }

    func webView(_ webView: any WebView, didCommit navigation: NavigationCommit) {
        let seen = self.webView.seen(instead: webView)
        report(navigation) { app.webView(seen, didCommit: navigation) }
    }

    func webView(_ webView: any WebView, didFinish navigation: NavigationFinish) {
        let seen = self.webView.seen(instead: webView)
        report(navigation) { app.webView(seen, didFinish: navigation) }
    }

    func webView(
        _ webView: any WebView, didFailProvisionalNavigation failure: NavigationFailure, withError error: NavigationError
    ) {
        let seen = self.webView.seen(instead: webView)
        report(failure) { app.webView(seen, didFailProvisionalNavigation: failure, withError: error) }
    }

    func webView(_ webView: any WebView, didFail failure: NavigationFailure, withError error: NavigationError) {
        let seen = self.webView.seen(instead: webView)
        report(failure) { app.webView(seen, didFail: failure, withError: error) }
    }

    func webViewWebContentProcessDidTerminate(_ webView: any WebView) {
        let seen = self.webView.seen(instead: webView)
        report(WebContentProcessTermination()) { app.webViewWebContentProcessDidTerminate(seen) }
    }

    // The seam's shorter names, for a web view of the app's own that calls
    // them: each goes where WebKit's name goes.

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let view = webView.view else {
            // The app let go of its web view: its delegate is asked under the seam's name.
            let actionID = recorder.record(action, cause: nil)
            return recorder.deliver(actionID) {
                app.decidePolicy(for: action) { [recorder] policy in
                    recorder.record(NavigationDecision(policy), cause: actionID)
                    decisionHandler(policy)
                }
            }
        }
        webView(view, decidePolicyFor: action, decisionHandler: decisionHandler)
    }

    func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        guard let view = webView.view else { return decidePolicy(for: action) { decisionHandler($0, preferences) } }
        webView(view, decidePolicyFor: action, preferences: preferences, decisionHandler: decisionHandler)
    }

    func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        guard let view = webView.view else { return decisionHandler(.allow) }
        webView(view, decidePolicyFor: response, decisionHandler: decisionHandler)
    }

    func didReceive(
        _ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void
    ) {
        guard let view = webView.view else { return completionHandler(AuthenticationAnswer(.performDefaultHandling)) }
        webView(view, didReceive: challenge, completionHandler: completionHandler)
    }

    func didStartProvisionalNavigation(_ navigation: NavigationStart) {
        webView.view.map { webView($0, didStartProvisionalNavigation: navigation) }
    }

    func didCommit(_ navigation: NavigationCommit) { webView.view.map { webView($0, didCommit: navigation) } }

    func didFinish(_ navigation: NavigationFinish) { webView.view.map { webView($0, didFinish: navigation) } }

    func didFailProvisionalNavigation(_ failure: NavigationFailure) {
        webView.view.map { webView($0, didFailProvisionalNavigation: failure, withError: failure.error) }
    }

    func didFail(_ failure: NavigationFailure) {
        webView.view.map { webView($0, didFail: failure, withError: failure.error) }
    }

    func webContentProcessDidTerminate() { webView.view.map { webViewWebContentProcessDidTerminate($0) } }

    /// Records a lifecycle stimulus and delivers it as the cause of what the app does.
    private func report(_ stimulus: any EventPayload, to deliver: () -> Void) {
        let id = recorder.record(stimulus, cause: nil)
        if RecordingOrder.floating.contains(stimulus.kind) {
            recorder.deliverNotification(id, deliver)
        } else {
            recorder.deliver(id, deliver)
        }
    }
}
