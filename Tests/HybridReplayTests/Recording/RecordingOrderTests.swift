import Foundation
@testable import HybridReplay
import HybridReplaySimulation
import Testing

/// A navigation lifecycle notification is written after the work it raced
/// with, wherever the engine happened to report it, and never after what
/// may be its reaction.
@Suite("Recording order")
struct RecordingOrderTests {
    static let home = "https://app.example/"

    /// A message, the request it causes, its response, a script without a
    /// cause (after `DispatchQueue.main.async`) and its result, with
    /// `navigation.finished` reported at `position` among them.
    static func session(finishedAt position: Int) -> [Event] {
        var payloads: [(cause: Int?, answers: Int?, payload: any EventPayload)] = [
            (nil, nil, ScriptMessage(handler: "profile", body: ["guid": "p1"])),
            (1, nil, HTTPRequest(method: "POST", url: "https://api.example/profile")),
            (nil, 2, HTTPResponse(status: 200)),
            (nil, nil, JavaScriptEvaluation(script: "resolve('p1')")),
            (nil, 4, JavaScriptResult(.value(nil))),
        ]
        payloads.insert((nil, nil, NavigationFinish(url: home)), at: position)
        // Ids follow the insertion: renumber causes and answers past it.
        let shift = { (id: Int?) in id.map { $0 > position ? $0 + 1 : $0 } }
        return payloads.enumerated().map { index, item in
            Event(id: index + 1, at: Double(index) / 100, cause: shift(item.cause), answers: shift(item.answers), payload: item.payload)
        }
    }

    @Test("navigation.finished reported anywhere among the work it raced with is written after it", arguments: 1...5)
    func finishedIsWrittenLast(_ position: Int) throws {
        let recorded = Self.session(finishedAt: position)
        let finished = recorded[position].id
        let written = RecordingOrder.written(recorded, quiet: [finished])
        #expect(outline(written) == outline(Self.session(finishedAt: 5)))
        #expect(written.map(\.kind.description) == [
            "script.message", "http.request", "http.response", "javascript.evaluate", "javascript.result", "navigation.finished",
        ])
        #expect(written.map(\.id) == Array(1...6))
        #expect(written[1].cause == 1 && written[2].answers == 2 && written[4].answers == 4)
        #expect(written[5].at == recorded.last?.at, "written at the time of the last work it follows")
        #expect(CassetteValidator.problems(in: makeCassette(written)).isEmpty)
    }

    @Test("a notification whose delivery handed off work is not written after work without a cause, which may be its reaction")
    func notQuietStopsAtUncausedWork() {
        let recorded = Self.session(finishedAt: 1)
        let written = RecordingOrder.written(recorded, quiet: [])
        #expect(written.map(\.kind.description) == [
            "script.message", "http.request", "http.response", "navigation.finished", "javascript.evaluate", "javascript.result",
        ])
    }

    /// A request made for the old page, a navigation to a new one, and the
    /// request's response after the new page committed; `requestAfterAction`
    /// makes the request once the navigation has begun instead.
    static func navigateAway(requestAfterAction: Bool) -> [Event] {
        let next = "https://app.example/next"
        let request = HTTPRequest(method: "GET", url: "https://api.example/rows")
        var events: [Event] = []
        func add(cause: Int? = nil, answers: Int? = nil, at: Double, _ payload: any EventPayload) {
            events.append(Event(id: events.count + 1, at: at, cause: cause, answers: answers, payload: payload))
        }
        if !requestAfterAction { add(at: 0, request) }
        add(at: 0.1, NavigationAction(url: next, navigationType: .linkActivated, targetFrame: .main(Self.home)))
        add(cause: events.count, at: 0.1, NavigationDecision(.allow))
        if requestAfterAction { add(at: 0.1, request) }
        add(at: 0.2, NavigationStart(url: next))
        add(at: 0.2, NavigationCommit(url: next))
        let requestID = events.first { $0.kind == HTTPRequest.eventKind }?.id
        add(answers: requestID, at: 1.1, HTTPResponse(status: 200))
        return events
    }

    @Test("a commit stays before the answer to a request the old page made, which the app may drop for a page that is gone")
    func answerForOldPageStaysAfterCommit() {
        let recorded = Self.navigateAway(requestAfterAction: false)
        let written = RecordingOrder.written(recorded, quiet: Set(recorded.map(\.id)))
        #expect(written == recorded)
        #expect(written.map(\.kind.description).suffix(3) == ["navigation.started", "navigation.committed", "http.response"])
    }

    @Test("a commit is still written after the answer to a request made once its navigation began")
    func answerForNewNavigationIsPassed() {
        let recorded = Self.navigateAway(requestAfterAction: true)
        let written = RecordingOrder.written(recorded, quiet: Set(recorded.map(\.id)))
        #expect(written.map(\.kind.description).suffix(3) == ["http.response", "navigation.started", "navigation.committed"])
        #expect(written.first { $0.kind == HTTPResponse.eventKind }?.answers == 3)
        #expect(CassetteValidator.problems(in: makeCassette(written)).isEmpty)
    }

    @Test("a notification is never written after what it caused, a message from the page, or another navigation event")
    func blockers() {
        let caused = [
            Event(id: 1, at: 0, payload: NavigationFinish(url: Self.home)),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "ready()")),
            Event(id: 3, at: 0, answers: 2, payload: JavaScriptResult(.value(nil))),
        ]
        #expect(RecordingOrder.written(caused, quiet: [1]) == caused)
        let message = [
            Event(id: 1, at: 0, payload: NavigationCommit(url: Self.home)),
            Event(id: 2, at: 0, payload: ScriptMessage(handler: "h", body: nil)),
        ]
        #expect(RecordingOrder.written(message, quiet: [1]) == message)
        let lifecycle = [
            Event(id: 1, at: 0, payload: NavigationStart(url: Self.home)),
            Event(id: 2, at: 0, payload: NavigationCommit(url: Self.home)),
            Event(id: 3, at: 0, payload: NavigationFinish(url: Self.home)),
        ]
        #expect(RecordingOrder.written(lifecycle, quiet: [1, 2, 3]) == lifecycle)
        let unsolicited = [
            Event(id: 1, at: 0, payload: NavigationFinish(url: Self.home)),
            Event(id: 2, at: 0, payload: LocationUpdate([LocationFix(latitude: 1, longitude: 2, timestamp: "2026-01-01T00:00:00Z")])),
        ]
        #expect(RecordingOrder.written(unsolicited, quiet: [1]) == unsolicited)
    }

    /// A bridge as iOS code is written: `@MainActor`, answering after `DispatchQueue.main.async`,
    /// and a navigation delegate that only notes the load, or hops too when `hops` is set.
    @MainActor
    final class Bridge: ScriptMessageHandler, NavigationDelegate {
        let webView: any WebView
        let hopsOnFinish: Bool
        var isLoaded = false

        init(webView: any WebView, hopsOnFinish: Bool) {
            self.webView = webView
            self.hopsOnFinish = hopsOnFinish
            webView.setNavigationDelegate(self)
            webView.add(self, name: "profile")
        }

        func didReceive(_ message: ScriptMessage) {
            DispatchQueue.main.async { self.webView.evaluateJavaScript("resolve('p1')", completionHandler: nil) }
        }

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            decisionHandler(.allow)
        }

        func didFinish(_ navigation: NavigationFinish) {
            isLoaded = true
            if hopsOnFinish {
                DispatchQueue.main.async { self.webView.evaluateJavaScript("ready()", completionHandler: nil) }
            }
        }
    }

    /// Records the page posting a message, then finishing its load before the bridge's answer.
    static func record(hopsOnFinish: Bool) async throws -> Cassette {
        let page = SimulatedWebView()
        let recorder = stillRecorder()
        let bridge = await Bridge(webView: recorder.platform(wrapping: .simulated(webView: page)).webView, hopsOnFinish: hopsOnFinish)
        try page.postMessage(["guid": "p1"], to: "profile")
        try page.finishNavigation(at: home)
        try await recorder.waitForEvents(JavaScriptResult.eventKind, count: hopsOnFinish ? 2 : 1)
        withExtendedLifetime(bridge) {}
        return recorder.cassette()
    }

    @Test("a finish the app reacts to with nothing is written after the answer it raced with, and replays green every time")
    func quietFinishReplays() async throws {
        let cassette = try await Self.record(hopsOnFinish: false)
        #expect(cassette.events.map(\.kind.description) == [
            "script.message", "javascript.evaluate", "javascript.result", "navigation.finished",
        ])
        for _ in 0..<20 {
            let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await Bridge(webView: platform.webView, hopsOnFinish: false)
            }
            #expect(report.passed, "\(report)")
        }
    }

    @Test("a finish whose delegate hops to the main queue stays before the work that hop may have made, and replays green")
    func hoppingFinishStays() async throws {
        let cassette = try await Self.record(hopsOnFinish: true)
        let kinds = cassette.events.map(\.kind.description)
        let finished = try #require(kinds.firstIndex(of: "navigation.finished"))
        let ready = try #require(cassette.events.firstIndex { $0.payload(as: JavaScriptEvaluation.self)?.script == "ready()" })
        #expect(finished < ready, "\(kinds)")
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await Bridge(webView: platform.webView, hopsOnFinish: true)
        }
        #expect(report.passed, "\(report)")
    }
}
