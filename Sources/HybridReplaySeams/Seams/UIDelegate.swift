/// Opens the windows a page asks for and hears it close them, runs its
/// JavaScript dialogs and decides its requests for the camera and
/// microphone: the counterpart of `WKUIDelegate`.
///
/// This file is laid out as `WKUIDelegate.h` is: each requirement, its
/// default (what WebKit does for a delegate without the method), and the
/// values only that requirement takes, such as ``MediaCaptureType`` and
/// ``PermissionDecision`` (the header declares `WKMediaCaptureType` and
/// `WKPermissionDecision` above the protocol). A new UI-delegate seam is one
/// touch here.
///
/// WebKit also passes the `WKWebViewConfiguration` the new web view must be
/// created with; the seam leaves it out, since app code under test creates
/// no `WKWebView` itself: it returns a web view from its own platform, or
/// `nil`. Only whether it returned one is recorded; what the new web view
/// does afterwards is not part of this web view's cassette.
///
/// Every method has a default implementation that answers as WebKit does
/// when a delegate lacks it (all of `WKUIDelegate`'s are optional): no
/// window is opened, a closed one is left as it is, an alert is dismissed, a confirm answers `false`, a
/// prompt `nil`, and a media-capture request is left to the user (`.prompt`).
/// Call each completion handler exactly once: the page's script waits for it.
public protocol UIDelegate: Sendable {
    /// Returns the web view to load `action` in, or `nil` to refuse the window.
    ///
    /// Called synchronously, as WebKit calls it, so it answers exactly once.
    @MainActor func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)?

    /// The page closed its window: its script called `window.close()` and
    /// WebKit let it (`webViewDidClose(_:)`). Remove the web view from the
    /// screen, as a browser closes the tab; WebKit does not do it for you.
    ///
    /// WebKit lets a script close a window the page opened with
    /// `window.open` (the one ``createWebView(for:windowFeatures:)``
    /// returned), or one with no history to go back to. The default does
    /// nothing, as WebKit does for a delegate without the method.
    @MainActor func webViewDidClose()

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

    // WebKit's names. Every web view calls these, and by default each calls
    // the method above it, so a delegate may implement either spelling: the
    // short one, or WebKit's as ported from a `WKUIDelegate` (with the seam's
    // types). Implement one spelling of each callback, not both: the web view
    // calls WebKit's, which then no longer calls the short one.
    // (`webView(_:createWebViewWith:for:windowFeatures:)` has none: the seam
    // does not hand over a configuration; see ``createWebView(for:windowFeatures:)``.)

    /// `webViewDidClose(_:)`; by default ``webViewDidClose()``.
    @MainActor func webViewDidClose(_ webView: any WebView)

    /// `webView(_:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:)`;
    /// by default ``runJavaScriptAlertPanel(withMessage:initiatedByFrame:completionHandler:)``.
    @MainActor func webView(
        _ webView: any WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable () -> Void)

    /// `webView(_:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:)`;
    /// by default ``runJavaScriptConfirmPanel(withMessage:initiatedByFrame:completionHandler:)``.
    @MainActor func webView(
        _ webView: any WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (Bool) -> Void)

    /// `webView(_:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:)`;
    /// by default ``runJavaScriptTextInputPanel(withPrompt:defaultText:initiatedByFrame:completionHandler:)``.
    @MainActor func webView(
        _ webView: any WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (String?) -> Void)

    /// `webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)`;
    /// by default ``requestMediaCapturePermission(for:initiatedByFrame:type:decisionHandler:)``.
    @MainActor func webView(
        _ webView: any WebView, requestMediaCapturePermissionFor origin: SecurityOrigin, initiatedByFrame frame: Frame,
        type: MediaCaptureType, decisionHandler: @escaping @Sendable (PermissionDecision) -> Void)
}

/// WebKit's names for the UI delegate's callbacks, each calling the seam's
/// shorter name by default.
extension UIDelegate {
    @MainActor public func webViewDidClose(_ webView: any WebView) {
        webViewDidClose()
    }

    @MainActor public func webView(
        _ webView: any WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        runJavaScriptAlertPanel(withMessage: message, initiatedByFrame: frame, completionHandler: completionHandler)
    }

    @MainActor public func webView(
        _ webView: any WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        runJavaScriptConfirmPanel(withMessage: message, initiatedByFrame: frame, completionHandler: completionHandler)
    }

    @MainActor public func webView(
        _ webView: any WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        runJavaScriptTextInputPanel(
            withPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame, completionHandler: completionHandler)
    }

    @MainActor public func webView(
        _ webView: any WebView, requestMediaCapturePermissionFor origin: SecurityOrigin, initiatedByFrame frame: Frame,
        type: MediaCaptureType, decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        requestMediaCapturePermission(for: origin, initiatedByFrame: frame, type: type, decisionHandler: decisionHandler)
    }
}

// MARK: Windows and dialogs: what WebKit does without the methods

extension UIDelegate {
    /// Opens no window, as WebKit does for a delegate without this method:
    /// a delegate that only runs dialogs need not write it.
    @MainActor public func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        nil
    }

    /// Does nothing, as WebKit does for a delegate without this method: the
    /// web view stays where it is, its page closed in name only.
    @MainActor public func webViewDidClose() {}

    /// Dismisses the alert, as WebKit does for a delegate without this method.
    @MainActor public func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
    }

    /// Answers `false`, as WebKit does for a delegate without this method.
    @MainActor public func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        completionHandler(false)
    }

    /// Answers `nil`, as WebKit does for a delegate without this method.
    @MainActor public func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// The page closed its window with `window.close()`: what WebKit tells the
/// UI delegate with `webViewDidClose(_:)`. WebKit passes only the web view,
/// so the value has no fields.
public struct WindowClose: Sendable, Hashable {
    public init() {}
}

// MARK: Camera and microphone

/// A page's request for the camera or microphone, which WebKit hands the UI
/// delegate when the page's script calls `navigator.mediaDevices.getUserMedia`
/// (`webView(_:requestMediaCapturePermissionFor:initiatedByFrame:type:decisionHandler:)`).
///
/// The seam keeps what a delegate reads: the origin that asks, the frame
/// whose script asked, and which devices it wants.
public struct MediaCaptureRequest: Sendable, Hashable {
    /// The origin that asks (`WKSecurityOrigin`): scheme, host and port.
    public var origin: SecurityOrigin
    /// The frame whose script asked; an iframe's origin can differ from the page's.
    public var frame: Frame
    /// The devices the page wants.
    public var type: MediaCaptureType

    public init(origin: SecurityOrigin, frame: Frame, type: MediaCaptureType) {
        self.origin = origin
        self.frame = frame
        self.type = type
    }
}

/// Which capture devices a page asks for: `WKMediaCaptureType`.
public struct MediaCaptureType: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `WKMediaCaptureType.camera`: video only.
    public static let camera = MediaCaptureType(rawValue: "camera")
    /// `WKMediaCaptureType.microphone`: audio only.
    public static let microphone = MediaCaptureType(rawValue: "microphone")
    /// `WKMediaCaptureType.cameraAndMicrophone`: video and audio in one request.
    public static let cameraAndMicrophone = MediaCaptureType(rawValue: "cameraAndMicrophone")
    public static let known: [MediaCaptureType] = [.camera, .microphone, .cameraAndMicrophone]
    public static let valueName = "media capture type"
}

/// How a delegate answers a permission request: `WKPermissionDecision`.
public struct PermissionDecision: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Let WebKit ask the user with its own prompt (what WebKit does for a delegate without the method).
    public static let prompt = PermissionDecision(rawValue: "prompt")
    /// Grant the page the devices without asking the user.
    public static let grant = PermissionDecision(rawValue: "grant")
    /// Deny the request: the page's `getUserMedia` rejects with `NotAllowedError`.
    public static let deny = PermissionDecision(rawValue: "deny")
    public static let known: [PermissionDecision] = [.prompt, .grant, .deny]
    public static let valueName = "permission decision"
}

/// The delegate's decision on a media-capture request (`decisionHandler(decision)`).
public struct MediaCaptureDecision: Sendable, Hashable {
    public var decision: PermissionDecision

    public init(_ decision: PermissionDecision) { self.decision = decision }
}

extension UIDelegate {
    /// Answers `.prompt`, as WebKit does for a delegate without this method:
    /// it asks the user itself. A web view with no one to ask (WebKitGTK's
    /// adapter, a test) denies the request then.
    @MainActor public func requestMediaCapturePermission(
        for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
        decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        decisionHandler(.prompt)
    }

    /// Asks the delegate about `request` and passes each decision to `decide`,
    /// as many times as the delegate calls its decision handler.
    @MainActor package func requestMediaCapturePermission(
        _ request: MediaCaptureRequest, in webView: any WebView,
        decide: @escaping @Sendable (MediaCaptureDecision) -> Void
    ) {
        self.webView(webView, requestMediaCapturePermissionFor: request.origin, initiatedByFrame: request.frame, type: request.type) {
            decide(MediaCaptureDecision($0))
        }
    }
}
