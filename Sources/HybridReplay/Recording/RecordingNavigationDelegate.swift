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

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        let actionID = recorder.record(action, cause: nil)
        recorder.deliver(actionID) {
            app.decidePolicy(for: action) { [recorder] policy in
                recorder.record(NavigationDecision(policy), cause: actionID)
                decisionHandler(policy)
            }
        }
    }

    func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        var offered = action
        offered.preferences = preferences
        let actionID = recorder.record(offered, cause: nil)
        recorder.deliver(actionID) {
            app.decidePolicy(for: offered, preferences: preferences) { [recorder] policy, chosen in
                recorder.record(NavigationDecision(policy, preferences: chosen), cause: actionID)
                decisionHandler(policy, chosen)
            }
        }
    }

    func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        let responseID = recorder.record(response, cause: nil)
        recorder.deliver(responseID) {
            app.decidePolicy(for: response) { [recorder] policy in
                recorder.record(NavigationResponseDecision(policy), cause: responseID)
                decisionHandler(policy)
            }
        }
    }

    func didReceive(
        _ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void
    ) {
        let challengeID = recorder.record(challenge, cause: nil)
        recorder.deliver(challengeID) {
            app.didReceive(challenge) { [recorder] answer in
                recorder.record(answer, cause: challengeID)
                completionHandler(answer)
            }
        }
    }

    func didStartProvisionalNavigation(_ navigation: NavigationStart) {
        report(navigation) { app.didStartProvisionalNavigation(navigation) }
    }

    func didCommit(_ navigation: NavigationCommit) {
        report(navigation) { app.didCommit(navigation) }
    }

    func didFinish(_ navigation: NavigationFinish) {
        report(navigation) { app.didFinish(navigation) }
    }

    func didFailProvisionalNavigation(_ failure: NavigationFailure) {
        report(failure) { app.didFailProvisionalNavigation(failure) }
    }

    func didFail(_ failure: NavigationFailure) {
        report(failure) { app.didFail(failure) }
    }

    func webContentProcessDidTerminate() {
        report(WebContentProcessTermination()) { app.webContentProcessDidTerminate() }
    }

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
