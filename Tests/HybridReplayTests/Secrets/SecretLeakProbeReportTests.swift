import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// Signs the page in: on `login` it evaluates `bridge.auth(user, password)`
/// with the password `change` gives, and answers every prompt with `pin`.
private struct PositionalSignIn: ScriptMessageHandler {
    let platform: Platform
    let change: @Sendable (String) -> String

    init(platform: Platform, pin: String, change: @escaping @Sendable (String) -> String = { $0 }) {
        self.platform = platform
        self.change = change
        platform.webView.add(self, name: "login")
        platform.webView.setUIDelegate(LeakProbeTypingUser(typed: pin))
    }

    func didReceive(_ message: ScriptMessage) {
        guard let password = message.body.objectValue?["password"]?.stringValue else { return }
        platform.webView.evaluateJavaScript(#"bridge.auth("ada", "\#(change(password))")"#, completionHandler: nil)
    }
}

@Suite("Secret leak probes: reports")
struct SecretLeakProbeReportTests {
    static let password = "s3cr3t-page-77"

    static func recorded() async throws -> Cassette {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "positional")
        let app = PositionalSignIn(platform: recorder.platform(wrapping: .simulated(webView: page)), pin: "4821")
        try page.postMessage(["user": "ada", "password": .string(password)], to: "login")
        try await recorder.waitForEvents(JavaScriptEvaluation.eventKind)
        _ = try await page.runJavaScriptDialog(JavaScriptDialog(kind: .prompt, message: "Enter your PIN", frame: .main("https://bank.test/")))
        try await recorder.waitForEvents(JavaScriptDialogAnswer.eventKind)
        withExtendedLifetime(app) {}
        return try CassetteReader().read(try recorder.canonicalBytes(file: "positional.json"), path: "positional.json")
    }

    @Test("a bridge that signs in with another password, positionally, and answers the PIN prompt otherwise, shows neither in the report")
    func wrongPositionalPasswordAndPIN() async throws {
        let cassette = try await Self.recorded()
        let bytes = String(decoding: CassetteWriter.canonicalBytes(of: SecretLeakHuntRecordingTests.timeless(cassette)), as: UTF8.self)
        #expect(!bytes.contains(Self.password) && !bytes.contains("4821"), "\(bytes)")

        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            PositionalSignIn(platform: platform, pin: "9090") { _ in "hard-coded-pw-55" }
        }
        #expect(!report.passed)
        let shown = SecretLeakHuntReportTests.shown(report)
        #expect(!shown.contains("hard-coded") && !shown.contains("9090"), "\(shown)")
    }

    @Test("an extra sign-in call the cassette does not hold shows its password in no report")
    func extraPositionalCall() async throws {
        let cassette = try await Self.recorded()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let app = PositionalSignIn(platform: platform, pin: "4821")
            platform.webView.evaluateJavaScript(#"app.signIn('ada', 'extra-pw-6161')"#, completionHandler: nil)
            return app
        }
        #expect(!report.passed)
        let shown = SecretLeakHuntReportTests.shown(report)
        #expect(!shown.contains("extra-pw-6161"), "\(shown)")
        #expect(shown.contains("app.signIn"), "\(shown)")
    }
}

@Suite("Secret leak probes: what stays readable")
struct SecretLeakProbeReadableTests {
    static func members(_ text: String) -> [String] {
        ScriptLiterals.secretMembers(in: text).map { "\($0.name)=\(text[$0.value])" }
    }

    @Test("a call's arguments are hidden only when its name says it takes a credential, and not a getter's key")
    func credentialCalls() {
        #expect(Self.members(#"login("ada", "pw-1", {remember: true}); setPassword('pw-2'); submitOtp("123456")"#) == [
            "login=pw-1", "setPassword=pw-2", "submitOtp=123456",
        ])
        #expect(Self.members(#"signIn(user, `pw-3`, 2); auth("ada", f("x", "y"), "pw-4")"#) == ["signIn=pw-3", "auth=pw-4"])
        #expect(Self.members(#"getToken('refresh'); removePassword("ada"); showPage("login"); login(user, pw)"#).isEmpty)
        #expect(Self.members(#"resetPassword("ada@bank.test"); forgotPin('ada'); togglePassword("on")"#).isEmpty)
    }

    @Test("an unquoted name=value counts in a URL and a log line, not as code")
    func unquotedValues() {
        #expect(Self.members("https://a.test/cb?x=1&access_token=at-1#id_token=it-2") == ["access_token=at-1", "id_token=it-2"])
        #expect(Self.members("auth ok token=abc123 user=ada") == ["token=abc123"])
        #expect(Self.members("token=response.token; password=read(); x.token=t1; var sid=session").isEmpty)
    }

    @Test("an HTML attribute is read quoted or unquoted")
    func htmlAttributes() {
        #expect(Self.members("<input type=hidden name=csrf_token value=abc123><input name=password value=pw-1/>") == [
            "csrf_token=abc123", "password=pw-1",
        ])
        #expect(Self.members("<input name=username value=ada>").isEmpty)
    }

    @Test("a JSON pair hides its value only when the name is a secret's and the value no name")
    func jsonPairs() {
        var placeholders = RedactionPlaceholders()
        let value: JSONValue = [
            "required": ["password", "username"], "header": ["Authorization", "Bearer t-123"],
            "field": ["name": "api_key", "value": "k-1"], "other": ["name": "theme", "value": "dark"],
        ]
        let redacted = redactMembers(where: SecretFieldNames.default.matches, in: value, &placeholders)
        #expect(redacted == [
            "required": ["password", "username"], "header": ["Authorization", "Bearer [REDACTED:2]"],
            "field": ["name": "api_key", "value": "[REDACTED:1]"], "other": ["name": "theme", "value": "dark"],
        ])
    }

    @Test("a joined Set-Cookie is split at each new cookie, not at the comma of an Expires date")
    func joinedSetCookie() {
        var placeholders = RedactionPlaceholders()
        let header = "a=v-1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/, b=v-2; HttpOnly,c=v-3"
        #expect(headerValueRedaction(named: "set-cookie")(header, &placeholders)
            == "a=[REDACTED:1]; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/, b=[REDACTED:2]; HttpOnly,c=[REDACTED:3]")
    }
}

@Suite("Secret leak probes: lint")
struct SecretLeakProbeLintTests {
    @Test("lint flags the answer to a prompt asking for a PIN left in clear, not one asking for a name, nor a hidden one")
    func promptAnswers() {
        let frame = Frame.main("https://bank.test/")
        let cassette = Cassette(
            header: CassetteHeader(name: "old"),
            events: [
                Event(id: 1, at: 0, payload: JavaScriptDialog(kind: .prompt, message: "Enter your PIN", frame: frame)),
                Event(id: 2, at: 0, cause: 1, payload: JavaScriptDialogAnswer.prompt("4821")),
                Event(id: 3, at: 0, payload: JavaScriptDialog(kind: .prompt, message: "Your name?", frame: frame)),
                Event(id: 4, at: 0, cause: 3, payload: JavaScriptDialogAnswer.prompt("Ada")),
                Event(id: 5, at: 0, payload: JavaScriptDialog(kind: .prompt, message: "Password", frame: frame)),
                Event(id: 6, at: 0, cause: 5, payload: JavaScriptDialogAnswer.prompt("[REDACTED:1]")),
            ])
        let secrets = SecretScanner.secrets(in: cassette)
        #expect(secrets.map(\.problem.message) == ["the answer to a prompt asking for 'PIN' looks like a secret; redact it"])
        #expect(secrets.map(\.values) == [["4821"]])
    }

    @Test("lint flags a password passed positionally and a token in a URL written in a script, once each")
    func positionalAndQuery() {
        let cassette = Cassette(
            header: CassetteHeader(name: "old"),
            events: [
                Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: #"login("ada", "s3cr3t-77")"#)),
                Event(id: 2, at: 0, payload: JavaScriptEvaluation(script: "location.replace('https://a.test/cb?access_token=at-123')")),
            ])
        let values = SecretScanner.secrets(in: cassette).map(\.values)
        // The script reads as a one-field form too, whose value runs to its end: one finding holds the token.
        #expect(values.count == 2 && values[0] == ["s3cr3t-77"] && values[1].count == 1 && values[1][0].hasPrefix("at-123"), "\(values)")
    }
}
