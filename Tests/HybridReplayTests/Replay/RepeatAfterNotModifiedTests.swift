import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// An order screen polls its status with the last ETag and renders only a
/// changed status. A bug renders the cached status again on a `304`: the
/// report says the render repeats the one that already happened, rather
/// than guessing that the next poll's request is missing (an outside app's
/// report named the next request, recorded later, before).
@Suite("A render repeated after a 304")
struct RepeatAfterNotModifiedTests {
    @MainActor
    final class StatusPoller: ScriptMessageHandler {
        private let platform: Platform
        private let rendersOnNotModified: Bool
        private var etag: String?
        private var status: String?

        init(platform: Platform, rendersOnNotModified: Bool = false) {
            self.platform = platform
            self.rendersOnNotModified = rendersOnNotModified
            platform.webView.add(self, contentWorld: .page, name: "poll")
        }

        func didReceive(_ message: ScriptMessage) {
            Task {
                var request = HTTPRequest(url: "https://api.example/orders/A17/status")
                if let etag { request.headers.append(HTTPHeader("If-None-Match", etag)) }
                guard let response = try? await platform.transport.send(request) else { return }
                if response.status == 304 {
                    if rendersOnNotModified, let status { render(status) }
                    return
                }
                guard case .text(let text)? = response.body else { return }
                etag = response.headers.values(named: "ETag").first
                status = text
                render(text)
            }
        }

        private func render(_ status: String) {
            platform.webView.evaluateJavaScript("orderPage.render('\(status)')", completionHandler: nil)
        }
    }

    /// Three polls: `preparing` (ETag v1), not modified, `pickedUp` (ETag v2).
    static func record() async throws -> Cassette {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { request in
            switch request.headers.values(named: "If-None-Match").first {
            case nil: HTTPResponse(status: 200, headers: [HTTPHeader("ETag", "\"v1\"")], body: .text("preparing"))
            case "\"v1\"" where !pickedUp.withLock({ $0 }): HTTPResponse(status: 304)
            default: HTTPResponse(status: 200, headers: [HTTPHeader("ETag", "\"v2\"")], body: .text("pickedUp"))
            }
        }
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server))
        let poller = await MainActor.run { StatusPoller(platform: platform) }
        try page.postMessage("poll", to: "poll")
        try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
        try page.postMessage("poll", to: "poll")
        try await recorder.waitForEvents(HTTPResponse.eventKind, count: 2)
        pickedUp.withLock { $0 = true }
        try page.postMessage("poll", to: "poll")
        try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 2)
        withExtendedLifetime(poller) {}
        return recorder.cassette()
    }

    static let pickedUp = Locked(false)

    @Test("the correct poller replays green; one that renders again on a 304 is told it repeats the first render")
    func repeatNamed() async throws {
        let cassette = try await Self.record()
        let correct = await Replayer(cassette: cassette, options: fastReplay).replay { await StatusPoller(platform: $0) }
        #expect(correct.passed, "\(correct)")
        let wrong = await Replayer(cassette: cassette, options: fastReplay).replay {
            await StatusPoller(platform: $0, rendersOnNotModified: true)
        }
        let issue = try #require(wrong.issues.first, "a poller that renders on a 304 passed")
        let firstRender = try #require(cassette.events.first { $0.kind == JavaScriptEvaluation.eventKind })
        #expect(issue.kind == .unexpectedEffect)
        #expect(
            issue.message.hasPrefix("unexpected effect: it repeats event \(firstRender.id) (javascript.evaluate"),
            "\(wrong)")
        #expect(wrong.issues.count == 1, "\(wrong)")
    }
}
