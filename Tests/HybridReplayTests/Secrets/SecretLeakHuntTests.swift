import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// Secrets planted where a hybrid app puts them — in scripts it evaluates,
/// in `callAsyncJavaScript` arguments, in loads, message bodies, scheme
/// answers and dialogs — looked for in every byte the recorder writes.
@Suite("Secret leak hunt: recording")
struct SecretLeakHuntRecordingTests {
    /// Every byte of the recorder's cassette as text, `base64` members decoded besides.
    /// What the recorder writes passes lint too: the recorder hides every shape lint looks for.
    /// `cassette` with every event at time zero: what is searched for secrets.
    static func timeless(_ cassette: Cassette) -> Cassette {
        var timeless = cassette
        for index in timeless.events.indices { timeless.events[index].at = 0 }
        return timeless
    }

    static func written(_ recorder: Recorder) -> String {
        // The times are the machine's, never the app's: at zero, a slow run's `"at": 2.348212`
        // cannot pass for a leaked PIN 4821.
        let bytes = CassetteWriter.canonicalBytes(of: timeless(recorder.cassette()))
        let findings = SecretScanner.findings(in: recorder.cassette())
        #expect(findings.isEmpty, "lint finds what the recorder left: \(findings.map(\.message))")
        let decoded = (try? RedactedValuesEveryKindTests.decodedBase64Fields(in: bytes)) ?? []
        return ([String(decoding: bytes, as: UTF8.self)] + decoded).joined(separator: "\n")
    }

    @Test(
        "a secret-named literal in an evaluated script is hidden",
        arguments: [
            (#"login({"email":"ada@example.com","password":"hunter2-blue-77"})"#, "hunter2-blue-77"),
            (#"login({email: 'ada', password: 'hunter2-blue-77'})"#, "hunter2-blue-77"),
            (#"const s = JSON.parse('{"token":"opaque-tok-31337"}')"#, "opaque-tok-31337"),
            (#"const s = JSON.parse("{\"refresh_token\":\"opaque-tok-31337\"}")"#, "opaque-tok-31337"),
            (#"fetch('/api', {headers: {Authorization: 'Bearer opaque-tok-31337'}})"#, "opaque-tok-31337"),
        ])
    func scriptLiterals(script: String, secret: String) {
        let recorder = stillRecorder()
        recorder.record(JavaScriptEvaluation(script: script), cause: nil)
        #expect(!Self.written(recorder).contains(secret), "\(Self.written(recorder))")
    }

    @Test("a password in callAsyncJavaScript arguments is hidden, nested or in JSON text")
    func callAsyncArguments() {
        let recorder = stillRecorder()
        recorder.record(
            JavaScriptEvaluation(
                script: "return await login(credentials, extra)",
                arguments: [
                    "credentials": ["user": "ada", "password": "hunter2-blue-77"],
                    "extra": .string(#"{"session_id":"opaque-sess-8812"}"#),
                ]),
            cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("hunter2-blue-77") && !text.contains("opaque-sess-8812"), "\(text)")
    }

    @Test("secrets in a navigation.load URL, headers and form body are hidden")
    func navigationLoad() {
        let recorder = stillRecorder()
        recorder.record(
            NavigationLoad(
                url: "https://ada:hunter2-blue-77@bank.test/sso?access_token=opaque-tok-31337&next=%2Fhome",
                method: "POST",
                headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded"), HTTPHeader("X-Api-Key", "key-abcdef-99")],
                body: .text("user=ada&password=second-pass-42")),
            cause: nil)
        let text = Self.written(recorder)
        for secret in ["hunter2-blue-77", "opaque-tok-31337", "key-abcdef-99", "second-pass-42"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
    }

    @Test("a secret in a message body the page posts is hidden: a JSON member, and JSON text in a string")
    func scriptMessageBody() {
        let recorder = stillRecorder()
        recorder.record(ScriptMessage(handler: "login", body: ["user": "ada", "pass_word": "hunter2-blue-77"]), cause: nil)
        recorder.record(ScriptMessage(handler: "store", body: .string(#"{"apiKey":"key-abcdef-99"}"#)), cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("hunter2-blue-77") && !text.contains("key-abcdef-99"), "\(text)")
    }

    @Test("a token in JSON the app serves through its own scheme is hidden")
    func schemeServed() {
        let recorder = stillRecorder()
        let request = recorder.record(URLSchemeRequest(url: "app://local/api/session"), cause: nil)
        recorder.record(URLSchemeData(Data(#"{"user":"ada","access_token":"opaque-tok-31337"}"#.utf8)), cause: request)
        let text = Self.written(recorder)
        #expect(!text.contains("opaque-tok-31337"), "\(text)")
    }

    @Test("re-recording the same session writes the same placeholders")
    func stableNumbers() throws {
        func record() throws -> [UInt8] {
            let recorder = stillRecorder()
            let message = recorder.record(ScriptMessage(handler: "login", body: ["password": "hunter2-blue-77"]), cause: nil)
            recorder.record(
                HTTPRequest(
                    method: "POST", url: "https://api.bank.test/login", headers: [HTTPHeader("Authorization", "Bearer opaque-tok-31337")]),
                cause: message)
            recorder.record(JavaScriptEvaluation(script: "done('opaque-tok-31337', 'hunter2-blue-77')"), cause: message)
            return try recorder.canonicalBytes(file: "stable.json")
        }
        let first = try record()
        #expect(first == (try record()))
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains(#"done('[REDACTED:2]', '[REDACTED:1]')"#), "\(text)")
    }

    @Test("the answer to a prompt is hidden when the recording declares it")
    func declaredPromptAnswer() {
        let recorder = stillRecorder(.default + .values(["opaque-pw-9900"]))
        let prompt = recorder.record(
            JavaScriptDialog(kind: .prompt, message: "Password for ada@bank.test", frame: .main("https://bank.test/")), cause: nil)
        recorder.record(JavaScriptDialogAnswer(confirmed: true, text: "opaque-pw-9900"), cause: prompt)
        let text = Self.written(recorder)
        #expect(!text.contains("opaque-pw-9900"), "\(text)")
    }

    // MARK: - Suspects

    @Test(
        "a secret-named query item in a hash route's fragment is hidden",
        arguments: [
            "https://app.bank.test/index.html#/reset-password?token=opaque-tok-7171",
            "app://local/index.html#/callback?state=xyz&access_token=opaque-tok-7171",
        ])
    func hashRouteQuery(url: String) {
        let recorder = stillRecorder()
        recorder.record(NavigationLoad(url: url), cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("opaque-tok-7171"), "\(text)")
    }

    @Test("a secret in HTML, a secret-named input's value or meta tag's content, is hidden")
    func htmlAttributes() {
        let recorder = stillRecorder()
        recorder.record(
            NavigationLoad(
                url: "https://bank.test/", headers: [HTTPHeader("Content-Type", "text/html")],
                body: .text(#"<form><input type="password" name="password" value="opaque-pw-6262"></form>"#)),
            cause: nil)
        let request = recorder.record(HTTPRequest(method: "GET", url: "https://bank.test/transfer"), cause: nil)
        recorder.record(
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")],
                body: .text(
                    #"<meta name="csrf-token" content="opaque-csrf-6363"><input type="hidden" name="authenticity_token" value="opaque-csrf-6464">"#
                )),
            cause: nil, answers: request)
        let text = Self.written(recorder)
        #expect(!text.contains("opaque-pw-6262"), "\(text)")
        #expect(!text.contains("opaque-csrf-6363"), "\(text)")
        #expect(!text.contains("opaque-csrf-6464"), "\(text)")
        #expect(text.contains(#"<meta name=\"csrf-token\" content=\"[REDACTED:2]\">"#), "\(text)")
    }

    @Test("a base64 token a rule found is hidden in a script that carries it JSON-escaped, `/` as `\\/`")
    func escapedSlashInScript() throws {
        let token = "QmFzZTY0/dG9rZW4+c2Vzc2lvbg=="
        let recorder = stillRecorder()
        let request = recorder.record(HTTPRequest(method: "POST", url: "https://api.bank.test/login"), cause: nil)
        recorder.record(
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                body: .json(["access_token": .string(token)])),
            cause: nil, answers: request)
        // `JSONEncoder().encode(token)` escapes `/`, as an app building the call from it writes it.
        let argument = String(decoding: try JSONEncoder().encode(token), as: UTF8.self)
        #expect(argument.contains(#"\/"#))
        recorder.record(JavaScriptEvaluation(script: "app.onSignedIn(\(argument))"), cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("QmFzZTY0") && !text.contains("dG9rZW4"), "\(text)")
    }

    @Test("a passphrase a rule found is hidden in a form body and a query that write its spaces as `+`")
    func passphraseFormEncoded() {
        let recorder = stillRecorder()
        recorder.record(ScriptMessage(handler: "login", body: ["user": "ada", "password": "correct horse battery staple"]), cause: nil)
        recorder.record(
            HTTPRequest(
                method: "POST", url: "https://api.bank.test/log?q=correct+horse+battery+staple",
                headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                body: .text("event=typed&text=correct+horse+battery+staple%21")),
            cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("horse"), "\(text)")
    }

    @Test("a password a rule found is hidden in a script that carries it with its quote escaped")
    func escapedQuoteInScript() {
        let password = #"pa"ss-word-77"#
        let recorder = stillRecorder()
        recorder.record(ScriptMessage(handler: "login", body: ["user": "ada", "password": .string(password)]), cause: nil)
        recorder.record(JavaScriptEvaluation(script: #"console.log("Signing in ada / pa\"ss-word-77")"#), cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("ss-word-77"), "\(text)")
    }

    @Test("a password a rule found is hidden in a single-quoted script literal that escapes its quote")
    func escapedSingleQuoteInScript() {
        let recorder = stillRecorder()
        recorder.record(ScriptMessage(handler: "login", body: ["user": "ada", "password": "it's-a-secret-99"]), cause: nil)
        recorder.record(JavaScriptEvaluation(script: #"console.log('Signing in ada / it\'s-a-secret-99')"#), cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("a-secret-99"), "\(text)")
    }

    @Test("a session cookie an evaluated script sets through document.cookie is hidden")
    func documentCookie() {
        let recorder = stillRecorder()
        recorder.record(JavaScriptEvaluation(script: #"document.cookie = "session=opaque-sess-4455; path=/""#), cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("opaque-sess-4455"), "\(text)")
        #expect(text.contains(#"document.cookie = \"session=[REDACTED:1]; path=/\""#), "\(text)")
    }

    @Test("a token an evaluated script stores with localStorage.setItem under a secret name is hidden")
    func localStorageSetItem() {
        let recorder = stillRecorder()
        recorder.record(JavaScriptEvaluation(script: "localStorage.setItem('authToken', 'opaque-tok-5566')"), cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("opaque-tok-5566"), "\(text)")
        #expect(text.contains("localStorage.setItem('authToken', '[REDACTED:1]')"), "\(text)")
    }

    @Test("a secret-named call argument and a document.cookie value are found; other arguments and arrays are not")
    func callArgumentsAndCookies() {
        func values(_ text: String) -> [String] {
            ScriptLiterals.secretMembers(in: text).map { "\($0.name)=\(text[$0.value])" }
        }
        #expect(values(#"headers.set("X-Api-Key", "k-123"); form.append( 'password' , `p-4`)"#) == ["X-Api-Key=k-123", "password=p-4"])
        #expect(values(#"document.cookie = 'sid = s-1 ; path=/'; document.cookie="theme=dark""#) == ["cookie=s-1", "cookie=dark"])
        #expect(values(#"localStorage.setItem('theme', 'dark'); f(["token", "t-1"]); f("token", 1); f("token" + x, "y")"#).isEmpty)
        #expect(values(#"document.cookie = "nameless"; cookie = "a=b"; x.cookie == "a=b""#).isEmpty)
    }

    @Test("an HTML tag's value is found when its name is a secret's, in the same tag only")
    func htmlAttributeValues() {
        func values(_ text: String) -> [String] {
            ScriptLiterals.secretMembers(in: text).map { "\($0.name)=\(text[$0.value])" }
        }
        #expect(values(#"<input value='v-1' type="hidden" NAME="session_token"><meta name="api-key" content="k-2">"#) == [
            "session_token=v-1", "api-key=k-2",
        ])
        #expect(values(#"<input name="username" value="ada"><input name="password"> <p value="x">"#).isEmpty)
        #expect(values(#"<input name="password">value="not-in-the-tag""#).isEmpty)
        #expect(values(#"x name="password" value="no-tag""#).isEmpty)
    }

    @Test("lint flags a token a script stores with setItem or sets as a cookie, left in clear")
    func lintCallArgumentsAndCookies() {
        let leaked = Cassette(
            header: CassetteHeader(name: "old"),
            events: [
                Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "localStorage.setItem('authToken', 'opaque-tok-5566')")),
                Event(id: 2, at: 0, payload: JavaScriptEvaluation(script: #"document.cookie = "sid=opaque-sess-4455""#)),
            ])
        #expect(SecretScanner.findings(in: leaked).map(\.message) == [
            "'authToken' is given a value that looks like a secret (in this text); redact it",
            "'cookie' is given a value that looks like a secret (in this text); redact it",
        ])
    }

    @Test("a password in a form-encoded string the page posts as a message body is hidden")
    func formEncodedMessageBody() {
        let recorder = stillRecorder()
        recorder.record(ScriptMessage(handler: "login", body: "username=ada&password=opaque-pw-7788"), cause: nil)
        let text = Self.written(recorder)
        #expect(!text.contains("opaque-pw-7788"), "\(text)")
        #expect(text.contains(#""body": "username=ada&password=[REDACTED:1]""#), "\(text)")
    }

    @Test("a string that is no form is kept as it is, and a form without a secret-named field too")
    func stringsThatAreNoForms() {
        let recorder = stillRecorder()
        let bodies: [JSONValue] = ["password = opaque-pw-7788", "a=1&b", "theme=dark&lang=en", "x=password", #"{"a":"b=c"}"#]
        for body in bodies { recorder.record(ScriptMessage(handler: "prefs", body: body), cause: nil) }
        #expect(recorder.events.map { $0.payload(as: ScriptMessage.self)?.body } == bodies)
    }

    @Test("the answer to a prompt asking for a password is hidden")
    func promptAnswer() {
        let recorder = stillRecorder()
        let prompt = recorder.record(
            JavaScriptDialog(kind: .prompt, message: "Password for ada@bank.test", frame: .main("https://bank.test/")), cause: nil)
        recorder.record(JavaScriptDialogAnswer(confirmed: true, text: "opaque-pw-9900"), cause: prompt)
        let text = Self.written(recorder)
        #expect(!text.contains("opaque-pw-9900"), "\(text)")
        #expect(text.contains(#""text": "[REDACTED:1]""#), "\(text)")
    }
}

/// Signs in with the password the page posts, passed through `change` first,
/// then tells the page, the password written as a JSON string literal.
private struct EchoingSignIn: ScriptMessageHandler {
    let platform: Platform
    let change: @Sendable (String) -> String
    let scriptChange: @Sendable (String) -> String

    init(
        platform: Platform, change: @escaping @Sendable (String) -> String = { $0 },
        scriptChange: @escaping @Sendable (String) -> String = { $0 }
    ) {
        self.platform = platform
        self.change = change
        self.scriptChange = scriptChange
        platform.webView.add(self, name: "login")
    }

    func didReceive(_ message: ScriptMessage) {
        guard let password = message.body.objectValue?["password"]?.stringValue else { return }
        let (platform, sent, told) = (platform, change(password), scriptChange(password))
        Task {
            _ = try? await platform.transport.send(
                HTTPRequest(
                    method: "POST", url: "https://id.bank.test/login",
                    headers: [HTTPHeader("Content-Type", "application/json")],
                    body: .json(["username": "ada", "password": .string(sent)])))
            let literal = String(decoding: (try? JSONEncoder().encode(told)) ?? Data(), as: UTF8.self)
            platform.webView.evaluateJavaScript("page.signedIn(\"ada\", \(literal))", completionHandler: nil)
        }
    }
}

@Suite("Secret leak hunt: reports")
struct SecretLeakHuntReportTests {
    static let password = "correct-horse-battery-7"

    /// Everything a failed report shows: its text and its trace's bytes.
    static func shown(_ report: ReplayReport) -> String {
        report.description + String(decoding: CassetteWriter.canonicalBytes(of: SecretLeakHuntRecordingTests.timeless(report.trace)), as: UTF8.self)
    }

    static func recorded() async throws -> Cassette {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }
        let recorder = Recorder(name: "sign-in")
        _ = EchoingSignIn(platform: recorder.platform(wrapping: .simulated(webView: page, transport: server)))
        try page.postMessage(["username": "ada", "password": .string(password)], to: "login")
        try await recorder.waitForEvents(JavaScriptEvaluation.eventKind)
        return try CassetteReader().read(try recorder.canonicalBytes(file: "sign-in.json"), path: "sign-in.json")
    }

    @Test(
        "an app that sends another password than the page posted shows neither in the report nor its trace",
        arguments: ["hard-coded-pw-55", #"hard"coded-pw-55"#, #"hard\coded/pw-55"#, "hard'coded/pw-55", "hárd-cöded-pw-55"])
    func otherPassword(other: String) async throws {
        let cassette = try await Self.recorded()
        let bytes = String(decoding: CassetteWriter.canonicalBytes(of: SecretLeakHuntRecordingTests.timeless(cassette)), as: UTF8.self)
        #expect(!bytes.contains(Self.password))
        #expect(bytes.contains(#"page.signedIn(\"ada\", \"[REDACTED:1]\")"#), "\(bytes)")

        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            EchoingSignIn(platform: platform, change: { _ in other }, scriptChange: { _ in other })
        }
        #expect(!report.passed)
        let shown = Self.shown(report)
        #expect(!shown.contains("coded"), "\(shown)")
    }

    @Test(
        "an app that tells the page another password than it signs in with shows it in no issue and no trace",
        arguments: [#"hard"coded-pw-55"#, #"hard\coded/pw-55"#, "hard'coded/pw-55"])
    func otherPasswordInScript(other: String) async throws {
        let cassette = try await Self.recorded()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            EchoingSignIn(platform: platform, scriptChange: { _ in other })
        }
        let difference = try #require(report.issues.first?.differences.first, "\(report)")
        #expect(difference.path == "script", "\(report)")
        let shown = Self.shown(report)
        #expect(!shown.contains("coded"), "\(shown)")
        #expect(shown.contains("[REDACTED:2]"), "\(shown)")
    }

    @Test("an app that sends the password it was handed with a long script around it shows no part of it")
    func longScript() async throws {
        let cassette = try await Self.recorded()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let other = String(repeating: "x", count: 150) + "-hard-coded-pw-55"
            return EchoingSignIn(platform: platform, change: { _ in other }, scriptChange: { _ in other })
        }
        #expect(!report.passed)
        let shown = Self.shown(report)
        #expect(!shown.contains("hard-coded"), "\(shown)")
        #expect(!shown.contains("xxxxxxxxxx"), "\(shown)")
    }
}

/// Sends the token the page posts as a bearer token and inside a binary body.
private struct BinaryTokenClient: ScriptMessageHandler {
    let transport: any HTTPTransport
    let change: @Sendable (String) -> String

    init(platform: Platform, change: @escaping @Sendable (String) -> String = { $0 }) {
        transport = platform.transport
        self.change = change
        platform.webView.add(self, name: "sync")
    }

    func didReceive(_ message: ScriptMessage) {
        guard let token = message.body.objectValue?["token"]?.stringValue else { return }
        let (transport, sent) = (transport, change(token))
        Task {
            _ = try? await transport.send(
                HTTPRequest(
                    method: "POST", url: "https://api.bank.test/sync",
                    headers: [HTTPHeader("Content-Type", "application/x-protobuf"), HTTPHeader("Authorization", "Bearer \(sent)")],
                    body: .bytes(Data([0xFF, 0x0A]) + Data(sent.utf8) + Data([0xFE, 0x00]))))
        }
    }
}

@Suite("Secret leak hunt: binary bodies in reports")
struct SecretLeakHuntBinaryReportTests {
    static let token = "opaque-sync-token-4242"

    @Test("in bytes that are not UTF-8 a value is replaced next to any byte; in UTF-8 text only as a whole word")
    func binaryNeighbours() {
        let values = RedactedValues([(Self.token, "[REDACTED:1]")])
        // A protobuf string field: its tag and length before it, the next field's tag `B` (0x42) after it.
        let field = Data([0x0A, 0x16]) + Data(Self.token.utf8) + Data([0x42, 0x9C, 0x01])
        #expect(values.replacing(in: field) == Data([0x0A, 0x16]) + Data("[REDACTED:1]".utf8) + Data([0x42, 0x9C, 0x01]))
        let text = Data("x\(Self.token)y é\(Self.token)".utf8)
        #expect(values.replacing(in: text) == text)
    }

    @Test("an app that sends another token in a binary body shows it in no issue, not even inside base64")
    func otherTokenInBytes() async throws {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }
        let recorder = Recorder(name: "sync")
        _ = BinaryTokenClient(platform: recorder.platform(wrapping: .simulated(webView: page, transport: server)))
        try page.postMessage(["token": .string(Self.token)], to: "sync")
        try await recorder.waitForEvents(HTTPResponse.eventKind)
        let cassette = try CassetteReader().read(try recorder.canonicalBytes(file: "sync.json"), path: "sync.json")
        let fields = try RedactedValuesEveryKindTests.decodedBase64Fields(in: CassetteWriter.canonicalBytes(of: cassette))
        #expect(!fields.isEmpty && !fields.contains { $0.contains(Self.token) }, "\(fields)")

        let other = "other-sync-token-9999"
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            BinaryTokenClient(platform: platform) { _ in other }
        }
        #expect(!report.passed)
        let shown = SecretLeakHuntReportTests.shown(report)
        #expect(!shown.contains(other), "\(shown)")
        // Every base64 run in the report, decoded.
        let decoded = shown.split { !($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=") }
            .compactMap { Data(base64Encoded: String($0)) }.map { String(decoding: $0, as: UTF8.self) }
        #expect(!decoded.contains { $0.contains("sync-token") }, "\(report)")
    }
}
