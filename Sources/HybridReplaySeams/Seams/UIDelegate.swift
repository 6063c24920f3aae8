/// Opens the windows a page asks for: the counterpart of `WKUIDelegate`'s
/// `webView(_:createWebViewWith:for:windowFeatures:)`.
///
/// WebKit also passes the `WKWebViewConfiguration` the new web view must be
/// created with; the seam leaves it out, since app code under test creates
/// no `WKWebView` itself: it returns a web view from its own platform, or
/// `nil`. Only whether it returned one is recorded; what the new web view
/// does afterwards is not part of this web view's cassette.
public protocol UIDelegate: Sendable {
    /// Returns the web view to load `action` in, or `nil` to refuse the window.
    ///
    /// Called synchronously, as WebKit calls it, so it answers exactly once.
    @MainActor func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)?
}
