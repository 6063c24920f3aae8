/// The web view as app code sees it: the platform side of the `script` and
/// `javascript` channels and of page loads.
///
/// It mirrors `WKWebView` and its `WKUserContentController`: app code
/// registers script message handlers, installs user scripts, evaluates
/// JavaScript and loads requests. A replay supplies a double that verifies
/// every call; a recording wraps a live web view.
public protocol WebView: AnyObject, Sendable {
    /// Registers `handler` for messages the page posts to `name`
    /// (`window.webkit.messageHandlers.<name>.postMessage(…)`).
    func add(_ handler: any ScriptMessageHandler, name: String)

    /// Registers `handler` for messages to `name` that the page awaits a reply to.
    func add(_ handler: any ScriptMessageHandlerWithReply, name: String)

    /// Installs a script that runs in every page the web view loads.
    ///
    /// - Parameter script: The source, when it runs and in which frames.
    func addUserScript(_ script: UserScriptInstallation)

    /// Evaluates `script` in the page and calls `completionHandler` with its
    /// result or error, as `WKWebView.evaluateJavaScript(_:completionHandler:)` does.
    func evaluateJavaScript(
        _ script: String, completionHandler: (@Sendable (Result<JSONValue, JavaScriptError>) -> Void)?)

    /// Runs `body` as an async JavaScript function with `arguments` bound to
    /// its parameters, as `WKWebView.callAsyncJavaScript(_:arguments:…)` does.
    ///
    /// Arguments reach the page as values, never spliced into source, so data
    /// holding quotes, newlines or `</script>` arrives intact.
    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue],
        completionHandler: (@Sendable (Result<JSONValue, JavaScriptError>) -> Void)?)

    /// Sets the object that decides what the web view may navigate to.
    func setNavigationDelegate(_ delegate: (any NavigationDelegate)?)

    /// Sets the object that opens the windows the page asks for (`uiDelegate`).
    func setUIDelegate(_ delegate: (any UIDelegate)?)

    /// Loads a request, or content with a base URL when `load.body` is set.
    func load(_ load: NavigationLoad)
}

extension WebView {
    /// Evaluates `script` in the page.
    ///
    /// - Returns: The script's result.
    /// - Throws: ``JavaScriptError`` when the script throws or cannot run.
    public func evaluateJavaScript(_ script: String) async throws(JavaScriptError) -> JSONValue {
        try await withResultContinuation { evaluateJavaScript(script, completionHandler: $0) }
    }

    /// Runs `body` as an async JavaScript function with `arguments`.
    ///
    /// - Returns: The value the function returns or resolves to.
    /// - Throws: ``JavaScriptError`` when the function throws or rejects.
    public func callAsyncJavaScript(_ body: String, arguments: [String: JSONValue] = [:]) async throws(JavaScriptError)
        -> JSONValue
    {
        try await withResultContinuation { callAsyncJavaScript(body, arguments: arguments, completionHandler: $0) }
    }
}

/// Bridges a completion-handler call to async, keeping the call itself synchronous
/// so the effect is observed in the order app code made it.
package func withResultContinuation<Success: Sendable, Failure: Error>(
    _ start: (@escaping @Sendable (Result<Success, Failure>) -> Void) -> Void
) async throws(Failure) -> Success {
    let result: Result<Success, Failure> = await withCheckedContinuation { continuation in
        start { continuation.resume(returning: $0) }
    }
    return try result.get()
}

/// Receives the messages a page posts to one handler name.
///
/// The counterpart of `WKScriptMessageHandler`.
public protocol ScriptMessageHandler: Sendable {
    /// Called once for each message the page posts.
    func didReceive(_ message: ScriptMessage)
}

/// Receives messages the page awaits a reply to.
///
/// The counterpart of `WKScriptMessageHandlerWithReply`: call
/// `replyHandler` exactly once, with a value or an error message.
public protocol ScriptMessageHandlerWithReply: Sendable {
    /// Called once for each message; `replyHandler` settles the page's promise.
    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void)
}

/// A JavaScript exception or a failure to run a script, with the page's message.
public struct JavaScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message the page reported, such as `ReferenceError: Can't find variable: changeEcho`.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
