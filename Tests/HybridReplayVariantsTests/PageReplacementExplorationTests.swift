import Foundation
import HybridReplay
import HybridReplayReference
import HybridReplaySimulation
import Testing

@testable import HybridReplayVariants

/// A promise bridge that also routes the page's navigations, as a Turbo-style
/// navigator does: the page posts `{guid}`, native code fetches and evaluates
/// `executePromise(guid, data)`. The reference drops an answer whose page was
/// replaced (a navigation committed, or the web content process ended, after
/// which it reloads the page as Turbo does) while the fetch was on its way; the
/// planted bug posts it anyway, into the new page.
@MainActor final class NavigatingPromiseBridge: NavigationDelegate, ScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport
    let dropsAnswersForReplacedPages: Bool
    private var page = 0

    init(platform: Platform, dropsAnswersForReplacedPages: Bool) {
        webView = platform.webView
        transport = platform.transport
        self.dropsAnswersForReplacedPages = dropsAnswersForReplacedPages
        platform.webView.setNavigationDelegate(self)
        platform.webView.add(self, name: "nativeProcess")
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func didCommit(_ navigation: NavigationCommit) { page += 1 }

    func webContentProcessDidTerminate() {
        page += 1
        webView.load(NavigationLoad(url: "https://app.example.com/"))
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let fields) = message.body, case .string(let guid)? = fields["guid"] else { return }
        let asked = page
        Task { @MainActor in
            let response = try? await transport.send(HTTPRequest(url: "https://api.example.com/user"))
            if dropsAnswersForReplacedPages, page != asked { return }
            let data = response.flatMap { $0.body?.text } ?? ""
            webView.evaluateJavaScript(
                "executePromise(\(JavaScriptLiteral.string(guid)), \(JavaScriptLiteral.string(data)))", completionHandler: nil)
        }
    }

    /// The page loads, posts one promise and gets it settled: the happy path, recorded on the simulation.
    static func happyPath() async throws -> Cassette {
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text(#"{"name":"Ada"}"#)) }
        let recorder = Recorder(name: "navigating-promise", contract: "navigating-promise-bridge")
        let platform = recorder.platform(wrapping: .simulated(webView: webView, transport: transport))
        let bridge = NavigatingPromiseBridge(platform: platform, dropsAnswersForReplacedPages: true)
        try webView.startProvisionalNavigation(to: "https://app.example.com/")
        try webView.commitNavigation(to: "https://app.example.com/")
        try webView.finishNavigation(at: "https://app.example.com/")
        try webView.postMessage(.object(["guid": .string("p1")]), to: "nativeProcess")
        try await webView.waitForEvaluatedScripts(count: 1)
        withExtendedLifetime(bridge) {}
        return recorder.cassette()
    }
}

@Suite("PageReplacement")
struct PageReplacementExplorationTests {
    @Test("the page navigates to another page right before each answer: the response and the script's result")
    func variantsBeforeAnswers() async throws {
        let cassette = try await NavigatingPromiseBridge.happyPath()
        let navigated = VariantGenerator().variants(of: cassette).filter { $0.id.variantClass == "after-navigation" }
        let answered = navigated.compactMap { variant in cassette.events.first { $0.id == variant.id.eventID }?.kind }
        #expect(answered == [HTTPResponse.eventKind, JavaScriptResult.eventKind])
        let variant = try #require(navigated.first)
        let events = variant.cassette.events
        let response = try #require(events.firstIndex { $0.payload is HTTPResponse })
        #expect(events[response - 3].payload is NavigationStart)
        #expect(events[response - 2].payload as? NavigationCommit == NavigationCommit(url: PageReplacement.url))
        #expect(events[response - 1].payload is NavigationFinish)
        let request = try #require(events.first { $0.payload is HTTPRequest })
        #expect(events[response].answers == request.id, "the answer still answers its request")
    }

    @Test("a bridge that drops an answer for a page that is gone breaks no rule in any variant")
    func referencePasses() async throws {
        let exploration = try await Explorer().explore(try await NavigatingPromiseBridge.happyPath()) { platform in
            await NavigatingPromiseBridge(platform: platform, dropsAnswersForReplacedPages: true)
        }
        #expect(exploration.total > 0)
        #expect(exploration.passed, "\(exploration.failures.map { "\($0.variant.id): \($0.violations)" })")
    }

    @Test("a bridge that settles a promise into the page that replaced the one asking is found, shrunk to the message and the navigation")
    func postingIntoTheNewPageIsFound() async throws {
        let exploration = try await Explorer().explore(try await NavigatingPromiseBridge.happyPath()) { platform in
            await NavigatingPromiseBridge(platform: platform, dropsAnswersForReplacedPages: false)
        }
        let failure = try #require(exploration.failures.first { $0.variant.id.variantClass == "after-navigation" })
        let violation = try #require(failure.violations.first { $0.rule == .noSettlementIntoNewPage })
        #expect(violation.message.contains("\"p1\"") && violation.message.contains("was gone"))
        #expect(!failure.violations.contains { $0.rule == .promiseSettledOnce }, "the old page's promise needs no settling")
        #expect(failure.shrunkViolations.contains { $0.rule == .noSettlementIntoNewPage })
        let stimuli = failure.shrunk.events.filter { $0.direction == .stimulus && $0.answers == nil }.map(\.kind)
        #expect(stimuli == [ScriptMessage.eventKind, NavigationCommit.eventKind], "\(stimuli)")
        #expect(failure.shrinkSteps > 0)
    }

    @Test("a promise of a page the app heard replaced needs no settling, and one settled afterwards is named with the commit")
    func rule() {
        let message = Event(id: 1, at: 0, payload: ScriptMessage(handler: "h", body: .object(["guid": .string("g")])))
        let commit = Event(id: 2, at: 0, payload: NavigationCommit(url: PageReplacement.url))
        let settle = Event(id: 3, at: 0, payload: JavaScriptEvaluation(script: #"executePromise("g", 1)"#))
        func trace(_ events: [Event]) -> Cassette { Cassette(header: CassetteHeader(name: "t"), events: events) }
        #expect(PlatformRule.all.violations(in: trace([message, commit])).isEmpty)
        #expect(PlatformRule.all.violations(in: trace([message, settle, commit])).isEmpty)
        let late = PlatformRule.all.violations(in: trace([message, commit, settle]))
        #expect(late.map(\.rule) == [.noSettlementIntoNewPage])
        #expect(late.first?.eventIDs == [1, 2, 3])
        #expect(PlatformRule.all.violations(in: trace([message])).map(\.rule) == [.promiseSettledOnce])
    }
}
