/// Decides whether the web view may follow a navigation action.
///
/// The counterpart of `WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)`:
/// call `decisionHandler` exactly once for every action. Not calling it is
/// the crash WebKit reports as "Completion handler passed to … was not
/// called"; replay reports it as a failure naming the action. As in WebKit,
/// every method is optional: a delegate that does not decide actions allows
/// them.
public protocol NavigationDelegate: Sendable {
    /// Decides `action`; call `decisionHandler` exactly once.
    ///
    /// The default implementation allows every action, as `WKWebView` does
    /// when its delegate lacks `webView(_:decidePolicyFor:decisionHandler:)`.
    /// A port may keep that method's name instead
    /// (``webView(_:decidePolicyFor:decisionHandler:)-(_,NavigationAction,_)``).
    @MainActor func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void)

    /// Decides `action` and the page's `preferences`, as
    /// `webView(_:decidePolicyFor:preferences:decisionHandler:)` does; call
    /// `decisionHandler` exactly once.
    ///
    /// The platform asks this variant when it offers preferences. The default
    /// implementation asks ``decidePolicy(for:decisionHandler:)`` and keeps
    /// `preferences` unchanged.
    @MainActor func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void)

    /// Decides whether to show `response`, as
    /// `webView(_:decidePolicyFor:decisionHandler:)` with a `WKNavigationResponse`
    /// does; call `decisionHandler` exactly once.
    ///
    /// The default implementation allows every response.
    @MainActor func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void)

    /// The main frame started loading (`webView(_:didStartProvisionalNavigation:)`).
    ///
    /// WebKit passes an opaque `WKNavigation`; this passes the URL instead.
    /// The default implementation does nothing.
    @MainActor func didStartProvisionalNavigation(_ navigation: NavigationStart)

    /// The main frame's content started arriving (`webView(_:didCommit:)`).
    /// The default implementation does nothing.
    @MainActor func didCommit(_ navigation: NavigationCommit)

    /// The main frame finished loading (`webView(_:didFinish:)`).
    /// The default implementation does nothing.
    @MainActor func didFinish(_ navigation: NavigationFinish)

    /// The navigation failed before it committed
    /// (`webView(_:didFailProvisionalNavigation:withError:)`).
    ///
    /// WebKit passes the error as a separate argument; here it is `failure.error`.
    /// The default implementation does nothing.
    @MainActor func didFailProvisionalNavigation(_ failure: NavigationFailure)

    /// The navigation failed after it committed (`webView(_:didFail:withError:)`).
    ///
    /// WebKit passes the error as a separate argument; here it is `failure.error`.
    /// The default implementation does nothing.
    @MainActor func didFail(_ failure: NavigationFailure)

    /// The web content process ended (`webViewWebContentProcessDidTerminate(_:)`).
    /// The default implementation does nothing.
    @MainActor func webContentProcessDidTerminate()

    /// Answers an authentication challenge: HTTP Basic or Digest credentials,
    /// or the app's own evaluation of the server's certificate
    /// (`webView(_:didReceive:completionHandler:)`). Call `completionHandler`
    /// exactly once. The default lets the web view handle it
    /// (`performDefaultHandling`), as WebKit does for a delegate without the method.
    @MainActor func didReceive(
        _ challenge: AuthenticationChallenge, completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void)

    // WebKit's names. Every web view calls these, and by default each calls
    // the method above it, so a delegate may implement either spelling: the
    // short one, or WebKit's as ported from a `WKNavigationDelegate` (with the
    // seam's types). Implement one spelling of each callback, not both: the
    // web view calls WebKit's, which then no longer calls the short one.

    /// `webView(_:didStartProvisionalNavigation:)`; by default ``didStartProvisionalNavigation(_:)``.
    @MainActor func webView(_ webView: any WebView, didStartProvisionalNavigation navigation: NavigationStart)

    /// `webView(_:didCommit:)`; by default ``didCommit(_:)``.
    @MainActor func webView(_ webView: any WebView, didCommit navigation: NavigationCommit)

    /// `webView(_:didFinish:)`; by default ``didFinish(_:)``.
    @MainActor func webView(_ webView: any WebView, didFinish navigation: NavigationFinish)

    /// `webView(_:didFailProvisionalNavigation:withError:)`, `error` being
    /// `navigation.error`; by default ``didFailProvisionalNavigation(_:)``.
    @MainActor func webView(
        _ webView: any WebView, didFailProvisionalNavigation navigation: NavigationFailure, withError error: NavigationError)

    /// `webView(_:didFail:withError:)`, `error` being `navigation.error`; by default ``didFail(_:)``.
    @MainActor func webView(_ webView: any WebView, didFail navigation: NavigationFailure, withError error: NavigationError)

    /// `webViewWebContentProcessDidTerminate(_:)`; by default ``webContentProcessDidTerminate()``.
    @MainActor func webViewWebContentProcessDidTerminate(_ webView: any WebView)

    /// `webView(_:decidePolicyFor:decisionHandler:)` for an action, under
    /// WebKit's name; by default ``decidePolicy(for:decisionHandler:)-(NavigationAction,_)``.
    /// A delegate that implements it and no variant with preferences is asked
    /// it for every action, as WebKit asks it.
    @MainActor func webView(
        _ webView: any WebView, decidePolicyFor navigationAction: NavigationAction,
        decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void)

    /// `webView(_:decidePolicyFor:preferences:decisionHandler:)`; by default
    /// ``decidePolicy(for:preferences:decisionHandler:)``.
    @MainActor func webView(
        _ webView: any WebView, decidePolicyFor navigationAction: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void)

    /// `webView(_:decidePolicyFor:decisionHandler:)` for a response; by default
    /// ``decidePolicy(for:decisionHandler:)-(NavigationResponse,_)``.
    @MainActor func webView(
        _ webView: any WebView, decidePolicyFor navigationResponse: NavigationResponse,
        decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void)

    /// `webView(_:didReceive:completionHandler:)`; by default ``didReceive(_:completionHandler:)``.
    @MainActor func webView(
        _ webView: any WebView, didReceive challenge: AuthenticationChallenge,
        completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void)
}

/// A navigation delegate that decides with `async`/`await`, as
/// `webView(_:decidePolicyFor:) async -> WKNavigationActionPolicy` does.
public protocol AsyncNavigationDelegate: NavigationDelegate {
    /// The policy for `action`.
    func decidePolicy(for action: NavigationAction) async -> NavigationPolicy

    /// The policy for `action` and the page preferences to use, as
    /// `webView(_:decidePolicyFor:preferences:) async` returns them; by default
    /// ``decidePolicy(for:)`` with `preferences` unchanged.
    func decidePolicy(for action: NavigationAction, preferences: WebpagePreferences) async
        -> (NavigationPolicy, WebpagePreferences)

    /// The policy for `response`; by default `.allow`.
    func decidePolicy(for response: NavigationResponse) async -> NavigationResponsePolicy
}

extension AsyncNavigationDelegate {
    @MainActor public func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        Task { decisionHandler(await decidePolicy(for: action)) }
    }
}

/// Shows native screens: where a router sends the navigation actions it takes
/// over, such as presenting a coloured view controller.
public protocol RoutePresenter: Sendable {
    /// Shows `route`, such as `present` with `{"r": 255, "g": 255, "b": 0}`.
    func show(_ route: NativeRoute)
}
