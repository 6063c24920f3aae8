import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

/// What docs/simulated-platform.md says about re-recording a fan-out whose
/// answers a `HeldHTTPTransport` releases: a response is recorded when the
/// child task that awaited it resumes, so a drive that waits for each
/// `http.response` to be recorded before it releases the next answer writes
/// the same bytes every time.
@Suite("Re-recording a fan-out answered by a HeldHTTPTransport")
struct HeldAnswerOrderTests {
    /// A `trip` message fetches two URLs side by side (`async let`) and shows both.
    private struct FanOutBridge: ScriptMessageHandler {
        static let urls = ["https://api.trips.example/flights/t1", "https://api.trips.example/hotel/t1"]
        let platform: Platform
        /// Whether each child sends a bearer token of its own.
        var tokens = false

        init(platform: Platform, tokens: Bool = false) {
            self.platform = platform
            self.tokens = tokens
            platform.webView.add(self, name: "trip")
        }

        func request(_ index: Int) -> HTTPRequest {
            HTTPRequest(url: Self.urls[index], headers: tokens ? [HTTPHeader("Authorization", "Bearer trip-token-\(index)")] : [])
        }

        func didReceive(_ message: ScriptMessage) {
            let platform = platform
            let (first, second) = (request(0), request(1))
            Task {
                async let flights = platform.transport.send(first)
                async let hotel = platform.transport.send(second)
                let statuses = await [(try? flights)?.status ?? 0, (try? hotel)?.status ?? 0]
                platform.webView.evaluateJavaScript("trips.show(\(statuses[0]), \(statuses[1]))", completionHandler: nil)
            }
        }
    }

    /// One recording of the fan-out, answered flights first, as canonical cassette bytes.
    static func record(waitingForEachResponse: Bool, tokens: Bool = false) async throws -> [UInt8] {
        let page = SimulatedWebView()
        let server = HeldHTTPTransport()
        let platform = Platform.simulated(webView: page, transport: server)
        let recorder = Recorder(name: "trip", clock: platform.clock)
        try await RuntimeWatchInstallation.during {
            let bridge = FanOutBridge(platform: recorder.platform(wrapping: platform), tokens: tokens)
            try page.postMessage(["trip": "t1"], to: "trip")
            let held = try await server.waitForUnanswered(count: 2)
            for (index, url) in FanOutBridge.urls.enumerated() {
                let request = try #require(held.first { $0.request.urlString == url })
                server.answer(request, with: HTTPResponse(status: 200 + index))
                if waitingForEachResponse { try await recorder.waitForEvents(HTTPResponse.eventKind, count: index + 1) }
            }
            try await recorder.waitForEvents(JavaScriptResult.eventKind)
            withExtendedLifetime(bridge) {}
        }
        return try recorder.canonicalBytes(file: "trip.json")
    }

    @Test("answers released in one order, each once the response before it was recorded, give the same bytes 20 times of 20")
    func waitingForEachResponseGivesSameBytes() async throws {
        var forms: Set<[UInt8]> = []
        for _ in 0..<20 { forms.insert(try await Self.record(waitingForEachResponse: true)) }
        #expect(forms.count == 1)
        let text = String(decoding: try #require(forms.first), as: UTF8.self)
        let flights = try #require(text.range(of: "\"status\": 200"))
        let hotel = try #require(text.range(of: "\"status\": 201"))
        #expect(flights.lowerBound < hotel.lowerBound, "the responses are written in the order they were released")
    }

    @Test("children that each send a bearer token of their own number the tokens the same way 20 times of 20, whichever called first")
    func tokensOfSiblingsKeepTheirNumbers() async throws {
        var forms: Set<[UInt8]> = []
        for _ in 0..<20 { forms.insert(try await Self.record(waitingForEachResponse: true, tokens: true)) }
        #expect(forms.count == 1)
        let text = String(decoding: try #require(forms.first), as: UTF8.self)
        #expect(!text.contains("trip-token"))
        let first = try #require(text.range(of: "[REDACTED:1]"))
        let second = try #require(text.range(of: "[REDACTED:2]"))
        let hotel = try #require(text.range(of: FanOutBridge.urls[1]))
        #expect(first.lowerBound < hotel.lowerBound && hotel.lowerBound < second.lowerBound,
                "the flights call, answered first, is written first and holds secret 1")
    }
}
