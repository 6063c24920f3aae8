import Foundation
@testable import HybridReplay
import HybridReplaySimulation

/// Calls that wait, each under a name, until the test answers them, so a
/// test decides the order in which concurrent calls resume, with no sleeps.
final class HeldCalls<Answer: Sendable>: Sendable {
    private struct Waiter {
        var names: Set<String>
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var held: [String: @Sendable (Answer) -> Void] = [:]
        var waiters: [Waiter] = []
    }

    private let state = Locked(State())

    /// Holds `resume` under `name` until ``answer(_:with:)``.
    func hold(_ name: String, resume: @escaping @Sendable (Answer) -> Void) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.held[name] = resume
            let held = Set(state.held.keys)
            let (ready, waiting) = (state.waiters.filter { $0.names.isSubset(of: held) }, state.waiters.filter { !$0.names.isSubset(of: held) })
            state.waiters = waiting
            return ready.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Suspends the calling task under `name` until the test answers it.
    func wait(_ name: String) async -> Answer {
        await withCheckedContinuation { continuation in
            hold(name) { continuation.resume(returning: $0) }
        }
    }

    /// Returns once every call in `names` is being held.
    func waitUntilHeld(_ names: Set<String>) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if names.isSubset(of: Set(state.held.keys)) { return true }
                state.waiters.append(Waiter(names: names, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Resumes the call held under `name` with `answer`.
    func answer(_ name: String, with answer: Answer) {
        let resume = state.withLock { $0.held.removeValue(forKey: name) }
        resume?(answer)
    }
}

extension HeldCalls where Answer == Void {
    /// Resumes the call held under `name`.
    func release(_ name: String) { answer(name, with: ()) }
}

/// A transport that holds every request, under its URL, until the test answers it.
struct HeldTransport: HTTPTransport {
    let calls = HeldCalls<HTTPResponse>()

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        await calls.wait(request.urlString)
    }
}

/// A web view that holds every evaluation, under its script, until the test
/// answers it, and delivers the messages a test posts to the handlers registered.
final class HeldWebView: WebView {
    let evaluations = HeldCalls<Result<JSONValue, JavaScriptError>>()
    private let handlers = Locked<[String: any ScriptMessageHandler]>([:])

    func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        handlers.withLock { $0[name] = handler }
    }

    func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {}
    func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {}
    func addUserScript(_ script: UserScriptInstallation) {}
    var navigationDelegate: (any NavigationDelegate)? {
        get { nil }
        set {}
    }
    var uiDelegate: (any UIDelegate)? {
        get { nil }
        set {}
    }
    var url: URL? { nil }
    func load(_ load: NavigationLoad) {}

    func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        evaluations.hold(script) { result in performOnMainActor { completionHandler?(result) } }
    }

    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        evaluations.hold(body) { result in performOnMainActor { completionHandler?(result) } }
    }

    /// Delivers `body` to the handler registered under `name`, in the caller's task, on the main actor.
    func post(_ body: JSONValue, to name: String) async {
        let handler = handlers.withLock { $0[name] }
        await MainActor.run { handler?.didReceive(ScriptMessage(handler: name, body: body)) }
    }
}

/// A message handler that runs `react` for each message, as app code does.
struct ReactingHandler: ScriptMessageHandler {
    let react: @Sendable (ScriptMessage) -> Void

    func didReceive(_ message: ScriptMessage) { react(message) }
}
