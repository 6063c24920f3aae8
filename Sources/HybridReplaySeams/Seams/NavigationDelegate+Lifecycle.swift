/// Default, empty implementations of the navigation lifecycle callbacks, so
/// a delegate implements only those it needs, as with `WKNavigationDelegate`'s
/// optional methods.
extension NavigationDelegate {
    @MainActor public func didStartProvisionalNavigation(_ navigation: NavigationStart) {}
    @MainActor public func didCommit(_ navigation: NavigationCommit) {}
    @MainActor public func didFinish(_ navigation: NavigationFinish) {}
    @MainActor public func didFailProvisionalNavigation(_ failure: NavigationFailure) {}
    @MainActor public func didFail(_ failure: NavigationFailure) {}
    @MainActor public func webContentProcessDidTerminate() {}
}

/// WebKit's names for the callbacks a delegate may leave out, each calling
/// the seam's shorter name by default. Every web view (simulated, replayed,
/// recorded, WebKitGTK, WebKit) calls these, so a method ported from a
/// `WKNavigationDelegate` with its name unchanged is called, and one with the
/// short name is called through them.
extension NavigationDelegate {
    @MainActor public func webView(_ webView: any WebView, didStartProvisionalNavigation navigation: NavigationStart) {
        didStartProvisionalNavigation(navigation)
    }

    @MainActor public func webView(_ webView: any WebView, didCommit navigation: NavigationCommit) {
        didCommit(navigation)
    }

    @MainActor public func webView(_ webView: any WebView, didFinish navigation: NavigationFinish) {
        didFinish(navigation)
    }

    @MainActor public func webView(
        _ webView: any WebView, didFailProvisionalNavigation navigation: NavigationFailure, withError error: NavigationError
    ) {
        didFailProvisionalNavigation(navigation)
    }

    @MainActor public func webView(_ webView: any WebView, didFail navigation: NavigationFailure, withError error: NavigationError) {
        didFail(navigation)
    }

    @MainActor public func webViewWebContentProcessDidTerminate(_ webView: any WebView) {
        webContentProcessDidTerminate()
    }

    @MainActor public func webView(
        _ webView: any WebView, decidePolicyFor navigationAction: NavigationAction,
        decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void
    ) {
        decidePolicy(for: navigationAction, decisionHandler: decisionHandler)
    }

    @MainActor public func webView(
        _ webView: any WebView, decidePolicyFor navigationAction: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        // The variant without preferences under WebKit's name takes a web view, which the
        // seam's variant with preferences does not: that variant's default finds it here.
        let asking = DecidingWebView.current
        DecidingWebView.current = webView
        defer { DecidingWebView.current = asking }
        decidePolicy(for: navigationAction, preferences: preferences, decisionHandler: decisionHandler)
    }

    @MainActor public func webView(
        _ webView: any WebView, decidePolicyFor navigationResponse: NavigationResponse,
        decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        decidePolicy(for: navigationResponse, decisionHandler: decisionHandler)
    }

    @MainActor public func webView(
        _ webView: any WebView, didReceive challenge: AuthenticationChallenge,
        completionHandler: @escaping @Sendable (AuthenticationAnswer) -> Void
    ) {
        didReceive(challenge, completionHandler: completionHandler)
    }
}

extension NavigationDelegate {
    /// Tells the delegate that `failure` happened, by its phase, as `webView`'s.
    @MainActor package func tell(_ failure: NavigationFailure, in webView: any WebView) {
        if failure.phase == .provisional {
            self.webView(webView, didFailProvisionalNavigation: failure, withError: failure.error)
        } else {
            self.webView(webView, didFail: failure, withError: failure.error)
        }
    }
}

/// The web view whose navigation delegate is deciding an action, while
/// ``NavigationDelegate/webView(_:decidePolicyFor:preferences:decisionHandler:)``'s
/// default runs: the default of the seam's variant with preferences asks the
/// variant under WebKit's name with it, so a delegate that implements only
/// `webView(_:decidePolicyFor:decisionHandler:)` is asked, as WebKit asks it.
@MainActor enum DecidingWebView {
    static var current: (any WebView)?
}
