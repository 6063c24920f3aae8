import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// The examples of docs/secrets.md, compiled and run.
enum SecretsGuide {
    /// An API client that signs its calls with the token it is given, as an
    /// app does with a token from its keychain.
    struct APIClient: ScriptMessageHandler {
        let transport: any HTTPTransport
        let token: String

        init(platform: Platform, token: String) {
            transport = platform.transport
            self.token = token
            platform.webView.add(self, name: "profile")
        }

        func didReceive(_ message: ScriptMessage) {
            let (transport, token) = (transport, token)
            Task {
                _ = try? await transport.send(
                    HTTPRequest(url: "https://api.bank.test/me", headers: [HTTPHeader("Authorization", "Bearer \(token)")]))
            }
        }
    }

    static func redaction() -> Redaction {
        let redaction = Redaction.default
            + .jsonField("pin_code")     // a JSON member, form field or multipart field
            + .queryItem("sig")          // a query item, form field or multipart field
            + .header("X-Tenant-Key")    // the whole value of a header
        return redaction
    }

    static func declared(password: String, pin: String) -> Redaction {
        let redaction = Redaction.default + .values([password, pin])   // hidden wherever they appear
        return redaction
    }

    static func exempted() -> Redaction {
        let redaction = Redaction.default.exemptingFieldNames(["sessionId"])   // a parking session's id, no credential
        return redaction
    }

    static func replay(_ cassette: Cassette, apiToken: String) async -> ReplayReport {
        var options = ReplayOptions()
        options.secrets = [1: apiToken]   // [REDACTED:1] is the token this test gives the app
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            APIClient(platform: platform, token: apiToken)
        }
        return report
    }
}

@Suite("The secrets guide's examples")
struct SecretsGuideExamplesTests {
    @Test("the added rules hide a form field, a query item and a header besides the defaults")
    func rules() {
        var placeholders = RedactionPlaceholders()
        let request = HTTPRequest(
            method: "POST", url: "https://api.bank.test/pay?sig=ab12&amount=5",
            headers: [HTTPHeader("X-Tenant-Key", "tk-1"), HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
            body: .text("pin_code=4921&password=hunter2"))
        let redacted = SecretsGuide.redaction().apply(to: request, placeholders: &placeholders) as? HTTPRequest

        #expect(redacted?.urlString == "https://api.bank.test/pay?sig=[REDACTED:1]&amount=5")
        #expect(redacted?.headers.first == HTTPHeader("X-Tenant-Key", "[REDACTED:4]"))
        #expect(redacted?.body == .text("pin_code=[REDACTED:2]&password=[REDACTED:3]"))
    }

    @Test("secrets the test declares are hidden in every event, a 4-digit PIN too")
    func declaredValues() async throws {
        let recorder = Recorder(name: "unlock", redaction: SecretsGuide.declared(password: "correct-horse", pin: "4921"))
        let platform = recorder.platform(wrapping: .simulated(webView: SimulatedWebView()))
        _ = try? await platform.webView.evaluateJavaScript(#"unlock("4921"); console.log("as ada / correct-horse")"#)

        let written = String(decoding: try recorder.canonicalBytes(file: "unlock.json"), as: UTF8.self)
        #expect(!written.contains("4921") && !written.contains("correct-horse"), "\(written)")
        #expect(written.contains(#"unlock(\"[REDACTED:2]\"); console.log(\"as ada / [REDACTED:1]\")"#), "\(written)")
    }

    @Test("an exempted name keeps its value; the other secrets of the same body are hidden")
    func exemptedName() {
        var placeholders = RedactionPlaceholders()
        let message = ScriptMessage(handler: "receipt", body: ["sessionId": "ps_1001", "password": "hunter2"])
        let redacted = SecretsGuide.exempted().apply(to: message, placeholders: &placeholders) as? ScriptMessage
        #expect(redacted?.body == ["sessionId": "ps_1001", "password": "[REDACTED:1]"])
        #expect(SecretsGuide.exempted().ruleNames.contains("fields:not-secret:sessionId"))
    }

    @Test("the token the test gives the app and declares passes (a stale one is pinned in DeclaredSecretsTests)")
    func declaredToken() async {
        let cassette = Cassette(
            header: CassetteHeader(name: "profile", redactions: Redaction.default.ruleNames),
            events: [
                Event(id: 1, at: 0, payload: ScriptMessage(handler: "profile", body: .null)),
                Event(
                    id: 2, at: 0, cause: 1,
                    payload: HTTPRequest(url: "https://api.bank.test/me", headers: [HTTPHeader("Authorization", "Bearer [REDACTED:1]")])),
                Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 200)),
            ])
        let report = await SecretsGuide.replay(cassette, apiToken: "tok-5f4e3d2c1b0a")
        #expect(report.passed, "\(report)")
    }
}
