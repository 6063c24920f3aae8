/// The web view a replay hands the implementation: it verifies user scripts,
/// JavaScript calls and loads, and delivers the recorded script messages,
/// navigation actions and JavaScript results.
final class ReplayWebView: WebView {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func add(_ handler: any ScriptMessageHandler, name: String) {
        engine.register { $0.scriptHandlers[name] = handler }
    }

    func add(_ handler: any ScriptMessageHandlerWithReply, name: String) {
        engine.register { $0.replyHandlers[name] = handler }
    }

    func addUserScript(_ script: UserScriptInstallation) {
        engine.effect(script)
    }

    func evaluateJavaScript(
        _ script: String, completionHandler: (@Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        evaluate(JavaScriptEvaluation(script: script), completionHandler)
    }

    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue],
        completionHandler: (@Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        evaluate(JavaScriptEvaluation(script: body, arguments: arguments), completionHandler)
    }

    private func evaluate(
        _ evaluation: JavaScriptEvaluation, _ completionHandler: (@Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        engine.effect(evaluation) { answer in
            guard let completionHandler else { return }
            switch answer?.payload(as: JavaScriptResult.self)?.outcome {
            case .value(let value): completionHandler(.success(value))
            case .error(let message): completionHandler(.failure(JavaScriptError(message)))
            case nil: completionHandler(.failure(JavaScriptError(ReplayDivergence.noAnswer("JavaScript call"))))
            }
        }
    }

    func setNavigationDelegate(_ delegate: (any NavigationDelegate)?) {
        engine.register { $0.navigationDelegate = delegate }
    }

    func setUIDelegate(_ delegate: (any UIDelegate)?) {
        engine.register { $0.uiDelegate = delegate }
    }

    func load(_ load: NavigationLoad) {
        engine.effect(load)
    }
}
