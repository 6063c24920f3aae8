/// Decides whether the web view may follow a navigation action.
///
/// The counterpart of `WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)`:
/// call `decisionHandler` exactly once for every action. Not calling it is
/// the crash WebKit reports as "Completion handler passed to … was not
/// called"; replay reports it as a failure naming the action.
public protocol NavigationDelegate: Sendable {
    /// Decides `action`; call `decisionHandler` exactly once.
    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void)

    /// The main frame started loading (`webView(_:didStartProvisionalNavigation:)`).
    ///
    /// WebKit passes an opaque `WKNavigation`; this passes the URL instead.
    /// The default implementation does nothing.
    func didStartProvisionalNavigation(_ navigation: NavigationStart)

    /// The main frame's content started arriving (`webView(_:didCommit:)`).
    /// The default implementation does nothing.
    func didCommit(_ navigation: NavigationCommit)

    /// The main frame finished loading (`webView(_:didFinish:)`).
    /// The default implementation does nothing.
    func didFinish(_ navigation: NavigationFinish)

    /// The navigation failed before it committed
    /// (`webView(_:didFailProvisionalNavigation:withError:)`).
    ///
    /// WebKit passes the error as a separate argument; here it is `failure.error`.
    /// The default implementation does nothing.
    func didFailProvisionalNavigation(_ failure: NavigationFailure)

    /// The navigation failed after it committed (`webView(_:didFail:withError:)`).
    ///
    /// WebKit passes the error as a separate argument; here it is `failure.error`.
    /// The default implementation does nothing.
    func didFail(_ failure: NavigationFailure)

    /// The web content process ended (`webViewWebContentProcessDidTerminate(_:)`).
    /// The default implementation does nothing.
    func webContentProcessDidTerminate()
}

/// A navigation delegate that decides with `async`/`await`, as
/// `webView(_:decidePolicyFor:) async -> WKNavigationActionPolicy` does.
public protocol AsyncNavigationDelegate: NavigationDelegate {
    /// The policy for `action`.
    func decidePolicy(for action: NavigationAction) async -> NavigationPolicy
}

extension AsyncNavigationDelegate {
    public func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        Task { decisionHandler(await decidePolicy(for: action)) }
    }
}

/// Shows native screens: where a router sends the navigation actions it takes
/// over, such as presenting a coloured view controller.
public protocol RoutePresenter: Sendable {
    /// Shows `route`, such as `present` with `{"r": 255, "g": 255, "b": 0}`.
    func show(_ route: NativeRoute)
}
