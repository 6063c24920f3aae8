import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// HTTP header lines of different names are in no meaningful order: a
/// `URLRequest` keeps them in a dictionary, and app code that sets them
/// from one (`for (field, value) in defaults`) sets them in another order in
/// every process. A replay pairs them by name; the lines of one name keep
/// their order.
@Suite("Request headers are compared by name, not by position")
struct HeaderOrderTests {
    /// Sends one request with the headers it is given, in that order.
    @MainActor final class Client: NSObject, ScriptMessageHandler {
        let platform: Platform
        let headers: [HTTPHeader]

        init(platform: Platform, headers: [HTTPHeader]) {
            self.platform = platform
            self.headers = headers
            super.init()
            platform.webView.add(self, name: "orders")
        }

        func didReceive(_ message: ScriptMessage) {
            var request = HTTPRequest(url: "https://api.shop.example/v1/orders")
            request.headers = headers
            let transport = platform.transport
            Task { _ = try? await transport.send(request) }
        }
    }

    static func cassette(headers: [HTTPHeader]) -> Cassette {
        makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "orders", body: .null)),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://api.shop.example/v1/orders", headers: headers)),
            Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 204)),
        ])
    }

    static let recorded = [
        HTTPHeader("Accept", "application/json"), HTTPHeader("Accept-Language", "de"), HTTPHeader("X-Client", "ios/4.2"),
    ]

    func replay(_ cassette: Cassette, sending headers: [HTTPHeader]) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await Client(platform: platform, headers: headers)
        }
    }

    @Test("headers set in another order than recorded replay green")
    func otherOrderPasses() async {
        // As app code sets them from a dictionary, whose order changes from process to process.
        let defaults = ["Accept": "application/json", "accept-language": "de", "X-Client": "ios/4.2"]
        var request = HTTPRequest(url: "https://api.shop.example/v1/orders")
        for (field, value) in defaults { request.setValue(value, forHTTPHeaderField: field) }
        let report = await replay(Self.cassette(headers: Self.recorded), sending: request.headers)
        #expect(report.passed, "\(report)")
        let reversed = await replay(Self.cassette(headers: Self.recorded), sending: Self.recorded.reversed())
        #expect(reversed.passed, "\(reversed)")
    }

    @Test("a missing and an extra header are each named, with their own values")
    func missingAndExtraAreNamed() async throws {
        let cassette = Self.cassette(headers: [HTTPHeader("Authorization", "Bearer abc"), HTTPHeader("Accept", "*/*")])
        let report = await replay(cassette, sending: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "*/*")])
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == 2)
        #expect(
            issue.differences.map { "\($0.path): \($0.expected ?? "-") → \($0.actual ?? "-")" } == [
                #"headers[Authorization]: {"name":"Authorization","value":"Bearer abc"} → -"#,
                #"headers[Content-Type]: - → {"name":"Content-Type","value":"application/json"}"#,
            ], "\(report)")
    }

    @Test("the lines of one header keep their order")
    func linesOfOneNameKeepTheirOrder() async throws {
        let cassette = Self.cassette(headers: [HTTPHeader("Accept", "text/html"), HTTPHeader("Accept", "*/*")])
        #expect(await replay(cassette, sending: [HTTPHeader("Accept", "text/html"), HTTPHeader("Accept", "*/*")]).passed)
        let report = await replay(cassette, sending: [HTTPHeader("Accept", "*/*"), HTTPHeader("Accept", "text/html")])
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.differences.map(\.path) == ["headers[Accept][0]", "headers[Accept][1]"], "\(report)")
    }

    /// Records the client sending `headers` in the order given.
    static func recorded(sending headers: [HTTPHeader]) async throws -> [UInt8] {
        let recorder = stillRecorder(name: "orders")
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server))
        let client = await Client(platform: platform, headers: headers)
        try page.postMessage(.null, to: "orders")
        try await recorder.waitForEvents(HTTPResponse.eventKind)
        _ = client
        return CassetteWriter.canonicalBytes(of: recorder.cassette())
    }

    @Test("headers sent in any order are recorded in one order, by name")
    func recordedInOneOrder() async throws {
        let first = try await Self.recorded(sending: Self.recorded)
        let second = try await Self.recorded(sending: Self.recorded.reversed())
        #expect(first == second)
        let written = try CassetteReader().read(first, path: "orders.json")
        let request = try #require(written.events.first { $0.kind == HTTPRequest.eventKind }?.payload as? HTTPRequest)
        #expect(request.headers.map(\.name) == ["Accept", "Accept-Language", "X-Client"])
    }
}
