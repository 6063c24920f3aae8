/// Opens the windows a page asks for, runs its JavaScript dialogs and decides
/// its requests for the camera and microphone: the counterpart of `WKUIDelegate`.
///
/// WebKit also passes the `WKWebViewConfiguration` the new web view must be
/// created with; the seam leaves it out, since app code under test creates
/// no `WKWebView` itself: it returns a web view from its own platform, or
/// `nil`. Only whether it returned one is recorded; what the new web view
/// does afterwards is not part of this web view's cassette.
///
/// Every method has a default implementation that answers as WebKit does
/// when a delegate lacks it (all of `WKUIDelegate`'s are optional): no
/// window is opened, an alert is dismissed, a confirm answers `false`, a
/// prompt `nil`, and a media-capture request is left to the user (`.prompt`). Call each completion handler exactly once:
/// the page's script waits for it.
public protocol UIDelegate: Sendable {
    /// Returns the web view to load `action` in, or `nil` to refuse the window.
    ///
    /// Called synchronously, as WebKit calls it, so it answers exactly once.
    @MainActor func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)?

    /// Shows the page's `alert(message)`
    /// (`webView(_:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:)`);
    /// call `completionHandler` exactly once, when it is dismissed.
    @MainActor func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void)

    /// Asks the page's `confirm(message)`
    /// (`webView(_:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:)`);
    /// call `completionHandler` exactly once, with `true` for OK.
    @MainActor func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (Bool) -> Void)

    /// Asks the page's `prompt(prompt, defaultText)`
    /// (`webView(_:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:)`);
    /// call `completionHandler` exactly once, with the text entered or `nil` for Cancel.
    @MainActor func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void)

    /// Decides whether the page at `origin` may use the camera, the
    /// microphone or both, when its script calls `getUserMedia`
    /// (`webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)`,
    /// iOS 15 and macOS 12); call `decisionHandler` exactly once. The default
    /// answers `.prompt`: WebKit asks the user, as it does for a delegate without the method.
    @MainActor func requestMediaCapturePermission(
        for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
        decisionHandler: @escaping @Sendable (PermissionDecision) -> Void)
}
