import Foundation
import Testing

@testable import HybridReplay

/// Signs one request with the token it was configured with, as an app does
/// with a token the test gives it (from a keychain stub or a fixture).
private struct SigningClient: ScriptMessageHandler {
    let transport: any HTTPTransport
    let token: String

    func didReceive(_ message: ScriptMessage) {
        let (transport, token) = (transport, token)
        Task {
            _ = try? await transport.send(
                HTTPRequest(url: "https://api.bank.test/me", headers: [HTTPHeader("Authorization", "Bearer \(token)")]))
        }
    }
}

/// Fetches a token, then signs a request with whatever token the server answered.
private struct TokenFetcher: ScriptMessageHandler {
    let transport: any HTTPTransport
    let received: Locked<[String]>

    func didReceive(_ message: ScriptMessage) {
        let (transport, received) = (transport, received)
        Task {
            let answer = try? await transport.send(HTTPRequest(method: "POST", url: "https://api.bank.test/token"))
            guard case .json(let body)? = answer?.body, let token = body.objectValue?["access_token"]?.stringValue else { return }
            received.withLock { $0.append(token) }
            _ = try? await transport.send(
                HTTPRequest(url: "https://api.bank.test/me", headers: [HTTPHeader("Authorization", "Bearer \(token)")]))
        }
    }
}

private let signed = Cassette(
    header: CassetteHeader(name: "signed", redactions: Redaction.default.ruleNames),
    events: [
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
        Event(
            id: 2, at: 0, cause: 1,
            payload: HTTPRequest(url: "https://api.bank.test/me", headers: [HTTPHeader("Authorization", "Bearer [REDACTED:1]")])),
        Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 200)),
    ])

private func replaySigned(sending token: String, secrets: [Int: String]) async -> ReplayReport {
    var options = fastReplay
    options.secrets = secrets
    return await Replayer(cassette: signed, options: options).replay { platform in
        platform.webView.add(SigningClient(transport: platform.transport, token: token), name: "go")
    }
}

@Suite("Secrets the test supplies are checked, not stored")
struct DeclaredSecretsTests {
    static let current = "tok-current-5f4e3d2c1b0a"
    static let stale = "tok-stale-0a1b2c3d4e5f"

    @Test("a stale hard-coded token fails when the test declares the token it supplies, and neither token is shown")
    func staleToken() async {
        let report = await replaySigned(sending: Self.stale, secrets: [1: Self.current])

        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 2, "\(report)")
        #expect(report.description.contains("ReplayOptions.secrets"), "\(report)")
        let shown = report.description + String(decoding: CassetteWriter.canonicalBytes(of: report.trace), as: UTF8.self)
        #expect(!shown.contains(Self.stale), "\(report)")
        #expect(!shown.contains(Self.current), "\(report)")
        #expect(report.description.contains(#"found "Bearer [REDACTED:2]""#), "\(report)")
    }

    @Test("the token the test supplies passes; without a declaration any token binds, as before")
    func declaredOrNot() async {
        #expect(await replaySigned(sending: Self.current, secrets: [1: Self.current]).passed)
        #expect(await replaySigned(sending: Self.stale, secrets: [:]).passed)
    }

    @Test("a stimulus carrying a declared placeholder is played back with the secret, which the next effect must carry")
    func playedBack() async {
        let cassette = Cassette(
            header: CassetteHeader(name: "fetch", redactions: Redaction.default.ruleNames),
            events: [
                Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
                Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(method: "POST", url: "https://api.bank.test/token")),
                Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 200, body: .json(["access_token": "[REDACTED:1]"]))),
                Event(
                    id: 4, at: 0, cause: 3,
                    payload: HTTPRequest(url: "https://api.bank.test/me", headers: [HTTPHeader("Authorization", "Bearer [REDACTED:1]")])),
                Event(id: 5, at: 0, answers: 4, payload: HTTPResponse(status: 200)),
            ])
        var options = fastReplay
        options.secrets = [1: Self.current]
        let received = Locked<[String]>([])
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            platform.webView.add(TokenFetcher(transport: platform.transport, received: received), name: "go")
        }

        #expect(report.passed, "\(report)")
        #expect(received.withLock { $0 } == [Self.current])
    }
}
