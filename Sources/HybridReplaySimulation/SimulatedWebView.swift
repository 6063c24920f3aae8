import Foundation
import HybridReplay

/// A web view without a page: a test or a cassette generator plays the page,
/// posting script messages and proposing navigations, while the app code under
/// test registers handlers, evaluates JavaScript and loads requests as it
/// would against `WKWebView`.
///
/// Everything the app does is kept for assertions. Handlers and delegates are
/// called on the main actor, where WebKit calls them, while the call that
/// drives the page waits for them, never on a hidden task, so a recording
/// made through it is deterministic. Every call a test can make, what it
/// stands for and what it records: docs/simulated-platform.md. Misuses WebKit
/// would crash or log on, such as replying twice, are kept in ``misuses``
/// instead.
public final class SimulatedWebView: WebView {
    /// Runs the scripts the app evaluates: the page's side of the `javascript` channel.
    public typealias JavaScriptEngine =
        @Sendable (_ script: String, _ arguments: [String: JSONValue]?) -> Result<JSONValue, JavaScriptError>

    /// A handler the app registered, with whether it replies.
    enum RegisteredHandler: Sendable {
        case plain(any ScriptMessageHandler)
        case withReply(any ScriptMessageHandlerWithReply)
    }

    /// Something the app did that WebKit forbids.
    struct Misuse: Sendable {
        enum Kind: Sendable { case registration, reply, decision, dialogAnswer, schemeTask }
        var kind: Kind
        var message: String
    }

    /// A handler's name and the world it listens in.
    struct HandlerKey: Hashable, Sendable {
        var name: String
        var contentWorld: ContentWorld
    }

    struct State: Sendable {
        var handlers: [HandlerKey: RegisteredHandler] = [:]
        var handlerNames: [String] = []
        /// The handlers registered, in order, with their worlds: a post that finds none names them.
        var handlerKeys: [HandlerKey] = []
        var userScripts: [UserScriptInstallation] = []
        var evaluatedScripts: [JavaScriptEvaluation] = []
        var loads: [NavigationLoad] = []
        var removals: [ScriptHandlerRemoval] = []
        var navigationDelegate: (any NavigationDelegate)?
        var uiDelegate: (any UIDelegate)?
        /// What ``url`` reads: moved by loads and by the navigation steps the test drives.
        var url = WebViewURLState()
        /// The scheme handlers, by lowercased scheme.
        var schemeHandlers: [String: any URLSchemeHandler] = [:]
        var misuses: [Misuse] = []
    }

    let state = Locked(State())
    private let javaScript: JavaScriptEngine
    /// Tests waiting for what the app evaluates or loads.
    private let waiters = ConditionWaiters()

    /// Creates a web view whose page answers scripts with `javaScript`.
    ///
    /// - Parameter javaScript: The result of each `evaluateJavaScript` call
    ///   (with `nil` arguments) and `callAsyncJavaScript` call (with its
    ///   arguments); by default every script returns `null`.
    public init(
        javaScript: @escaping JavaScriptEngine = { _, _ in .success(.null) }
    ) {
        self.javaScript = javaScript
    }

    // MARK: What the app did

    /// The user scripts the app installed, in order.
    public var userScripts: [UserScriptInstallation] { state.withLock { $0.userScripts } }

    /// Every `evaluateJavaScript` and `callAsyncJavaScript` call, in order;
    /// `arguments` is `nil` for `evaluateJavaScript`.
    public var evaluatedScripts: [JavaScriptEvaluation] { state.withLock { $0.evaluatedScripts } }

    /// The requests and content the app loaded, in order.
    public var loads: [NavigationLoad] { state.withLock { $0.loads } }

    /// Waits until the app has evaluated `count` scripts in all, for
    /// evaluations it makes in tasks of its own.
    ///
    /// - Parameters:
    ///   - count: How many, counting those evaluated before the call.
    ///   - patience: How long to wait in real time before giving up.
    /// - Throws: ``WaitTimeout`` naming the scripts evaluated so far when they
    ///   do not come in time; `CancellationError` when the task is cancelled.
    public func waitForEvaluatedScripts(count: Int = 1, patience: Duration = WaitTimeout.defaultPatience)
        async throws
    {
        try await waiters.wait(
            for: "\(count) evaluated script\(count == 1 ? "" : "s")", patience: patience,
            progress: { [self] in "evaluated so far: \(evaluatedScripts.map(\.script))" },
            until: { [self] in evaluatedScripts.count >= count ? () : nil })
    }

    /// Waits until the app has loaded `count` requests or contents in all,
    /// for loads it makes in tasks of its own.
    ///
    /// - Parameters:
    ///   - count: How many, counting those loaded before the call.
    ///   - patience: How long to wait in real time before giving up.
    /// - Throws: ``WaitTimeout`` naming the loads so far when they do not come
    ///   in time; `CancellationError` when the task is cancelled.
    public func waitForLoads(count: Int = 1, patience: Duration = WaitTimeout.defaultPatience) async throws {
        try await waiters.wait(
            for: "\(count) load\(count == 1 ? "" : "s")", patience: patience,
            progress: { [self] in "loaded so far: \(loads.map(\.urlString))" },
            until: { [self] in loads.count >= count ? () : nil })
    }

    /// The names the app registered script message handlers under and has not
    /// removed, in the order it registered them.
    public var handlerNames: [String] { state.withLock { $0.handlerNames } }

    /// The handlers the app removed, in order.
    public var removedHandlers: [ScriptHandlerRemoval] { state.withLock { $0.removals } }

    /// Whether the app has set a navigation delegate.
    public var hasNavigationDelegate: Bool { state.withLock { $0.navigationDelegate != nil } }

    /// Every misuse WebKit would crash or complain on, in the order it happened:
    /// a handler name registered twice, a reply, decision or dialog answer given twice or too late,
    /// a scheme task answered out of order or after it ended or was stopped.
    public var misuses: [String] { state.withLock { $0.misuses.map(\.message) } }

    /// The misuses of script-message reply handlers: replies after the first,
    /// or after ``postMessageAwaitingReply(_:to:frame:timeout:)`` stopped waiting.
    public var replyMisuses: [String] { misuses(of: .reply) }

    /// The misuses of navigation decision handlers: decisions after the first,
    /// or after ``navigate(_:timeout:)`` stopped waiting.
    public var decisionMisuses: [String] { misuses(of: .decision) }

    /// The misuses of JavaScript dialog completion handlers: answers after
    /// the first, or after ``runJavaScriptDialog(_:timeout:)`` stopped waiting.
    public var dialogMisuses: [String] { misuses(of: .dialogAnswer) }

    func misuses(of kind: Misuse.Kind) -> [String] {
        state.withLock { $0.misuses.filter { $0.kind == kind }.map(\.message) }
    }

    func recordMisuse(_ kind: Misuse.Kind, _ message: String) {
        state.withLock { $0.misuses.append(Misuse(kind: kind, message: message)) }
    }

    // MARK: WebView

    public func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        register(.plain(handler), ScriptHandlerAddition(name: name, contentWorld: contentWorld, withReply: false))
    }

    @_disfavoredOverload  // A handler of both kinds is added as the plain one, as WebKit's add does.
    public func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        register(.withReply(handler), ScriptHandlerAddition(name: name, contentWorld: contentWorld, withReply: true))
    }

    /// Keeps the first handler for a name in a world, with reply or without,
    /// as WebKit raises an exception on the second; the replay reports the
    /// second as an issue in the same words.
    private func register(_ handler: RegisteredHandler, _ addition: ScriptHandlerAddition) {
        let key = HandlerKey(name: addition.name, contentWorld: addition.contentWorld)
        state.withLock { state in
            guard state.handlers[key] == nil else {
                state.misuses.append(Misuse(kind: .registration, message: ConsoleIssueRenderer.sentence(of: addition)))
                return
            }
            state.handlers[key] = handler
            state.handlerNames.append(key.name)
            state.handlerKeys.append(key)
        }
    }

    /// Removes the handler; the page's later posts to it find none, as in WebKit.
    public func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        state.withLock { state in
            state.removals.append(ScriptHandlerRemoval(name: name, contentWorld: contentWorld))
            let key = HandlerKey(name: name, contentWorld: contentWorld)
            guard state.handlers.removeValue(forKey: key) != nil,
                let index = state.handlerNames.firstIndex(of: name)
            else { return }
            state.handlerNames.remove(at: index)
            state.handlerKeys.removeAll { $0 == key }
        }
    }

    public func addUserScript(_ script: UserScriptInstallation) {
        state.withLock { $0.userScripts.append(script) }
    }

    public func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        run(JavaScriptEvaluation(script: script, frame: frame, contentWorld: contentWorld), completionHandler: completionHandler)
    }

    public func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        run(
            JavaScriptEvaluation(script: body, arguments: arguments, frame: frame, contentWorld: contentWorld),
            completionHandler: completionHandler)
    }

    /// Records `evaluation`, then answers it before returning, so the result
    /// follows the call in a recording; the completion handler runs on the
    /// main actor, where WebKit calls it.
    private func run(
        _ evaluation: JavaScriptEvaluation,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        state.withLock { $0.evaluatedScripts.append(evaluation) }
        waiters.changed()
        let result = javaScript(evaluation.script, evaluation.arguments)
        guard let completionHandler else { return }
        runOnMainActor { completionHandler(result) }
    }

    public var navigationDelegate: (any NavigationDelegate)? {
        get { state.withLock { $0.navigationDelegate } }
        set { state.withLock { $0.navigationDelegate = newValue } }
    }

    public var uiDelegate: (any UIDelegate)? {
        get { state.withLock { $0.uiDelegate } }
        set { state.withLock { $0.uiDelegate = newValue } }
    }

    /// The URL of the last load the app asked for, or of the last navigation
    /// step the test drove (``startProvisionalNavigation(to:)``,
    /// ``commitNavigation(to:)``, ``finishNavigation(at:)``; after
    /// ``failNavigation(to:phase:error:)`` before committing, the committed
    /// page's again), as `WKWebView.url` moves.
    nonisolated public var url: URL? { state.withLock { $0.url.current }.flatMap(URL.init(recorded:)) }

    public func load(_ load: NavigationLoad) {
        state.withLock {
            $0.loads.append(load)
            $0.url.loading(load.urlString)
        }
        waiters.changed()
    }
}
