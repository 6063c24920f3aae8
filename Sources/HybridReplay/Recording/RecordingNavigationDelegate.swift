/// Records each navigation action the web view asks about, delivers it to
/// the app's delegate, and records the delegate's decision as a
/// `navigation.decision` caused by the action.
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
}
