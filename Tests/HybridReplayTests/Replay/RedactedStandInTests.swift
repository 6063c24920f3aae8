import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// Answers the page's `token` message with the access token it fetches, or,
/// when built with `hardCoded`, with a token of its own.
private struct TokenBridge: ScriptMessageHandlerWithReply {
    let transport: any HTTPTransport
    let hardCoded: String?
    /// The member of the API's answer that holds the token.
    let field: String

    init(platform: Platform, field: String = "access_token", hardCoded: String? = nil) {
        transport = platform.transport
        self.field = field
        self.hardCoded = hardCoded
        platform.webView.add(self, name: "token")
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        let (transport, hardCoded, field) = (transport, hardCoded, field)
        Task {
            let answer = try? await transport.send(HTTPRequest(url: "https://api.bank.example/token"))
            guard case .json(let body)? = answer?.body, let fetched = body.objectValue?[field]?.stringValue else {
                replyHandler(.error("no token"))
                return
            }
            replyHandler(.value(["token": .string(hardCoded ?? fetched)]))
        }
    }
}

@Suite("Redacted values a replay plays back and checks where they flow")
struct RedactedStandInTests {
    static let fetched = "tok_live_fetched_7c6b5a4d3e2f"

    /// A session where the page asks for a token the app fetches, from the
    /// API answer's member `field`, and passes on.
    private func recorded(field: String = "access_token") async throws -> Cassette {
        let page = SimulatedWebView()
        let api = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .json([field: .string(Self.fetched)])) }
        let recorder = Recorder(name: "token")
        _ = TokenBridge(platform: recorder.platform(wrapping: .simulated(webView: page, transport: api)), field: field)
        let reply = try await page.postMessageAwaitingReply(["want": "token"], to: "token")
        #expect(reply == .value(["token": .string(Self.fetched)]))
        return try CassetteReader().read(try recorder.canonicalBytes(file: "token.json"), path: "token.json")
    }

    /// `access_token` is found by its name in the answer; `data` only because
    /// the reply's `token` member, found by name, holds the same value.
    static let fields = ["access_token", "data"]

    @Test("an app that passes on the token it fetched replays green", arguments: fields)
    func passesOn(field: String) async throws {
        let cassette = try await recorded(field: field)
        #expect(!String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self).contains(Self.fetched))

        let report = await Replayer(cassette: cassette, options: fastReplay).replay { TokenBridge(platform: $0, field: field) }
        #expect(report.passed, "\(report)")
    }

    @Test(
        "an app that replies with a hard-coded token instead of the one it fetched fails at the reply, the token hidden",
        arguments: fields)
    func hardCoded(field: String) async throws {
        let cassette = try await recorded(field: field)
        let stale = "tok_stale_hardcoded_0f1e2d"

        let report = await Replayer(cassette: cassette, options: fastReplay).replay {
            TokenBridge(platform: $0, field: field, hardCoded: stale)
        }
        #expect(!report.passed)
        #expect(report.issues.first?.eventKind == ScriptReply.eventKind, "\(report)")
        #expect(report.issues.first?.differences.map(\.path) == ["value.token"], "\(report)")
        #expect(!report.description.contains(stale), "\(report)")
        #expect(!String(decoding: CassetteWriter.canonicalBytes(of: report.trace), as: UTF8.self).contains(stale))
    }
}
