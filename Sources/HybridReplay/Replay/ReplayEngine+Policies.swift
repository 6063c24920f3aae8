/// Playing back the decisions format version 2 adds: actions decided with
/// page preferences, and navigation responses, each decided exactly once.
extension ReplayEngine {
    /// Asks `delegate` to decide `action` with `preferences`; the decision,
    /// with the preferences the app answered, is an effect caused by the action.
    @MainActor func decide(_ action: NavigationAction, preferences: WebpagePreferences, id: Int, by delegate: any NavigationDelegate) {
        if let asynchronous = delegate as? any AsyncNavigationDelegate {
            track {
                let (policy, chosen) = await asynchronous.decidePolicy(for: action, preferences: preferences)
                self.effect(NavigationDecision(policy, preferences: chosen), knownCause: id)
            }
        } else {
            delegate.decidePolicy(for: action, preferences: preferences) { policy, chosen in
                self.effect(NavigationDecision(policy, preferences: chosen), knownCause: id)
            }
        }
    }

    /// Asks `delegate` to decide `response`; the decision is an effect caused by it.
    @MainActor func decide(_ response: NavigationResponse, id: Int, by delegate: any NavigationDelegate) {
        if let asynchronous = delegate as? any AsyncNavigationDelegate {
            track {
                let policy = await asynchronous.decidePolicy(for: response)
                self.effect(NavigationResponseDecision(policy), knownCause: id)
            }
        } else {
            delegate.decidePolicy(for: response) { policy in
                self.effect(NavigationResponseDecision(policy), knownCause: id)
            }
        }
    }

    /// A second decision for one navigation response, or `nil` for the first.
    func repeatedResponseDecision(_ decision: NavigationResponseDecision, cause: Int, state: inout State) -> ReplayIssue? {
        guard let first = state.responseDecisions[cause] else {
            state.responseDecisions[cause] = decision.policy
            return nil
        }
        return ReplayIssue(
            kind: .decisionRepeated, eventID: cause, eventKind: NavigationResponse.eventKind,
            message: "the navigation response \(responseText(cause)) was decided twice: first \(first), then \(decision.policy); call decisionHandler exactly once",
            actual: "\(decision.kind) \(decision.summary)")
    }

    /// The crash WebKit raises when a response's decision handler is never called.
    func missingResponseDecision(_ decision: NavigationResponseDecision, eventID: Int, cause: Int) -> ReplayIssue {
        ReplayIssue(
            kind: .decisionMissing, eventID: cause, eventKind: NavigationResponse.eventKind,
            message: "Completion handler passed to decidePolicy(for:decisionHandler:) was not called for navigation response \(responseText(cause)); the recording decided \(decision.policy) in event \(eventID)")
    }

    func responseText(_ id: Int) -> String {
        guard let response = event(id)?.payload(as: NavigationResponse.self) else { return "event \(id)" }
        return "event \(id) (\(response.summary))"
    }
}
