import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// The set-up shapes of every seam with a receiver app code sets — the
/// navigation and UI delegates, script handlers with and without reply, URL
/// scheme handlers, custom handlers — each set in `init`, lazily, after a
/// load, replaced, set twice (and, for the navigation delegate, again after
/// the web process ended), through each hop to the main actor. Each row is
/// recorded once with the recorder on the simulated platform, then replayed
/// correct and with the teardown run after the set-up, `runs` times.
extension ReplayPatternMatrixTests {
    @Test("a receiver set up in any shape through any hop replays green, and one torn down after it is set fails", arguments: SeamSetUp.all)
    func seamSetUp(_ row: SeamSetUp) async throws {
        let cassette = try await Self.record(row)
        await Self.measure(row.patternName, wrongIsARace: row.wrongRacesThePage, correctIsARace: row.racesThePage) { correct in
            await Self.replay(cassette, row, correct: correct)
        }
    }

    /// Reloading before the navigation delegate is set again: WebKit asks for
    /// the reload's decision only once the new web content process has
    /// started, so a delegate set a hop later decides it. The replay waits
    /// for a delegate set late too, so this variant replays green: its line's
    /// `wrong` counts how often it was caught — never — and is not checked.
    @Test(
        "reloading before the navigation delegate is set again is not a failure, through every hop",
        arguments: SeamSetUp.Hop.allCases)
    func reloadBeforeDelegateIsSetAgain(_ hop: SeamSetUp.Hop) async throws {
        let row = SeamSetUp(seam: .navigationDelegate, time: .afterTermination, hop: hop)
        let cassette = try await Self.record(row)
        await Self.measure("setup navigation delegate reload before set again via \(hop.rawValue)", wrongIsARace: true) { correct in
            await Self.replay(cassette, row, correct: true, reloadsFirst: !correct)
        }
        for _ in 0..<Self.runs {
            let report = await Self.replay(cassette, row, correct: true, reloadsFirst: true)
            #expect(report.passed, "\(report)")
        }
    }

    static let link = NavigationAction(url: "https://app.example.com/account", navigationType: .linkActivated, targetFrame: .main())
    static let reload = NavigationAction(url: SetUpFeature.pageURL, navigationType: .reload, targetFrame: .main())

    /// Records `row` set up correctly, with the page (or the app's own seam)
    /// acting once the set-up is done, as a user acts once the screen is up.
    static func record(_ row: SeamSetUp) async throws -> Cassette {
        let recorder = stillRecorder(name: "setup")
        let page = SimulatedWebView()
        let custom = SimulatedCustomSeam()
        let platform = recorder.platform(wrapping: .simulated(webView: page, custom: custom))
        let (steps, stepDone) = AsyncStream<Void>.makeStream()
        var done = steps.makeAsyncIterator()
        let feature = await SetUpFeature(platform: platform, row: row, correct: true, stepDone: stepDone)
        await feature.show()
        if row.time != .afterTermination {
            for _ in 0..<row.setUpCount { await done.next() }
        }
        switch row.seam {
        case .navigationDelegate:
            _ = try await page.navigate(link)
        case .uiDelegate:
            _ = try await page.runJavaScriptDialog(
                JavaScriptDialog(kind: .confirm, message: "Leave checkout?", frame: .main(SetUpFeature.pageURL)))
            _ = try page.openWindow(
                for: NavigationAction(url: "https://help.example.com/", navigationType: .linkActivated, targetFrame: nil))
        case .scriptHandler:
            try page.postMessage(["hello": "ada"], to: SetUpFeature.handlerName)
            // The page's result is recorded just after the evaluation: wait for what the cassette ends with.
            try await recorder.waitForEvents(JavaScriptResult.eventKind)
        case .replyHandler:
            _ = try await page.postMessageAwaitingReply(["op": "version"], to: SetUpFeature.handlerName)
        case .schemeHandler:
            _ = try await page.requestURLScheme(URLSchemeRequest(url: "app://bundle/config.json"))
        case .customHandler:
            try custom.deliver(CustomEvent(name: SetUpFeature.flags, direction: .stimulus, fields: ["dark": true]))
        }
        if row.time == .afterTermination {
            try page.terminateWebContentProcess()
            await done.next()
            _ = try await page.navigate(reload)
        }
        _ = feature
        return recorder.cassette()
    }

    static func replay(_ cassette: Cassette, _ row: SeamSetUp, correct: Bool, reloadsFirst: Bool = false) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: options(for: nil, correct: correct)).replay { platform in
                let feature = await SetUpFeature(platform: platform, row: row, correct: correct, reloadsFirst: reloadsFirst)
                await feature.show()
                return feature
            }
        }
    }
}
