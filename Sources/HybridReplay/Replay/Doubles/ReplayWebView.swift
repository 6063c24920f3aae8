import Foundation

/// The web view a replay hands the implementation: it verifies user scripts,
/// JavaScript calls, handler removals and loads, and delivers the recorded
/// script messages, navigation events, new-window requests and JavaScript results.
final class ReplayWebView: WebView {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        add(ScriptHandlerAddition(name: name, contentWorld: contentWorld, withReply: false)) { $0.scriptHandlers[$1] = handler }
    }

    func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        add(ScriptHandlerAddition(name: name, contentWorld: contentWorld, withReply: true)) { $0.replyHandlers[$1] = handler }
    }

    /// Registers the handler unless its name already has one in its world,
    /// with reply or without; then reports the addition and keeps the first,
    /// as WebKit raises an exception on it.
    private func add(_ addition: ScriptHandlerAddition, _ store: (inout ReplayReceivers.Table, ScriptHandlerKey) -> Void) {
        let key = ScriptHandlerKey(addition.name, addition.contentWorld)
        var taken = false
        engine.register { table in
            taken = table.scriptHandlers[key] != nil || table.replyHandlers[key] != nil
            if !taken { store(&table, key) }
        }
        // Named with the stimulus app code was reacting to, when known: the reload after a content
        // process ended that set the bridge up again.
        if taken { engine.fail(addition.issue(reactingTo: ReplayContext.stimulus.map(engine.script.reference))) }
    }

    /// Verifies the removal, then stops delivering to the handler, as WebKit does at once.
    func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        engine.effect(ScriptHandlerRemoval(name: name, contentWorld: contentWorld))
        engine.register { receivers in
            let key = ScriptHandlerKey(name, contentWorld)
            receivers.scriptHandlers[key] = nil
            receivers.replyHandlers[key] = nil
        }
    }

    func addUserScript(_ script: UserScriptInstallation) {
        engine.effect(script)
    }

    func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        evaluate(JavaScriptEvaluation(script: script, frame: frame, contentWorld: contentWorld), completionHandler)
    }

    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        evaluate(
            JavaScriptEvaluation(script: body, arguments: arguments, frame: frame, contentWorld: contentWorld),
            completionHandler)
    }

    private func evaluate(
        _ evaluation: JavaScriptEvaluation, _ completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        engine.effect(evaluation) { answer in
            guard let completionHandler else { return }
            let result: Result<JSONValue, JavaScriptError> =
                switch answer?.payload(as: JavaScriptResult.self)?.outcome {
                case .value(let value): .success(value)
                case .error(let message): .failure(JavaScriptError(message))
                case nil: .failure(JavaScriptError(ReplayDivergence.noAnswer("JavaScript call")))
                }
            // The engine answers an evaluation on the main actor (its kind's
            // delivery), where this runs at once, in the answer's turn.
            performOnMainActor { completionHandler(result) }
        }
    }

    var navigationDelegate: (any NavigationDelegate)? {
        get { engine.receivers.current.navigationDelegate }
        set {
            engine.register {
                $0.navigationDelegate = newValue
                $0.webView = self
            }
        }
    }

    var uiDelegate: (any UIDelegate)? {
        get { engine.receivers.current.uiDelegate }
        set {
            engine.register {
                $0.uiDelegate = newValue
                $0.webView = self
            }
        }
    }

    /// What the recording's web view reported at the same point: see ``ReplayReceivers/Table/webViewURL``.
    nonisolated var url: URL? { engine.receivers.current.webViewURL.current.flatMap(URL.init(recorded:)) }

    func load(_ load: NavigationLoad) {
        engine.receivers.update { $0.webViewURL.loading(load.urlString) }
        engine.effect(load)
    }

    /// Serves the recorded `scheme.request`s to `handler`; a replay has no
    /// configuration to register on, so it takes the handler at any time.
    func setURLSchemeHandler(_ handler: (any URLSchemeHandler)?, forURLScheme scheme: String) {
        engine.register { $0.schemeHandlers[scheme.lowercased()] = handler }
    }
}

/// A script message handler's name and world: handlers in different worlds
/// may share a name, and each receives only its world's messages.
struct ScriptHandlerKey: Hashable, Comparable, CustomStringConvertible {
    var name: String
    var contentWorld: ContentWorld

    init(_ name: String, _ contentWorld: ContentWorld) {
        self.name = name
        self.contentWorld = contentWorld
    }

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.name, lhs.description) < (rhs.name, rhs.description) }

    /// `nativeProcess`, or `nativeProcess in defaultClient` outside the page's world.
    var description: String { contentWorld == .page ? name : "\(name) in \(contentWorld)" }

    /// The world, named whichever it is: `the page world`, `defaultClient`, `world "bridge"`.
    var world: String { contentWorld == .page ? "the page world" : "\(contentWorld)" }
}
