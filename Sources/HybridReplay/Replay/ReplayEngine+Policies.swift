/// Playing back the decisions format version 2 adds: actions decided with
/// page preferences, and navigation responses, each decided exactly once.
extension ReplayEngine {
    /// Asks `delegate` to decide `action` (with the page preferences it was
    /// recorded with, if any); the decision, called exactly once, is an effect caused by it.
    @MainActor func decide(_ action: NavigationAction, id: Int, by delegate: any NavigationDelegate, in webView: any WebView) {
        if let preferences = action.preferences {
            return decide(action, preferences: preferences, id: id, by: delegate, in: webView)
        }
        if let asynchronous = delegate as? any AsyncNavigationDelegate {
            track {
                let policy = await asynchronous.decidePolicy(for: action)
                self.effect(NavigationDecision(policy), knownCause: id)
            }
        } else {
            let ticket = SettlementTicket(engine: self)
            delegate.webView(webView, decidePolicyFor: action) { policy in
                _ = ticket
                self.effect(NavigationDecision(policy), knownCause: id)
            }
        }
    }

    /// Asks `delegate` to decide `action` with `preferences`; the decision,
    /// with the preferences the app answered, is an effect caused by the action.
    @MainActor func decide(
        _ action: NavigationAction, preferences: WebpagePreferences, id: Int, by delegate: any NavigationDelegate,
        in webView: any WebView
    ) {
        if let asynchronous = delegate as? any AsyncNavigationDelegate {
            track {
                let (policy, chosen) = await asynchronous.decidePolicy(for: action, preferences: preferences)
                self.effect(NavigationDecision(policy, preferences: chosen), knownCause: id)
            }
        } else {
            delegate.webView(webView, decidePolicyFor: action, preferences: preferences) { policy, chosen in
                self.effect(NavigationDecision(policy, preferences: chosen), knownCause: id)
            }
        }
    }

    /// Asks `delegate` to decide `response`; the decision is an effect caused by it.
    @MainActor func decide(_ response: NavigationResponse, id: Int, by delegate: any NavigationDelegate, in webView: any WebView) {
        if let asynchronous = delegate as? any AsyncNavigationDelegate {
            track {
                let policy = await asynchronous.decidePolicy(for: response)
                self.effect(NavigationResponseDecision(policy), knownCause: id)
            }
        } else {
            delegate.webView(webView, decidePolicyFor: response) { policy in
                self.effect(NavigationResponseDecision(policy), knownCause: id)
            }
        }
    }
}
