#if WebKitGTK
import CWebKitGTK
import Foundation
import HybridReplaySeams

/// A real WebKit engine behind the ``WebView`` seam: a WebKitGTK 6.0 web view
/// in an off-screen window, with an ephemeral network session so nothing is
/// written under `$HOME`.
///
/// Every method may be called from any task; calls are queued onto the one
/// thread that runs GTK, in the order they are made. Handlers, delegates and
/// completion handlers are called on the main actor, as WebKit calls them;
/// their reply and decision handlers may be called from anywhere.
///
/// Needs a display (run under `xvfb-run`) and, in unprivileged containers,
/// `WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1`; `Scripts/with-webkitgtk`
/// sets up both.
///
/// A process that made one ends through `_exit` when it exits, with the same
/// status, after stopping GTK, flushing the C streams and writing a coverage
/// profile when built for coverage: `exit()` would destroy WebKit's statics
/// while WebKit's own threads still use them. Exit handlers registered before
/// the latest web view was made are not run.
///
/// Where WebKitGTK tells less than `WKWebView`:
/// - Script messages do not say which frame posted them; every message is
///   attributed to the main frame at the page's current URL.
/// - Navigation actions name no source frame, and a target frame only as
///   "a new window" (`targetFrame` `nil`) or not; an existing frame is
///   reported as the main frame at the page's current URL.
/// - JavaScript errors drop WebKitGTK's `<url>:<line>:<column>: ` prefix, so
///   they read as `WKWebView`'s do: `ReferenceError: Can't find variable: x`.
/// - JavaScript dialogs do not say which frame opened them; they are
///   attributed to the main frame at the page's current URL.
/// - A web process that ends for any reason (it crashed, exceeded its memory
///   limit, or ``terminateWebContentProcess()`` ended it) is told to the navigation
///   delegate as `webContentProcessDidTerminate()`.
/// - App-served scheme requests name no frame, reach the page only when the
///   app finishes its answer, and are never reported stopped.
public final class WebKitGTKWebView: WebView {
    private let thread: GTKThread
    private let page: WebKitGTKPage
    /// The delegates app code set, as it reads them back; the GTK thread holds its own copy.
    private let delegates = Locked<(navigation: (any NavigationDelegate)?, ui: (any UIDelegate)?)>((nil, nil))

    /// Creates a web view, starting GTK on its own thread the first time.
    ///
    /// - Parameter reportIssue: Told what the adapter answered in the app's
    ///   place, such as a JavaScript dialog opened with no UI delegate set
    ///   (answered as WebKit does: alert dismissed, confirm `false`, prompt
    ///   `null`); a test turns it into a failure. Called on the GTK thread.
    /// - Throws: ``WebKitGTKError/noDisplay`` when GTK cannot open a display.
    public init(reportIssue: @escaping @Sendable (WebKitGTKError) -> Void = { _ in }) async throws(WebKitGTKError) {
        let thread = try await GTKThread.shared()
        self.thread = thread
        page = await withCheckedContinuation { continuation in
            thread.perform { continuation.resume(returning: WebKitGTKPage(thread: thread, reportIssue: reportIssue)) }
        }
    }

    deinit {
        thread.perform { [page] in page.close() }
    }

    public func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        thread.perform { [page] in page.add(handler, name: name, world: contentWorld) }
    }

    @_disfavoredOverload  // A handler of both kinds is added as the plain one, as WebKit's add does.
    public func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        thread.perform { [page] in page.add(handler, name: name, world: contentWorld) }
    }

    public func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        thread.perform { [page] in page.removeHandler(name: name, world: contentWorld) }
    }

    /// The UI delegate that answers the page's JavaScript dialogs
    /// (`script-dialog`); WebKitGTK does not ask it for new windows.
    public var uiDelegate: (any UIDelegate)? {
        get { delegates.withLock { $0.ui } }
        set {
            delegates.withLock { $0.ui = newValue }
            thread.perform { [page] in
                page.uiDelegate = newValue
                page.owner = self
            }
        }
    }

    public func addUserScript(_ script: UserScriptInstallation) {
        thread.perform { [page] in page.addUserScript(script) }
    }

    /// Evaluates `script` in the main frame and `contentWorld`; any other
    /// frame fails, as WebKitGTK evaluates only in the main frame.
    public func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        if let refusal = Self.refusal(of: frame) {
            complete(completionHandler, with: .failure(refusal))
            return
        }
        thread.perform { [page] in page.evaluateJavaScript(script, world: contentWorld, completion: completionHandler) }
    }

    /// Runs `body` in the main frame and `contentWorld`; any other frame fails.
    public func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        if let refusal = Self.refusal(of: frame) {
            complete(completionHandler, with: .failure(refusal))
            return
        }
        thread.perform { [page] in
            page.callAsyncJavaScript(body, arguments: arguments, world: contentWorld, completion: completionHandler)
        }
    }

    /// The error for a frame WebKitGTK cannot evaluate in: any but the main frame.
    private static func refusal(of frame: Frame?) -> JavaScriptError? {
        guard let frame, !frame.isMainFrame else { return nil }
        return JavaScriptError(
            "WebKitGTK evaluates JavaScript only in the main frame; cannot evaluate in the frame at \(frame.urlString ?? "an unknown URL")")
    }

    /// Serves the page's requests to `scheme` through `handler`, on this web
    /// view's own web context; call it before loading a page of the scheme.
    ///
    /// WebKitGTK hands a scheme's answer to the page whole, so the head and
    /// every piece of data are gathered until `didFinish()`; it never reports
    /// a stopped request, so the handler's `stop(_:)` is not called. The
    /// scheme is registered as secure and CORS-enabled, so the page may
    /// `fetch` from it. With `nil`, requests to the scheme fail.
    public func setURLSchemeHandler(_ handler: (any URLSchemeHandler)?, forURLScheme scheme: String) {
        thread.perform { [page] in page.setSchemeHandler(handler, scheme: scheme) }
    }

    public var navigationDelegate: (any NavigationDelegate)? {
        get { delegates.withLock { $0.navigation } }
        set {
            delegates.withLock { $0.navigation = newValue }
            thread.perform { [page] in
                page.navigationDelegate = newValue
                page.owner = self
            }
        }
    }

    /// The URL of the load app code last asked for, then of each load event
    /// as WebKitGTK reports it (`webkit_web_view_get_uri`) when the event
    /// happens on the GTK thread, so a delegate reads its step's URL or a later one.
    public var url: URL? { page.reportedURL.withLock { $0.current }.flatMap(URL.init(recorded:)) }

    /// Loads `load.url`, or `load.body` with `load.url` as its base URL.
    ///
    /// A body is loaded with the MIME type and charset of its `Content-Type`
    /// header (`text/html; charset=utf-8` without one). WebKitGTK's request
    /// API cannot set a method, so a request without a body must be a GET;
    /// any other method fails ``waitUntilLoaded(timeout:)`` instead of
    /// silently loading with GET.
    public func load(_ load: NavigationLoad) {
        page.reportedURL.withLock { $0.loading(load.urlString) }
        thread.perform { [page] in page.load(load) }
    }

    /// Loads `html` as if it came from `baseURL`, as `loadHTMLString(_:baseURL:)` does.
    public func loadHTML(_ html: String, baseURL: String) {
        page.reportedURL.withLock { $0.loading(baseURL) }
        thread.perform { [page] in page.loadHTML(html, baseURL: baseURL) }
    }

    /// Waits until the page loaded by the latest load call has finished loading.
    ///
    /// Returns at once when nothing is loading. Call it after `load(_:)` or
    /// ``loadHTML(_:baseURL:)``: it is queued behind them, so it sees their load.
    ///
    /// - Parameter timeout: How long to wait before giving up.
    /// - Throws: ``WebKitGTKError`` when the load failed, timed out or the view was closed.
    public func waitUntilLoaded(timeout: Duration = .seconds(30)) async throws(WebKitGTKError) {
        let loaded = FirstOutcome<Result<Void, WebKitGTKError>>()
        // Set and read on the GTK thread: the timeout's call is queued behind the registration.
        let registered = Locked<Int?>(nil)
        thread.perform { [page] in
            let id = page.whenLoaded { loaded.finish($0) }
            registered.withLock { $0 = id }
        }
        let result = await loaded.outcome(
            patience: timeout,
            timedOut: { [page, thread] in
                thread.perform {
                    if let id = registered.current { page.cancelWaiter(id, with: .timedOut(timeout)) }
                }
            },
            // As WKWebView's loads, a wait outlives its task's cancellation until the load or the timeout ends it.
            cancelled: {})
        try result.get()
    }

    /// Ends the page's web process as a crash would
    /// (`webkit_web_view_terminate_web_process`), so a test can check what the
    /// app does when iOS ends a content process: the navigation delegate hears
    /// `webContentProcessDidTerminate()`, a load in progress fails, and the
    /// page stays gone until the app loads it again.
    public func terminateWebContentProcess() {
        thread.perform { [page] in page.terminateWebContentProcess() }
    }

    /// The URL of the page currently shown, or `nil` before the first load.
    public func currentURL() async -> String? {
        await withCheckedContinuation { continuation in
            thread.perform { [page] in
                continuation.resume(returning: webkit_web_view_get_uri(page.view).map { String(cString: $0) })
            }
        }
    }
}

#endif
