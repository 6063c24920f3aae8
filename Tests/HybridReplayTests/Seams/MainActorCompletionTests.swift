import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySeams
import HybridReplaySimulation
import Testing

@testable import HybridReplay

// The example in docs/writing-app-code-that-replays.md: a completion handler
// that sets a main-actor model's state, as app code written for WebKit does.
// It compiles only while the seam's completion handler is `@MainActor`.

@MainActor
final class CartModel {
    var total: JSONValue?
    var error: String?
}

@MainActor
final class CartBridge: ScriptMessageHandler {
    let model = CartModel()
    private let webView: any WebView

    init(platform: Platform) {
        webView = platform.webView
        platform.webView.add(self, name: "cartChanged")
    }

    func didReceive(_ message: ScriptMessage) {
        webView.evaluateJavaScript("cart.total()") { result in
            switch result {
            case .success(let total): self.model.total = total
            case .failure(let error): self.model.error = error.message
            }
        }
    }
}

/// Every conformer calls a JavaScript completion handler on the main actor,
/// where WebKit calls it, so the handler may touch main-actor state: the
/// simulated platform, a recording around it, and a replay, whether the call
/// matched the recording or diverged from it, and whether app code made it on
/// the main actor or from a detached task.
@Suite("A JavaScript completion handler runs on the main actor and may touch its state", .hangGuard(minutes: 1))
struct MainActorCompletionTests {
    /// What the completion handlers saw: a main-actor model, as an app's is.
    @MainActor final class Answers {
        /// Each handler's result, and whether it ran on the main queue.
        private(set) var seen: [(result: Result<JSONValue, JavaScriptError>, onMainQueue: Bool)] = []
        /// Who waits for how many results.
        private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Notes a handler's result, on the queue it ran on.
        func note(_ result: Result<JSONValue, JavaScriptError>) {
            seen.append((result, MainQueue.isCurrent))
            let ready = waiters.filter { $0.count <= seen.count }
            waiters.removeAll { $0.count <= seen.count }
            for waiter in ready { waiter.continuation.resume() }
        }

        /// The results, once `count` handlers have run (the suite's time limit bounds a handler never called).
        func results(count: Int) async -> [Result<JSONValue, JavaScriptError>] {
            if seen.count < count {
                await withCheckedContinuation { waiters.append((count, $0)) }
            }
            return seen.map(\.result)
        }

        var allOnMainQueue: Bool { seen.allSatisfy(\.onMainQueue) }
    }

    enum Origin: CustomTestStringConvertible, CaseIterable {
        case mainActor, detachedTask
        var testDescription: String { self == .mainActor ? "from the main actor" : "from a detached task" }
    }

    /// Evaluates `script` and `callAsyncJavaScript`s it for each message, from `origin`.
    @MainActor final class Asker: ScriptMessageHandler {
        let webView: any WebView
        let answers: Answers
        let origin: Origin
        let script: String

        init(platform: Platform, answers: Answers, origin: Origin, script: String) {
            webView = platform.webView
            self.answers = answers
            self.origin = origin
            self.script = script
            platform.webView.add(self, name: "ask")
        }

        func didReceive(_ message: ScriptMessage) {
            let (webView, answers, script) = (webView, answers, script)
            let ask: @Sendable () -> Void = {
                webView.evaluateJavaScript(script) { answers.note($0) }
                webView.callAsyncJavaScript("return \(script)", arguments: [:]) { answers.note($0) }
            }
            switch origin {
            case .mainActor: ask()
            case .detachedTask: Task.detached(operation: ask)
            }
        }
    }

    @Test("the app's own model is set from the handler, on the simulated platform")
    func cartOnSimulatedPlatform() async throws {
        let page = SimulatedWebView { _, _ in .success(.number(42)) }
        let bridge = await CartBridge(platform: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        try page.postMessage(.null, to: "cartChanged")
        #expect(await bridge.model.total == .number(42))
        #expect(await bridge.model.error == nil)
    }

    @Test("on the simulated platform", arguments: Origin.allCases)
    func simulated(_ origin: Origin) async throws {
        let page = SimulatedWebView { _, _ in .success(.number(42)) }
        let answers = Answers()
        _ = await Asker(
            platform: .simulated(webView: page, cookieStore: InMemoryCookieStore()), answers: answers, origin: origin,
            script: "cart.total()")
        try page.postMessage(.null, to: "ask")
        #expect(await answers.results(count: 2) == [.success(.number(42)), .success(.number(42))])
        #expect(await answers.allOnMainQueue)
    }

    @Test("in a recording, which records each result before the handler runs", arguments: Origin.allCases)
    func recording(_ origin: Origin) async throws {
        let recorder = stillRecorder()
        let page = SimulatedWebView { _, _ in .failure(JavaScriptError("ReferenceError: cart")) }
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        let answers = Answers()
        _ = await Asker(platform: platform, answers: answers, origin: origin, script: "cart.total()")
        try page.postMessage(.null, to: "ask")
        let failed = Result<JSONValue, JavaScriptError>.failure(JavaScriptError("ReferenceError: cart"))
        #expect(await answers.results(count: 2) == [failed, failed])
        #expect(await answers.allOnMainQueue)
        #expect(recorder.events.filter { $0.kind == JavaScriptResult.eventKind }.count == 2, "\(outline(recorder.events))")
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "ask", body: .null)),
        Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "cart.total()")),
        Event(id: 3, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "return cart.total()", arguments: [:])),
        Event(id: 4, at: 0, answers: 2, payload: JavaScriptResult(.value(.number(42)))),
        Event(id: 5, at: 0, answers: 3, payload: JavaScriptResult(.value(.number(42)))),
    ])

    /// Replays ``cassette`` with the runtime watch in, as the testing glue
    /// does, so the replay follows a call made from `Task.detached`.
    static func replay(_ setUp: @escaping @Sendable (Platform) async -> Asker) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in await setUp(platform) }
        }
    }

    @Test("in a replay of the recorded calls", arguments: Origin.allCases)
    func replayMatched(_ origin: Origin) async throws {
        let answers = Answers()
        let report = await Self.replay { platform in
            await Asker(platform: platform, answers: answers, origin: origin, script: "cart.total()")
        }
        #expect(report.passed, "\(report)")
        #expect(await answers.results(count: 2) == [.success(.number(42)), .success(.number(42))])
        #expect(await answers.allOnMainQueue)
    }

    @Test("in a replay whose calls diverged from the recording, with the failure as the answer", arguments: Origin.allCases)
    func replayDiverged(_ origin: Origin) async throws {
        let answers = Answers()
        let report = await Self.replay { platform in
            await Asker(platform: platform, answers: answers, origin: origin, script: "cart.count()")
        }
        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 2, "\(report)")
        let results = await answers.results(count: 2)
        #expect(results.count == 2, "\(report)")
        #expect(results.allSatisfy { if case .failure = $0 { true } else { false } }, "\(results)")
        #expect(await answers.allOnMainQueue)
    }
}
