import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A fan-out joined by a `DispatchGroup` whose notification answers the page
/// from the main queue. libdispatch hands the notification to the main queue
/// when the last `leave()` empties the group, not through `dispatch_async`:
/// the replay must still see it as a block handed to the main queue then, and
/// run it before the next recorded answer, as on a device where the fare came
/// first. Before, it did not count it, delivered the ETA's answer without
/// passing the main queue, and a fan-out that left the ETA request out of its
/// group was caught in 3 to 4 runs of 10 (an outside app).
@Suite("A DispatchGroup's notification on the main queue")
struct GroupNotifyOrderTests {
    /// The app's completion-handler client: the completion runs off the main thread, from a `Task`.
    struct Client: Sendable {
        let transport: any HTTPTransport

        func fetch(_ url: String, completion: @escaping @Sendable (String?) -> Void) {
            Task { [transport] in completion((try? await transport.send(HTTPRequest(url: url)))?.body?.text) }
        }
    }

    final class Parts: @unchecked Sendable {
        let lock = NSLock()
        var fare: String?
        var eta: String?
    }

    /// Fetches the fare and the ETA of a ride, joins them with a group and shows the quote from `notify(queue: .main)`.
    @MainActor final class QuoteScreen: NSObject, ScriptMessageHandler {
        let platform: Platform
        let etaOutsideGroup: Bool

        init(platform: Platform, etaOutsideGroup: Bool = false) {
            self.platform = platform
            self.etaOutsideGroup = etaOutsideGroup
            super.init()
            platform.webView.add(self, name: "quote")
        }

        func didReceive(_ message: ScriptMessage) {
            let client = Client(transport: platform.transport)
            let (webView, outside) = (platform.webView, etaOutsideGroup)
            let parts = Parts()
            let group = DispatchGroup()
            group.enter()
            client.fetch("https://api.ride.example/fare") { fare in
                parts.lock.withLock { parts.fare = fare }
                group.leave()
            }
            if !outside { group.enter() }
            client.fetch("https://api.ride.example/eta") { eta in
                parts.lock.withLock { parts.eta = eta }
                if !outside { group.leave() }
            }
            group.notify(queue: .main) { @Sendable in
                let (fare, eta) = parts.lock.withLock { (parts.fare ?? "none", parts.eta ?? "none") }
                MainActor.assumeIsolated { webView.evaluateJavaScript("showQuote('\(fare)', '\(eta)')", completionHandler: nil) }
            }
        }
    }

    /// Records the correct screen with the fare answered first, then the ETA, each once the one before was recorded.
    static func record() async throws -> Cassette {
        try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "quote")
            let page = SimulatedWebView()
            let server = HeldHTTPTransport()
            let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server))
            let screen = await QuoteScreen(platform: platform)
            try page.postMessage(["ride": "r1"], to: "quote")
            let requests = try await server.waitForUnanswered(count: 2)
            let fare = try #require(requests.first { $0.request.urlString.hasSuffix("fare") })
            let eta = try #require(requests.first { $0.request.urlString.hasSuffix("eta") })
            _ = server.answer(fare, with: HTTPResponse(status: 200, body: .text("14.50")))
            _ = try await recorder.waitForEvents(HTTPResponse.eventKind, count: 1)
            _ = server.answer(eta, with: HTTPResponse(status: 200, body: .text("7")))
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
            _ = screen
            return recorder.cassette()
        }
    }

    static func replay(_ cassette: Cassette, etaOutsideGroup: Bool) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await QuoteScreen(platform: platform, etaOutsideGroup: etaOutsideGroup)
            }
        }
    }

    @Test("the quote is shown after both answers, and replays green every time")
    func correctFanOutPasses() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await Self.record()
        let shown = cassette.events.compactMap { ($0.payload as? JavaScriptEvaluation)?.script }
        try #require(shown == ["showQuote('14.50', '7')"], "\(outline(cassette.events))")
        for run in 1...20 {
            let report = await Self.replay(cassette, etaOutsideGroup: false)
            #expect(report.passed, "run \(run): \(report)")
            if !report.passed { break }
        }
    }

    @Test("a request left out of the group shows the quote once the fare is in, before the ETA's recorded answer, every time")
    func requestOutsideTheGroupFails() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await Self.record()
        let etaAnswer = try #require(
            cassette.events.first { event in
                guard let answered = event.answers, event.kind == HTTPResponse.eventKind else { return false }
                return (cassette.events.first { $0.id == answered }?.payload as? HTTPRequest)?.urlString.hasSuffix("eta") == true
            }, "\(outline(cassette.events))")
        for run in 1...20 {
            let report = await Self.replay(cassette, etaOutsideGroup: true)
            let issue = try #require(report.issues.first, "run \(run): the replay passed \(outline(cassette.events)) \(report)")
            #expect(issue.kind == .unexpectedEffect, "run \(run): \(issue)")
            #expect("\(issue)".contains("showQuote('14.50', 'none')"), "run \(run): \(issue)")
            #expect("\(issue)".contains("before event \(etaAnswer.id)"), "run \(run): \(issue)")
        }
    }
}
