/// Default implementations of the decisions WebKit lets a delegate leave
/// out: a delegate that does not decide actions allows them, one that does
/// not take preferences decides the action alone, and one that does not look
/// at responses allows them, as `WKWebView` does when its delegate lacks
/// those methods.
extension NavigationDelegate {
    /// Allows `action`, as `WKWebView` does when its navigation delegate has no
    /// `webView(_:decidePolicyFor:decisionHandler:)`: a delegate that wants only
    /// the lifecycle callbacks (`didFinish(_:)`, …) leaves it out. Every web view
    /// still asks, so a recording has the action and its `allow`, and a replay
    /// expects them.
    @MainActor public func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    @MainActor public func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        if let webView = DecidingWebView.current {
            // Asked by a web view: through the variant under WebKit's name, which by default asks the one below.
            DecidingWebView.current = nil
            defer { DecidingWebView.current = webView }
            self.webView(webView, decidePolicyFor: action) { policy in decisionHandler(policy, preferences) }
        } else {
            decidePolicy(for: action) { policy in decisionHandler(policy, preferences) }
        }
    }

    @MainActor public func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        decisionHandler(.allow)
    }
}

extension AsyncNavigationDelegate {
    /// Decides `action` alone and keeps `preferences` as they are.
    public func decidePolicy(for action: NavigationAction, preferences: WebpagePreferences) async
        -> (NavigationPolicy, WebpagePreferences)
    {
        (await decidePolicy(for: action), preferences)
    }

    /// Allows every response.
    public func decidePolicy(for response: NavigationResponse) async -> NavigationResponsePolicy { .allow }

    @MainActor public func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        Task {
            let (policy, chosen) = await decidePolicy(for: action, preferences: preferences)
            decisionHandler(policy, chosen)
        }
    }

    @MainActor public func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        Task { decisionHandler(await decidePolicy(for: response)) }
    }
}
