import Foundation

/// The web view as app code sees it: the platform side of the `script` and
/// `javascript` channels and of page loads.
///
/// It mirrors `WKWebView` and its `WKUserContentController`: app code
/// registers script message handlers, installs user scripts, evaluates
/// JavaScript and loads requests. A replay supplies a double that verifies
/// every call; a recording wraps a live web view.
///
/// A web view of your own calls its navigation and UI delegates by WebKit's
/// names (`webView(_:didFinish:)`, `webViewDidClose(_:)`, …), handing over
/// itself, so that a delegate written with either spelling hears it.
public protocol WebView: AnyObject, Sendable {
    /// Registers `handler` for messages scripts in `contentWorld` post to `name`
    /// (`window.webkit.messageHandlers.<name>.postMessage(…)`), as
    /// `add(_:contentWorld:name:)` does.
    func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String)

    /// Registers `handler` for messages to `name` from `contentWorld` that the
    /// page awaits a reply to; WebKit names this `addScriptMessageHandler(_:contentWorld:name:)`.
    ///
    /// For a handler that is both kinds, `add` registers it as the plain one,
    /// as WebKit's `add(_:contentWorld:name:)` does;
    /// ``addScriptMessageHandler(_:contentWorld:name:)`` registers it as the reply one.
    @_disfavoredOverload
    func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String)

    /// Removes the handler registered under `name` in `contentWorld`, as
    /// `removeScriptMessageHandler(forName:contentWorld:)` does.
    func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld)

    /// Installs a script that runs in every page the web view loads.
    ///
    /// - Parameter script: The source, when it runs and in which frames.
    func addUserScript(_ script: UserScriptInstallation)

    /// Evaluates `script` in `frame` (the main frame when `nil`) and
    /// `contentWorld`, and calls `completionHandler` with its result or error
    /// on the main actor, as `WKWebView.evaluateJavaScript(_:in:in:completionHandler:)` does.
    func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?)

    /// Runs `body` as an async JavaScript function with `arguments` bound to
    /// its parameters, in `frame` (the main frame when `nil`) and `contentWorld`,
    /// and calls `completionHandler` on the main actor, as
    /// `WKWebView.callAsyncJavaScript(_:arguments:in:in:completionHandler:)` does.
    ///
    /// Arguments reach the page as values, never spliced into source, so data
    /// holding quotes, newlines or `</script>` arrives intact.
    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?)

    /// The object that decides what the web view may navigate to and hears
    /// its navigations' progress, as `WKWebView.navigationDelegate`.
    ///
    /// Setting it calls nothing back: WebKit tells a navigation delegate only
    /// about navigations. Unlike `WKWebView`'s, the reference is strong: the
    /// seam holds what app code hands it until it is replaced.
    var navigationDelegate: (any NavigationDelegate)? { get set }

    /// The object that opens the windows the page asks for and shows its
    /// dialogs, as `WKWebView.uiDelegate`; held strongly, as ``navigationDelegate`` is.
    var uiDelegate: (any UIDelegate)? { get set }

    /// The URL of the page the web view shows or is loading, as
    /// `WKWebView.url` reads: the request's URL from the moment app code
    /// calls ``load(_:)``, the URL of each navigation step as the platform
    /// reports it (started, committed, finished), and the committed page's
    /// again when a navigation fails before committing; `nil` before
    /// anything was loaded.
    ///
    /// Reading it is never recorded: reading state is not an effect. A
    /// replay answers with what the recording's web view reported at the
    /// same point, so a read right after `load(_:)` or inside
    /// `webView(_:didFinish:)` gives the recorded URL.
    @MainActor var url: URL? { get }

    /// Loads a request, or content with a base URL when `load.body` is set.
    func load(_ load: NavigationLoad)

    /// Serves the page's requests to URLs with `scheme` (such as `capacitor`)
    /// through `handler`; `nil` stops serving it. The counterpart of
    /// `WKWebViewConfiguration.setURLSchemeHandler(_:forURLScheme:)`.
    ///
    /// WebKit takes scheme handlers on the configuration, before the web view
    /// exists, so call this before the first load. A web view may only serve
    /// the schemes its platform let it prepare: the WebKit adapter serves the
    /// schemes its configuration was given handlers for, and reports any
    /// other. The default implementation serves nothing, as a web view
    /// without the handler does: the page's requests to the scheme fail.
    func setURLSchemeHandler(_ handler: (any URLSchemeHandler)?, forURLScheme scheme: String)
}

extension WebView {
    /// Serves nothing: the page's requests to `scheme` fail, as they do in a
    /// WebKit web view whose configuration has no handler for it.
    public func setURLSchemeHandler(_ handler: (any URLSchemeHandler)?, forURLScheme scheme: String) {}
}

extension WebView {
    /// Sets ``navigationDelegate``: `webView.setNavigationDelegate(self)` is
    /// `webView.navigationDelegate = self`.
    ///
    /// - Parameter delegate: The new delegate, or `nil` to clear it.
    public func setNavigationDelegate(_ delegate: (any NavigationDelegate)?) {
        navigationDelegate = delegate
    }

    /// Sets ``uiDelegate``: `webView.setUIDelegate(self)` is `webView.uiDelegate = self`.
    ///
    /// - Parameter delegate: The new delegate, or `nil` to clear it.
    public func setUIDelegate(_ delegate: (any UIDelegate)?) {
        uiDelegate = delegate
    }
}

extension WebView {
    /// Loads `request`, as `webView.load(URLRequest(url: url))` does.
    public func load(_ request: HTTPRequest) {
        load(NavigationLoad(request))
    }
}

extension WebView {
    /// Evaluates `script` in the page.
    ///
    /// - Parameters:
    ///   - frame: The frame to evaluate in; the main frame when `nil`.
    ///   - contentWorld: The world to evaluate in; the page's by default.
    /// - Returns: The script's result.
    /// - Throws: ``JavaScriptError`` when the script throws or cannot run.
    public func evaluateJavaScript(_ script: String, in frame: Frame? = nil, in contentWorld: ContentWorld = .page)
        async throws(JavaScriptError) -> JSONValue
    {
        try await withResultContinuation { evaluateJavaScript(script, in: frame, in: contentWorld, completionHandler: $0) }
    }

    /// Runs `body` as an async JavaScript function with `arguments`.
    ///
    /// - Parameters:
    ///   - frame: The frame to run in; the main frame when `nil`.
    ///   - contentWorld: The world to run in; the page's by default.
    /// - Returns: The value the function returns or resolves to.
    /// - Throws: ``JavaScriptError`` when the function throws or rejects.
    public func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue] = [:], in frame: Frame? = nil, in contentWorld: ContentWorld = .page
    ) async throws(JavaScriptError) -> JSONValue {
        try await withResultContinuation {
            callAsyncJavaScript(body, arguments: arguments, in: frame, in: contentWorld, completionHandler: $0)
        }
    }

    /// Evaluates `script` in the page's world and main frame, as
    /// `WKWebView.evaluateJavaScript(_:completionHandler:)` does.
    public func evaluateJavaScript(
        _ script: String, completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        evaluateJavaScript(script, in: nil, in: .page, completionHandler: completionHandler)
    }

    /// Runs `body` with `arguments` in the page's world and main frame.
    public func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue],
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        callAsyncJavaScript(body, arguments: arguments, in: nil, in: .page, completionHandler: completionHandler)
    }

    /// Registers `handler` for messages the page's own scripts post to `name`, as `add(_:name:)` does.
    public func add(_ handler: any ScriptMessageHandler, name: String) {
        add(handler, contentWorld: .page, name: name)
    }

    /// Registers `handler` for messages to `name` that the page's own scripts
    /// await a reply to (for a handler that is both kinds, `add` registers the
    /// plain one, as WebKit's `add(_:name:)` does).
    @_disfavoredOverload
    public func add(_ handler: any ScriptMessageHandlerWithReply, name: String) {
        add(handler, contentWorld: .page, name: name)
    }

    /// Registers `handler` for messages to `name` from `contentWorld` that
    /// the page awaits a reply to, by WebKit's name,
    /// `addScriptMessageHandler(_:contentWorld:name:)`: the way to register a
    /// handler that is both a ``ScriptMessageHandler`` and a
    /// ``ScriptMessageHandlerWithReply`` as the one that replies.
    public func addScriptMessageHandler(
        _ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String
    ) {
        add(handler, contentWorld: contentWorld, name: name)
    }

    /// Removes the handler registered under `name` in the page's world, as
    /// `removeScriptMessageHandler(forName:)` does.
    public func removeScriptMessageHandler(forName name: String) {
        removeScriptMessageHandler(forName: name, contentWorld: .page)
    }
}

/// Bridges a completion-handler call to async, keeping the call itself synchronous
/// so the effect is observed in the order app code made it.
///
/// The call is made with ``AwaitedSeamCall/isAwaited`` set, so a recorder
/// knows the calling task waits for the result.
package func withResultContinuation<Success: Sendable, Failure: Error>(
    _ start: (@escaping @MainActor @Sendable (Result<Success, Failure>) -> Void) -> Void
) async throws(Failure) -> Success {
    let result: Result<Success, Failure> = await withCheckedContinuation { continuation in
        AwaitedSeamCall.$isAwaited.withValue(true) {
            start { @MainActor in continuation.resume(returning: $0) }
        }
    }
    return try result.get()
}

/// Whether the completion-handler seam call being made is awaited by the
/// task making it, as the `async` forms of `evaluateJavaScript` and
/// `callAsyncJavaScript` are.
///
/// A recorder makes the result the cause of what the awaiting task does
/// next; a caller that passed its own completion handler and carried on
/// is not waiting, so its later effects keep their cause.
package enum AwaitedSeamCall {
    @TaskLocal package static var isAwaited = false
}

/// Receives the messages a page posts to one handler name.
///
/// The counterpart of `WKScriptMessageHandler`.
public protocol ScriptMessageHandler: Sendable {
    /// Called once for each message the page posts, on the main actor, where
    /// WebKit calls `userContentController(_:didReceive:)`.
    @MainActor func didReceive(_ message: ScriptMessage)
}

/// Receives messages the page awaits a reply to.
///
/// The counterpart of `WKScriptMessageHandlerWithReply`: call
/// `replyHandler` exactly once, with a value or an error message.
public protocol ScriptMessageHandlerWithReply: Sendable {
    /// Called once for each message; `replyHandler` settles the page's promise.
    @MainActor func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void)
}

/// A JavaScript exception or a failure to run a script, with the page's message.
public struct JavaScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message the page reported, such as `ReferenceError: Can't find variable: changeEcho`.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
