import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

// The examples of docs/writing-app-code-that-replays.md, compiled and replayed.

@MainActor
final class GreetingBridge: ScriptMessageHandler {
    private let webView: any WebView
    private let transport: any HTTPTransport

    init(platform: Platform) {
        webView = platform.webView
        transport = platform.transport
        platform.webView.add(self, name: "greet")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let name) = message.body else { return }
        Task {
            let request = HTTPRequest(url: "https://api.example.com/greeting?name=\(name)")
            let greeting = (try? await transport.send(request))?.body?.text ?? "hello"
            DispatchQueue.main.async { [webView] in
                webView.evaluateJavaScript("showGreeting(\(JavaScriptLiteral.string(greeting)))", completionHandler: nil)
            }
        }
    }
}

@MainActor
final class ConfirmingRouter: NavigationDelegate {
    private let clock: any Clock<Duration>

    init(platform: Platform) {
        clock = platform.clock
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        // Was: DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { decisionHandler(.allow) }
        Task { try await clock.sleep(for: .milliseconds(300)); decisionHandler(.allow) }
    }
}

@MainActor
final class CheckedLinkRouter: AsyncNavigationDelegate {
    private let transport: any HTTPTransport

    init(platform: Platform) {
        transport = platform.transport
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction) async -> NavigationPolicy {
        guard action.navigationType == .linkActivated else { return .allow }
        let check = HTTPRequest(method: "POST", url: "https://api.example.com/allowed-links", body: .text(action.urlString))
        let answer = try? await transport.send(check)
        return answer?.status == 200 ? .allow : .cancel
    }
}

/// `CheckedLinkRouter` with a bug: it follows a link whatever the server answers.
@MainActor
final class TrustingLinkRouter: AsyncNavigationDelegate {
    private let transport: any HTTPTransport

    init(platform: Platform) {
        transport = platform.transport
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction) async -> NavigationPolicy {
        guard action.navigationType == .linkActivated else { return .allow }
        _ = try? await transport.send(HTTPRequest(method: "POST", url: "https://api.example.com/allowed-links", body: .text(action.urlString)))
        return .allow
    }
}

@Suite("Writing app code that replays: the guide's examples")
struct WritingAppCodeExamplesTests {
    static let greeting = Cassette(
        header: CassetteHeader(name: "greeting"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "greet", body: "Ada")),
            Event(id: 2, at: 0.001, cause: 1, payload: HTTPRequest(url: "https://api.example.com/greeting?name=Ada")),
            Event(id: 3, at: 0.02, answers: 2, payload: HTTPResponse(status: 200, body: .text("Hi Ada"))),
            Event(id: 4, at: 0.021, cause: 3, payload: JavaScriptEvaluation(script: #"showGreeting("Hi Ada")"#)),
        ])

    @Test("a @MainActor bridge that hops back with DispatchQueue.main.async replays green, every time")
    func greetingBridgeReplays() async {
        let cassette = Self.greeting
        let report = await Replayer(cassette: cassette, options: ReplayOptions(repetitions: 20)).replay { platform in
            await GreetingBridge(platform: platform)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("the router delayed on platform.clock replays green and takes no real time to")
    func confirmingRouterReplays() async {
        let cassette = Cassette(
            header: CassetteHeader(name: "confirm"),
            events: [
                Event(id: 1, at: 0, payload: NavigationAction(url: "https://bank.example/pay", navigationType: .formSubmitted, targetFrame: .main())),
                Event(id: 2, at: 0.3, cause: 1, payload: NavigationDecision(.allow)),
            ])
        let report = await Replayer(cassette: cassette).replay { platform in
            await ConfirmingRouter(platform: platform)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a @MainActor bridge is recorded on the simulated platform, and its recording replays green")
    func greetingBridgeRecordsAndReplays() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "greeting")
        let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text("Hi Grace")) }
        let bridge = await GreetingBridge(platform: recorder.platform(wrapping: .simulated(webView: page, transport: transport)))
        // The page posts from a test task off the main actor; the bridge is called on it all the same.
        try page.postMessage("Grace", to: "greet")
        // The last event the test reads: the page's result is recorded on the main queue just
        // after the evaluation, while this task may already have woken for the evaluation.
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
        withExtendedLifetime(bridge) {}
        let cassette = recorder.cassette()
        #expect(cassette.events.map(\.kind.description) == ["script.message", "http.request", "http.response", "javascript.evaluate", "javascript.result"])
        let report = await Replayer(cassette: cassette, options: ReplayOptions(repetitions: 10)).replay { platform in
            await GreetingBridge(platform: platform)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("the recorded bridge's replay fails when the bridge answers with something else")
    func greetingBridgeRegressionFails() async throws {
        var cassette = Self.greeting
        cassette.events[3] = Event(id: 4, at: 0.021, cause: 3, payload: JavaScriptEvaluation(script: #"showGreeting("Hi, Ada")"#))
        let report = await Replayer(cassette: cassette).replay { platform in
            await GreetingBridge(platform: platform)
        }
        #expect(report.issues.first?.kind == .unexpectedEffect, "\(report)")
        #expect(report.issues.first?.eventID == 4, "\(report)")
        #expect(!report.passed)
    }

    @Test("the guide's async navigation delegate decides on the simulated platform, and its recording replays green; a router that ignores the server fails")
    func checkedLinkRouterRecordsAndReplays() async throws {
        let page = SimulatedWebView()
        let transport = ScriptedHTTPTransport { request in
            HTTPResponse(status: request.body?.text == "https://example.com/about" ? 200 : 403)
        }
        let recorder = Recorder(name: "checked-links")
        let router = await CheckedLinkRouter(platform: recorder.platform(wrapping: .simulated(webView: page, transport: transport)))
        let about = try await page.navigate(NavigationAction(url: "https://example.com/about", navigationType: .linkActivated, targetFrame: .main()))
        let elsewhere = try await page.navigate(NavigationAction(url: "https://elsewhere.example/", navigationType: .linkActivated, targetFrame: .main()))
        let reload = try await page.navigate(NavigationAction(url: "https://example.com/", navigationType: .reload, targetFrame: .main()))
        withExtendedLifetime(router) {}
        #expect([about, elsewhere, reload] == [.allow, .cancel, .allow])
        let cassette = recorder.cassette()
        #expect(cassette.events.filter { $0.kind.description == "http.request" }.count == 2)

        let report = await Replayer(cassette: cassette, options: ReplayOptions(repetitions: 10)).replay { platform in
            await CheckedLinkRouter(platform: platform)
        }
        #expect(report.passed, "\(report)")
        let trusting = await Replayer(cassette: cassette).replay { platform in
            await TrustingLinkRouter(platform: platform)
        }
        #expect(!trusting.passed)
    }

    @Test("an implementation that hands work to a global queue can say so")
    func unseenWorkIsExpected() {
        let options = ReplayOptions(unseenWork: .expected)
        #expect(options.unseenWork == .expected)
        #expect(ReplayOptions().unseenWork == .detected)
    }
}

/// Answers the page after `depth` main-queue hops, each block enqueuing the next.
@MainActor
final class HoppingBridge: ScriptMessageHandler {
    private let webView: any WebView
    private let depth: Int
    private let answers: Bool

    init(platform: Platform, depth: Int, answers: Bool) {
        webView = platform.webView
        self.depth = depth
        self.answers = answers
        platform.webView.add(self, name: "greet")
    }

    func didReceive(_ message: ScriptMessage) {
        Self.hop(depth, webView: webView, answers: answers)
    }

    nonisolated static func hop(_ remaining: Int, webView: any WebView, answers: Bool) {
        DispatchQueue.main.async {
            if remaining > 1 { return hop(remaining - 1, webView: webView, answers: answers) }
            if answers { webView.evaluateJavaScript(#"showGreeting("Hi Ada")"#, completionHandler: nil) }
        }
    }
}

@Suite("Chains of main-queue hops")
struct MainQueueChainTests {
    static let cassette = Cassette(
        header: CassetteHeader(name: "chain"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "greet", body: "Ada")),
            Event(id: 2, at: 0.001, cause: 1, payload: JavaScriptEvaluation(script: #"showGreeting("Hi Ada")"#)),
        ])

    #if os(Linux)
    // Under the runtime watch the testing glue installs for its replays, which
    // counts main-queue blocks; a bare `Replayer` outside it sees three deep.
    // Installed here, not borrowed from another test's replay running beside it.
    @Test("an answer at the end of a chain of forty main-queue blocks is seen, and a chain that ends without it fails")
    func longChain() async {
        let passes = await RuntimeWatchInstallation.during {
            await Replayer(cassette: Self.cassette, options: ReplayOptions(repetitions: 20)).replay { platform in
                await HoppingBridge(platform: platform, depth: 40, answers: true)
            }
        }
        #expect(passes.passed, "\(passes)")
        let fails = await RuntimeWatchInstallation.during {
            await Replayer(cassette: Self.cassette).replay { platform in
                await HoppingBridge(platform: platform, depth: 40, answers: false)
            }
        }
        #expect(fails.issues.first?.kind == .missingEffect, "\(fails)")
    }
    #endif

    @Test("an answer two main-queue blocks deep is seen on every platform")
    func shortChain() async {
        let report = await Replayer(cassette: Self.cassette, options: ReplayOptions(repetitions: 20)).replay { platform in
            await HoppingBridge(platform: platform, depth: 2, answers: true)
        }
        #expect(report.passed, "\(report)")
    }
}
