// The example of docs/secrets.md "Values derived from a secret the app
// receives", compiled and run here; DocumentationExamplesTests keeps the
// guide's text equal to it.
import Foundation
import HybridReplayTesting
import Testing

/// A short fingerprint of a text: FNV-1a, 64 bits, in hex. An app would use
/// CryptoKit's `SHA256`; this one builds on Linux without it.
enum Fingerprint {
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

/// Signs the page in and tells it a fingerprint of the session token the
/// server answered with, which the page shows beside "signed in on this device".
@MainActor
final class SessionBridge: ScriptMessageHandlerWithReply {
    private struct Session: Decodable { var token: String }

    private let webView: any WebView
    private let transport: any HTTPTransport
    /// The token the bridge fingerprints instead of the one it received: the planted bug.
    private let staleToken: String?

    init(platform: Platform, staleToken: String? = nil) {
        webView = platform.webView
        transport = platform.transport
        self.staleToken = staleToken
        platform.webView.add(self, name: "session")
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        let request = HTTPRequest(method: "POST", url: "https://api.shop.example/v1/session", body: .json(message.body))
        Task { [staleToken] in
            let response = try? await transport.send(request)
            let session = (response?.body?.data).flatMap { try? JSONDecoder().decode(Session.self, from: $0) }
            DispatchQueue.main.async { [webView] in
                guard let session else { return replyHandler(.error("sign-in failed")) }
                replyHandler(.value(["signedIn": true]))
                let fingerprint = Fingerprint.of(staleToken ?? session.token)
                webView.evaluateJavaScript("shop.sessionReady(\(JavaScriptLiteral.string(fingerprint)))", completionHandler: nil)
            }
        }
    }
}

@Suite("Values derived from a received secret")
struct DerivedSecretExamples {
    /// The session token this test's server hands out: a fixture, not a real secret.
    static let sessionToken = "shp_4f3e2d1c0b9a8877"

    static let cassette = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cassettes/secrets-session-fingerprint.json")

    @Test("signing in tells the page the fingerprint of its session", .cassette("secrets-session-fingerprint"))
    func tellsFingerprint() async throws {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                body: .json(["token": .string(Self.sessionToken)]))
        }
        let session = RecordingSession(platform: .simulated(webView: page, transport: server), contract: "session") { recorder in
            _ = try await page.postMessageAwaitingReply(["email": "ada@example.com"], to: "session")
            try await recorder.waitForEvents(JavaScriptResult.eventKind)
        }
        var options = ReplayOptions()
        options.secrets = [1: Self.sessionToken]   // [REDACTED:1] is the token this test's server hands out
        await replayCassette(options: options, recording: session) { platform in await SessionBridge(platform: platform) }
    }

    @Test("the cassette keeps the token as a placeholder and the fingerprint as the app wrote it")
    func cassetteHoldsPlaceholder() throws {
        let text = try String(contentsOf: Self.cassette, encoding: .utf8)
        #expect(!text.contains(Self.sessionToken))
        #expect(text.contains(#""token": "[REDACTED:1]""#))
        #expect(text.contains(Fingerprint.of(Self.sessionToken)))
    }

    @Test("without the declared token the replay hands the app the placeholder, and the fingerprint differs")
    func undeclaredTokenFails() async throws {
        let report = try await Replayer(contentsOf: Self.cassette).replay { platform in
            await SessionBridge(platform: platform)
        }
        let issue = try #require(report.issues.first)
        #expect(report.issues.count == 1)
        #expect(issue.eventKind == JavaScriptEvaluation.eventKind)
        #expect(issue.differences.map(\.path) == ["script"])
        #expect(issue.differences.first?.actual?.contains(Fingerprint.of("[REDACTED:1]")) == true)
    }

    @Test("with the declared token, a bridge that fingerprints a stale token fails at the script")
    func staleTokenFails() async throws {
        var options = ReplayOptions()
        options.secrets = [1: Self.sessionToken]
        let report = try await Replayer(contentsOf: Self.cassette, options: options).replay { platform in
            await SessionBridge(platform: platform, staleToken: "shp_0000111122223333")
        }
        let issue = try #require(report.issues.first)
        #expect(report.issues.count == 1)
        #expect(issue.eventKind == JavaScriptEvaluation.eventKind)
        #expect(issue.differences.map(\.path) == ["script"])
        #expect(issue.differences.first?.actual?.contains(Fingerprint.of("shp_0000111122223333")) == true)
    }

    @Test("a fingerprint hidden by a rule of its own binds to what the app sends, so the replay passes without the token")
    func hiddenFingerprintBinds() async throws {
        let folder = TemporaryDirectory()
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                body: .json(["token": .string(Self.sessionToken)]))
        }
        let recorder = Recorder(name: "hidden-fingerprint", redaction: .default + .values([Fingerprint.of(Self.sessionToken)]))
        let bridge = await SessionBridge(platform: recorder.platform(wrapping: .simulated(webView: page, transport: server)))
        _ = try await page.postMessageAwaitingReply(["email": "ada@example.com"], to: "session")
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
        withExtendedLifetime(bridge) {}
        try recorder.write(to: folder.file("hidden-fingerprint"))

        let text = try String(contentsOf: folder.file("hidden-fingerprint"), encoding: .utf8)
        #expect(!text.contains(Fingerprint.of(Self.sessionToken)))
        #expect(text.contains(#"shop.sessionReady(\"[REDACTED:2]\")"#))
        let report = try await Replayer(contentsOf: folder.file("hidden-fingerprint")).replay { platform in
            await SessionBridge(platform: platform)
        }
        #expect(report.passed, "\(report)")
    }
}
