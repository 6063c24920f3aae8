import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// Serves `app://localhost/api/session` as a Capacitor-style proxy does: the
/// API's answer, token included, passed to the page through the app scheme,
/// beside a key bundled with the app.
private final class ProxyHandler: URLSchemeHandler {
    static let bundledKey = "k-bundled-5d4c3b2a1f0e"
    let transport: any HTTPTransport

    init(platform: Platform) {
        transport = platform.transport
        platform.webView.setURLSchemeHandler(self, forURLScheme: "app")
    }

    func start(_ task: any URLSchemeTask) {
        let transport = transport
        Task { @MainActor in
            let answer = try? await transport.send(HTTPRequest(url: "https://api.bank.example/session"))
            guard case .json(let body)? = answer?.body, case .string(let token)? = body.objectValue?["access_token"] else {
                task.didFailWithError(URLError(.badServerResponse))
                return
            }
            task.didReceive(URLSchemeResponse(url: task.request.urlString, status: 200, mimeType: "application/json", headers: []))
            task.didReceive(Data(#"{"access_token": "\#(token)", "#.utf8))
            task.didReceive(Data(#""apiKey": "\#(Self.bundledKey)"}"#.utf8))
            task.didFinish()
        }
    }

    func stop(_ task: any URLSchemeTask) {}
}

@Suite("App-served schemes: secrets in what the app serves")
struct URLSchemeSecretsRoundTripTests {
    static let token = "tok_9a8b7c6d5e4f3a2b1c0d"

    private func record() async throws -> Cassette {
        let page = SimulatedWebView()
        let api = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .json(["access_token": .string(Self.token)])) }
        return try await recordWrittenAndRead(
            "proxy", platform: .simulated(webView: page, transport: api), setUp: { ProxyHandler(platform: $0) },
            drive: { _ in
                let answer = try await page.requestURLScheme(URLSchemeRequest(url: "app://localhost/api/session"))
                #expect(String(decoding: answer.data, as: UTF8.self).contains(Self.token))
            })
    }

    @Test("a token and a bundled key the app serves are redacted in the cassette, and the session still replays")
    func redactedAndReplays() async throws {
        let cassette = try await record()
        let written = String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)

        #expect(!written.contains(Self.token))
        #expect(!written.contains(ProxyHandler.bundledKey))
        let pieces = cassette.events.compactMap { $0.payload(as: URLSchemeData.self) }.map { String(decoding: $0.data, as: UTF8.self) }
        #expect(pieces == [#"{"access_token": "[REDACTED:1]", "#, #""apiKey": "[REDACTED:2]"}"#])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { ProxyHandler(platform: $0) }
        #expect(report.passed, "\(report)")
    }
}
