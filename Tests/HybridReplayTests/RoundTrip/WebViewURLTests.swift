import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// `webView.url` and the delegate properties read as `WKWebView`'s do: the
/// request's URL right after `load`, each navigation step's URL inside its
/// callback, the committed page's again after a failure before committing;
/// and a replay answers every read with what the recording's web view said
/// at the same point, so code that reads it replays green.
@Suite("The web view's url and delegate properties")
struct WebViewURLTests {
    static let start = "https://app.example.com/start"
    static let landed = "https://app.example.com/home"
    static let broken = "https://app.example.com/broken"

    /// Tells the page where the web view is at each step, reading `webView.url` as WebKit code does.
    @MainActor final class LocationReporter: NavigationDelegate {
        let webView: any WebView

        init(platform: Platform) {
            webView = platform.webView
            webView.navigationDelegate = self
            webView.load(HTTPRequest(url: WebViewURLTests.start))
            report("load")
        }

        func report(_ step: String) {
            let url = webView.url?.absoluteString ?? "none"
            webView.evaluateJavaScript(
                "app.at(\(JavaScriptLiteral.string(step)), \(JavaScriptLiteral.string(url)))", completionHandler: nil)
        }

        func didStartProvisionalNavigation(_ navigation: NavigationStart) { report("started") }
        func didCommit(_ navigation: NavigationCommit) { report("committed") }
        func didFinish(_ navigation: NavigationFinish) { report("finished") }
        func didFailProvisionalNavigation(_ failure: NavigationFailure) { report("failed") }
    }

    /// The same, but remembering the URL it asked for instead of reading the web view's.
    @MainActor final class RememberingReporter: NavigationDelegate {
        let webView: any WebView
        var url = WebViewURLTests.start

        init(platform: Platform) {
            webView = platform.webView
            webView.navigationDelegate = self
            webView.load(HTTPRequest(url: url))
            report("load")
        }

        func report(_ step: String) {
            webView.evaluateJavaScript(
                "app.at(\(JavaScriptLiteral.string(step)), \(JavaScriptLiteral.string(url)))", completionHandler: nil)
        }

        func didStartProvisionalNavigation(_ navigation: NavigationStart) { report("started") }
        func didCommit(_ navigation: NavigationCommit) { report("committed") }
        func didFinish(_ navigation: NavigationFinish) { report("finished") }
        func didFailProvisionalNavigation(_ failure: NavigationFailure) { report("failed") }
    }

    /// A load of `start` redirected by the server to `landed`, then a link to
    /// `broken` that fails before committing.
    static func drive(_ page: SimulatedWebView) throws {
        try page.startProvisionalNavigation(to: start)
        try page.commitNavigation(to: landed)
        try page.finishNavigation(at: landed)
        try page.startProvisionalNavigation(to: broken)
        try page.failNavigation(
            to: broken, phase: .provisional,
            error: NavigationError(domain: "NSURLErrorDomain", code: -1004, message: "Could not connect to the server."))
    }

    static let seen = [
        "app.at(\"load\", \"https://app.example.com/start\")",
        "app.at(\"started\", \"https://app.example.com/start\")",
        "app.at(\"committed\", \"https://app.example.com/home\")",
        "app.at(\"finished\", \"https://app.example.com/home\")",
        "app.at(\"started\", \"https://app.example.com/broken\")",
        "app.at(\"failed\", \"https://app.example.com/home\")",
    ]

    @Test("the simulated web view's url follows the load, each step, and falls back after a provisional failure")
    func simulated() async throws {
        let page = SimulatedWebView()
        #expect(page.url == nil)
        let reporter = await LocationReporter(platform: .simulated(webView: page))
        try Self.drive(page)
        #expect(page.evaluatedScripts.map(\.script) == Self.seen)
        #expect(page.url?.absoluteString == Self.landed)
        withExtendedLifetime(reporter) {}
    }

    @Test("a failure after committing leaves the url on the page that failed")
    func failureAfterCommitKeepsTheURL() async throws {
        var state = WebViewURLState()
        state.loading(Self.start)
        state.committed(Self.landed)
        state.failed(.committed)
        #expect(state.current == Self.landed)
        state.started(Self.broken)
        state.failed(.provisional)
        #expect(state.current == Self.landed)
    }

    @Test("each web view gives back the delegates set on it, as set, through the property or the method")
    @MainActor func delegatesReadBack() async throws {
        let simulated = SimulatedWebView()
        let reporter = LocationReporter(platform: .simulated(webView: simulated))
        #expect(simulated.navigationDelegate as? LocationReporter === reporter)
        simulated.setNavigationDelegate(nil)
        #expect(simulated.navigationDelegate == nil)

        let recorder = Recorder(name: "delegates")
        let recording = recorder.platform(wrapping: .simulated(webView: SimulatedWebView()))
        let recorded = LocationReporter(platform: recording)
        #expect(recording.webView.navigationDelegate as? LocationReporter === recorded, "the app's own, not the recorder's wrapper")
        recording.webView.navigationDelegate = nil
        #expect(recording.webView.navigationDelegate == nil)
    }

    func record() async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "web-view-url", platform: .simulated(webView: page), setUp: { await LocationReporter(platform: $0) },
            drive: { _ in try Self.drive(page) })
    }

    @Test("the recording holds what the app read, in the scripts it evaluated")
    func recordsTheReads() async throws {
        let cassette = try await record()
        let scripts = cassette.events.compactMap { $0.payload(as: JavaScriptEvaluation.self)?.script }
        #expect(scripts == Self.seen)
    }

    @Test("the replay answers every read with the recorded web view's URL; remembering the requested one fails at the redirect")
    func replays() async throws {
        let cassette = try await record()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { await LocationReporter(platform: $0) }
        #expect(report.passed, "\(report)")
        let failing = await Replayer(cassette: cassette, options: fastReplay).replay { await RememberingReporter(platform: $0) }
        let issue = try #require(failing.issues.first, "\(failing)")
        #expect(failing.issues.count == 1, "\(failing)")
        #expect(issue.eventID == 8, "\(failing)")
        #expect(issue.actual?.contains(#"app.at(\"committed\", \"https://app.example.com/start\")"#) == true, "\(failing)")
    }

    @Test("a replayed web view hands back the delegate set, and reads no URL before the app loads")
    func replayedProperties() async throws {
        let cassette = try await record()
        let seen = Locked<(delegateIsSelf: Bool, urlBeforeLoad: URL?)?>(nil)
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await MainActor.run {
                let before = platform.webView.url
                let reporter = LocationReporter(platform: platform)
                seen.withLock { $0 = (platform.webView.navigationDelegate as? LocationReporter === reporter, before) }
                return reporter
            }
        }
        #expect(report.passed, "\(report)")
        let (delegateIsSelf, urlBeforeLoad) = try #require(seen.withLock { $0 })
        #expect(delegateIsSelf)
        #expect(urlBeforeLoad == nil)
    }
}
