import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// The web half's patience counts from when the page could act: not while
/// the engine loads the page or runs an evaluation the replay asked for,
/// however long that takes on a busy machine, and in full once it is idle.
/// The clock is a manual one, so a verdict here never depends on the
/// machine's speed.
@Suite("Web-half engine work")
@MainActor
struct WebHalfEngineWorkTests {
    static let url = WebHalfReplayerTests.url
    static let frame = WebHalfReplayerTests.frame
    static let patience = WebHalfReplayOptions().patience

    /// The echo, and a second message the page posts while `changeEcho` runs,
    /// so the replay waits for it with the evaluation still out.
    static let echoAndDone = WebHalfReplayerTests.cassette([
        (ScriptMessage(handler: "nativeProcess", body: "Hello", frame: frame), nil, nil),
        (JavaScriptEvaluation(script: #"changeEcho("Hello")"#), 1, nil),
        (ScriptMessage(handler: "nativeProcess", body: "done", frame: frame), nil, nil),
        (JavaScriptResult(.value(.null)), nil, 2),
    ])

    /// Starts the web half of `cassette` into `webView` on `clock`.
    func start(_ cassette: Cassette, into webView: any WebView, clock: ManualClock) -> Task<ReplayReport, Never> {
        var options = WebHalfReplayOptions()
        options.clock = clock
        let replayer = WebHalfReplayer(cassette: cassette, options: options)
        return Task { @MainActor in
            await replayer.replay(page: WebPage(html: WebHalfReplayerTests.html)) { webView }
        }
    }

    /// Gives every task the main actor has queued many chances to run, so a
    /// patience wrongly started would have registered its sleep by now.
    static func settle() async {
        for _ in 0..<200 { await Task.yield() }
    }

    @Test("a load that takes many times the patience does not use it up: the page that posts once loaded passes")
    func slowLoadPasses() async throws {
        let page = SimulatedWebView()
        let clock = ManualClock()
        let replay = start(WebHalfReplayerTests.echo, into: page, clock: clock)
        try await page.waitForLoads()
        try page.startProvisionalNavigation(to: Self.url)
        await Self.settle()
        #expect(clock.sleeperCount == 0, "the patience runs while the engine is still loading")
        clock.advance(by: Self.patience * 10)
        try page.commitNavigation(to: Self.url)
        await Self.settle()
        clock.advance(by: Self.patience * 10)
        try page.finishNavigation(at: Self.url)
        while clock.sleeperCount == 0 { await Task.yield() }
        try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        let report = await replay.value
        #expect(report.passed, "\(report)")
    }

    @Test("a page that never acts fails once the patience has run after its load finished")
    func neverActingPageFails() async throws {
        let page = SimulatedWebView()
        let clock = ManualClock()
        let replay = start(WebHalfReplayerTests.echo, into: page, clock: clock)
        try await page.waitForLoads()
        try page.finishNavigation(at: Self.url)
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: Self.patience)
        let report = await replay.value
        let issue = try #require(report.issues.first)
        #expect(report.issues.count == 1)
        #expect(issue.kind == .missingStimulus)
        #expect(issue.eventID == 1)
        #expect(issue.message == """
            the page did not post its message to nativeProcess ("Hello") within 10.0 seconds of its last \
            recorded step, counted while its page was loaded and the engine idle
            """)
    }

    @Test("a load that fails leaves the engine idle: a page that then does nothing fails once the patience has run")
    func failedLoadStartsThePatience() async throws {
        let page = SimulatedWebView()
        let clock = ManualClock()
        let replay = start(WebHalfReplayerTests.echo, into: page, clock: clock)
        try await page.waitForLoads()
        try page.failNavigation(
            to: Self.url, phase: .provisional,
            error: NavigationError(domain: "WebKitNetworkError", code: -1, message: "could not connect"))
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: Self.patience)
        let report = await replay.value
        #expect(report.issues.map(\.kind) == [.missingStimulus])
        #expect(report.issues.first?.eventID == 1)
    }

    @Test("the patience does not run while an evaluation the replay asked for has not returned")
    func slowEvaluationPasses() async throws {
        let page = HeldEvaluationWebView()
        let clock = ManualClock()
        let replay = start(Self.echoAndDone, into: page, clock: clock)
        try await page.simulated.waitForLoads()
        try page.simulated.finishNavigation(at: Self.url)
        try page.simulated.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        try await page.waitForHeldEvaluations(count: 1)
        await Self.settle()
        #expect(clock.sleeperCount == 0, "the patience runs while the evaluation is still out")
        clock.advance(by: Self.patience * 10)
        // What changeEcho does before it returns, long after the patience would have run out.
        try page.simulated.postMessage("done", to: "nativeProcess", frame: Self.frame)
        page.releaseEvaluations(with: .success(.null))
        let report = await replay.value
        #expect(report.passed, "\(report)")
    }

    @Test("once the evaluation has returned, a message the page never posts fails after the patience")
    func evaluationReturnedWithoutTheMessageFails() async throws {
        let page = HeldEvaluationWebView()
        let clock = ManualClock()
        let replay = start(Self.echoAndDone, into: page, clock: clock)
        try await page.simulated.waitForLoads()
        try page.simulated.finishNavigation(at: Self.url)
        try page.simulated.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        try await page.waitForHeldEvaluations(count: 1)
        page.releaseEvaluations(with: .success(.null))
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: Self.patience)
        let report = await replay.value
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingStimulus)
        #expect(issue.eventID == 3)
        #expect(issue.message.hasPrefix(#"the page did not post its message to nativeProcess ("done") within 10.0 seconds"#))
    }

    @Test("a replay cancelled while an evaluation is out says the engine was still running it")
    func cancelledDuringEvaluationSaysSo() async throws {
        let page = HeldEvaluationWebView()
        let replay = start(Self.echoAndDone, into: page, clock: ManualClock())
        try await page.simulated.waitForLoads()
        try page.simulated.finishNavigation(at: Self.url)
        try page.simulated.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        try await page.waitForHeldEvaluations(count: 1)
        replay.cancel()
        let report = await replay.value
        #expect(report.issues.map(\.message) == [
            #"the replay was cancelled while the page had yet to post its message to nativeProcess ("done"); "#
                + "the engine was still running the evaluation of event 2"
        ])
        page.releaseEvaluations(with: .success(.null))
    }

    @Test("a recorded navigation the replay cancels ends the load it was waiting on, so the patience runs")
    func cancelledNavigationEndsTheLoad() async throws {
        let target = "https://bridge.example.com/next.html"
        let action = NavigationAction(url: target, navigationType: .other, targetFrame: .main(nil))
        let cassette = WebHalfReplayerTests.cassette([
            (NavigationLoad(url: target), nil, nil),
            (action, nil, nil),
            (NavigationDecision(.cancel), 2, nil),
            (ScriptMessage(handler: "nativeProcess", body: "Hello", frame: Self.frame), nil, nil),
        ])
        let page = SimulatedWebView()
        let clock = ManualClock()
        var options = WebHalfReplayOptions()
        options.clock = clock
        let replayer = WebHalfReplayer(cassette: cassette, options: options)
        // No page under test: the recorded load is played as it is.
        let replay = Task { @MainActor in await replayer.replay(page: nil) { page } }
        try await page.waitForLoads()
        #expect(try await page.navigate(action) == .cancel)
        // The engine reports nothing for a navigation it was told not to follow.
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: Self.patience)
        let report = await replay.value
        #expect(report.issues.map(\.kind) == [.missingStimulus])
        #expect(report.issues.first?.eventID == 4)
    }

    @Test("a link the page follows while it loads, cancelled as recorded, leaves its own load under way")
    func cancelledLinkDuringTheLoadKeepsTheLoad() async throws {
        let action = NavigationAction(
            url: "navigate://present", navigationType: .linkActivated, targetFrame: .main(Self.url))
        let cassette = WebHalfReplayerTests.cassette([
            (action, nil, nil),
            (NavigationDecision(.cancel), 1, nil),
            (ScriptMessage(handler: "nativeProcess", body: "Hello", frame: Self.frame), nil, nil),
        ])
        let page = SimulatedWebView()
        let clock = ManualClock()
        let replay = start(cassette, into: page, clock: clock)
        try await page.waitForLoads()
        try page.startProvisionalNavigation(to: Self.url)
        // A script in the page, run while it loads, follows the link.
        #expect(try await page.navigate(action) == .cancel)
        await Self.settle()
        #expect(clock.sleeperCount == 0, "the patience runs while the page is still loading")
        clock.advance(by: Self.patience * 10)
        try page.finishNavigation(at: Self.url)
        while clock.sleeperCount == 0 { await Task.yield() }
        try page.postMessage("Hello", to: "nativeProcess", frame: Self.frame)
        let report = await replay.value
        #expect(report.passed, "\(report)")
    }
}

/// A simulated page whose `evaluateJavaScript` results come when the test
/// releases them, as a busy engine's come late; `callAsyncJavaScript` (the
/// replay's own round trip at the end) is answered at once.
final class HeldEvaluationWebView: WebView {
    let simulated = SimulatedWebView()
    private let held = Locked<[@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void]>([])

    /// Waits until `count` evaluations are held.
    func waitForHeldEvaluations(count: Int) async throws {
        try await simulated.waitForEvaluatedScripts(count: count)
        while held.withLock({ $0.count }) < count { await Task.yield() }
    }

    /// Answers every held evaluation with `result`, on the main actor as WebKit does.
    @MainActor func releaseEvaluations(with result: Result<JSONValue, JavaScriptError>) {
        let completions = held.withLock { held in
            defer { held = [] }
            return held
        }
        for completion in completions { completion(result) }
    }

    func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        simulated.evaluateJavaScript(script, in: frame, in: contentWorld, completionHandler: nil)
        if let completionHandler { held.withLock { $0.append(completionHandler) } }
    }

    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        simulated.callAsyncJavaScript(
            body, arguments: arguments, in: frame, in: contentWorld, completionHandler: completionHandler)
    }

    func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        simulated.add(handler, contentWorld: contentWorld, name: name)
    }

    func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        simulated.add(handler, contentWorld: contentWorld, name: name)
    }

    func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        simulated.removeScriptMessageHandler(forName: name, contentWorld: contentWorld)
    }

    func addUserScript(_ script: UserScriptInstallation) { simulated.addUserScript(script) }

    var navigationDelegate: (any NavigationDelegate)? {
        get { simulated.navigationDelegate }
        set { simulated.navigationDelegate = newValue }
    }

    var uiDelegate: (any UIDelegate)? {
        get { simulated.uiDelegate }
        set { simulated.uiDelegate = newValue }
    }

    var url: URL? { simulated.url }

    func load(_ load: NavigationLoad) { simulated.load(load) }
}
