import Foundation
#if WebKitGTK
import HybridReplay
import HybridReplayWebKitGTK

/// The live web view as an implementation sees it, telling the test what
/// the implementation's own scripts returned and how it decided navigations.
///
/// The test drives the page through the live view directly, so only what
/// the implementation does shows up here. The live view is held weakly:
/// an implementation holds its web view and the web view holds the
/// implementation's handlers, so a strong reference here would keep the
/// page alive after the test, as the same cycle does with `WKWebView`.
final class ObservedWebView: WebView {
    /// A script the implementation evaluated, and what the page returned.
    struct Evaluated: Sendable {
        var script: String
        var result: Result<JSONValue, JavaScriptError>
    }

    /// A navigation action and the policy the implementation chose for it.
    struct Decided: Sendable {
        var action: NavigationAction
        var policy: NavigationPolicy
    }

    /// Every `evaluateJavaScript` and `callAsyncJavaScript` call, once the page answered it.
    let evaluations: AsyncStream<Evaluated>
    /// Every navigation action, once the implementation's delegate decided it.
    let decisions: AsyncStream<Decided>
    private let evaluated: AsyncStream<Evaluated>.Continuation
    private let decided: AsyncStream<Decided>.Continuation
    private weak let live: WebKitGTKWebView?

    init(_ live: WebKitGTKWebView) {
        self.live = live
        (evaluations, evaluated) = AsyncStream.makeStream()
        (decisions, decided) = AsyncStream.makeStream()
    }

    func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        live?.add(handler, contentWorld: contentWorld, name: name)
    }

    func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        live?.add(handler, contentWorld: contentWorld, name: name)
    }

    func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        live?.removeScriptMessageHandler(forName: name, contentWorld: contentWorld)
    }

    var uiDelegate: (any UIDelegate)? {
        get { live?.uiDelegate }
        set { live?.uiDelegate = newValue }
    }

    @MainActor var url: URL? { live?.url }

    func addUserScript(_ script: UserScriptInstallation) { live?.addUserScript(script) }

    func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        guard let live else {
            if let completionHandler { performOnMainActor { completionHandler(.failure(Self.released)) } }
            return
        }
        live.evaluateJavaScript(script, in: frame, in: contentWorld) { [evaluated] result in
            evaluated.yield(Evaluated(script: script, result: result))
            completionHandler?(result)
        }
    }

    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        guard let live else {
            if let completionHandler { performOnMainActor { completionHandler(.failure(Self.released)) } }
            return
        }
        live.callAsyncJavaScript(body, arguments: arguments, in: frame, in: contentWorld) { [evaluated] result in
            evaluated.yield(Evaluated(script: body, result: result))
            completionHandler?(result)
        }
    }

    var navigationDelegate: (any NavigationDelegate)? {
        get { (live?.navigationDelegate as? ObservedNavigationDelegate)?.app }
        set { live?.navigationDelegate = newValue.map { ObservedNavigationDelegate(app: $0, decided: decided) } }
    }

    func load(_ load: NavigationLoad) { live?.load(load) }

    private static let released = JavaScriptError("the live web view was released")
}

/// Passes each action to the app's delegate and reports the policy it chose.
private struct ObservedNavigationDelegate: NavigationDelegate {
    let app: any NavigationDelegate
    let decided: AsyncStream<ObservedWebView.Decided>.Continuation

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        app.decidePolicy(for: action) { [decided] policy in
            decided.yield(ObservedWebView.Decided(action: action, policy: policy))
            decisionHandler(policy)
        }
    }
}
#endif
