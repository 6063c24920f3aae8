import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// App code for the probes: a bridge the page posts to, which does what the
/// probe says with the recording's platform, as a hybrid app's bridge would.
struct LeakProbeBridge: ScriptMessageHandlerWithReply {
    typealias Act = @MainActor @Sendable (Platform, ScriptMessage, @escaping @Sendable (Outcome) -> Void) -> Void
    let platform: Platform
    let act: Act

    init(platform: Platform, act: @escaping Act) {
        self.platform = platform
        self.act = act
        platform.webView.add(self, name: "app")
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        act(platform, message, replyHandler)
    }
}

/// Answers every `prompt()` with what the user typed; other dialogs as the seam's defaults do.
struct LeakProbeTypingUser: UIDelegate {
    let typed: String

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) { completionHandler(typed) }
}

/// Secrets planted by realistic app flows, recorded through the public API
/// (a `Recorder` around the simulated platform), then looked for in every
/// byte of the cassette, `base64` bodies decoded.
@Suite("Secret leak probes: recording")
struct SecretLeakProbeTests {
    /// Records the page posting `body` to the app's bridge, which acts as
    /// `act` says, until `kind` is recorded; returns the cassette as text.
    static func recording(
        _ body: JSONValue = "go", redaction: Redaction = .default, until kind: EventKind,
        server: @escaping ScriptedHTTPTransport.FallibleRoutes = { _ in HTTPResponse(status: 204) },
        act: @escaping LeakProbeBridge.Act
    ) async throws -> String {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "probe", redaction: redaction)
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: ScriptedHTTPTransport(fallibleRoutes: server)))
        let bridge = LeakProbeBridge(platform: platform, act: act)
        // Patience for a slow machine (ThreadSanitizer, a loaded CI host): every probe replies.
        _ = try await page.postMessageAwaitingReply(body, to: "app", timeout: .seconds(60))
        try await recorder.waitForEvents(kind)
        withExtendedLifetime(bridge) {}
        return SecretLeakHuntRecordingTests.written(recorder)
    }

    /// Sends `request` and replies once it is answered.
    @MainActor static func send(_ request: HTTPRequest, on platform: Platform, reply: @escaping @Sendable (Outcome) -> Void) {
        Task {
            _ = try? await platform.transport.send(request)
            reply(.value(.null))
        }
    }

    /// Records the page's `prompt(message, defaultText)` answered with
    /// `typed` by the app's UI delegate; returns the cassette as text.
    static func promptRecording(_ message: String, defaultText: String? = nil, typed: String) async throws -> String {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "prompt")
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        platform.webView.setUIDelegate(LeakProbeTypingUser(typed: typed))
        let answer = try await page.runJavaScriptDialog(
            JavaScriptDialog(kind: .prompt, message: message, defaultText: defaultText, frame: .main("https://bank.test/")))
        #expect(answer == .prompt(typed))
        try await recorder.waitForEvents(JavaScriptDialogAnswer.eventKind)
        return SecretLeakHuntRecordingTests.written(recorder)
    }

    /// Records the page following links to `urls`, each allowed by the app's
    /// navigation delegate; returns the cassette as text.
    static func navigationRecording(_ urls: [String]) async throws -> String {
        struct Allow: NavigationDelegate {
            func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
                decisionHandler(.allow)
            }
        }
        let page = SimulatedWebView()
        let recorder = Recorder(name: "links")
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        platform.webView.setNavigationDelegate(Allow())
        for url in urls {
            _ = try await page.navigate(NavigationAction(url: url, navigationType: .linkActivated, targetFrame: .main()))
        }
        try await recorder.waitForEvents(NavigationDecision.eventKind, count: urls.count)
        return SecretLeakHuntRecordingTests.written(recorder)
    }

    // MARK: Known open

    @Test(
        "the answer to a prompt whose message asks for a password, PIN or passcode is hidden",
        arguments: ["Password for ada@bank.test", "Enter your PIN", "Passcode:", "One-time code (OTP)"])
    func promptAnswer(message: String) async throws {
        let text = try await Self.promptRecording(message, typed: "4821")
        #expect(!text.contains("4821"), "\(text)")
    }

    @Test("the answer to a prompt that asks for no secret stays readable")
    func ordinaryPromptAnswer() async throws {
        #expect(try await Self.promptRecording("Your name?", typed: "Ada Lovelace").contains("Ada Lovelace"))
    }

    @Test(
        "a password passed positionally to a sign-in call in an evaluated script is hidden",
        arguments: [
            #"login("ada", "hunter2-blue")"#, #"bridge.auth("ada","s3cr3t-77")"#, #"app.signIn('ada', 'hunter2-blue')"#,
            #"window.authenticate("ada@bank.test", "s3cr3t-77", true)"#, #"setPassword(`hunter2-blue`)"#,
            "await api.login(\n  \"ada\",\n  \"hunter2-blue\",\n);",
        ])
    func positionalPassword(script: String) async throws {
        let text = try await Self.recording(until: JavaScriptEvaluation.eventKind) { platform, _, reply in
            platform.webView.evaluateJavaScript(script, completionHandler: nil)
            reply(.value(.null))
        }
        #expect(!text.contains("hunter2-blue") && !text.contains("s3cr3t-77"), "\(text)")
        if script.contains("ada") { #expect(text.contains("ada"), "the user name stays readable: \(text)") }
    }

    @Test("a secret in an unquoted HTML attribute is hidden")
    func unquotedHTMLAttribute() async throws {
        let html = """
            <form><input type=hidden name=csrf_token value=opaque-csrf-8181><input name=password value=hunter2-blue>
            <input type=hidden name=csrf value=abc123></form>
            """
        let text = try await Self.recording(until: HTTPResponse.eventKind) {
            _ in HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html")], body: .text(html))
        } act: { platform, _, reply in
            Self.send(HTTPRequest(url: "https://bank.test/transfer"), on: platform, reply: reply)
        }
        #expect(!text.contains("opaque-csrf-8181") && !text.contains("hunter2-blue") && !text.contains("abc123"), "\(text)")
    }

    // MARK: New shapes

    @Test(
        "a secret-named query item in a URL written inside text is hidden",
        arguments: [
            #"window.location.href = "https://app.bank.test/cb#id_token=opaque-tok-2323&state=x""#,
            #"location.replace('https://app.bank.test/cb?code=1&access_token=opaque-tok-2323')"#,
            "console.log(\"redirecting to https://app.bank.test/cb?access_token=opaque-tok-2323 now\")",
        ])
    func queryInScript(script: String) async throws {
        let text = try await Self.recording(until: JavaScriptEvaluation.eventKind) { platform, _, reply in
            platform.webView.evaluateJavaScript(script, completionHandler: nil)
            reply(.value(.null))
        }
        #expect(!text.contains("opaque-tok-2323"), "\(text)")
    }

    @Test("a secret-named query item in a URL held in a message string or an HTML link is hidden")
    func queryInStrings() async throws {
        let message: JSONValue = [
            "next": "https://app.bank.test/cb?state=x&access_token=opaque-tok-2424",
            "log": "opened https://app.bank.test/reset?token=opaque-tok-2525 in a tab",
        ]
        let html = #"<a href="https://app.bank.test/cb?session_id=opaque-sess-2626">go</a>"#
        let text = try await Self.recording(message, until: HTTPResponse.eventKind) {
            _ in HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html")], body: .text(html))
        } act: { platform, _, reply in
            Self.send(HTTPRequest(url: "https://bank.test/"), on: platform, reply: reply)
        }
        for secret in ["opaque-tok-2424", "opaque-tok-2525", "opaque-sess-2626"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
    }

    @Test("a secret-named name=value written unquoted in a console line the page sends is hidden")
    func consoleLine() async throws {
        let line: JSONValue = ["level": "debug", "message": "auth ok token=opaque-tok-2727 password: hunter2-blue user=ada"]
        let text = try await Self.recording(line, until: ScriptReply.eventKind) { _, _, reply in reply(.value(.null)) }
        #expect(!text.contains("opaque-tok-2727"), "\(text)")
        #expect(text.contains("user=ada"), "\(text)")
    }

    @Test("credentials in URL userinfo are hidden in a message body and a script")
    func userinfoInText() async throws {
        let text = try await Self.recording(["server": "https://ada:opaque-pw-2828@sync.bank.test/dav"], until: JavaScriptEvaluation.eventKind) {
            platform, _, reply in
            platform.webView.evaluateJavaScript(#"connect("https://ada:opaque-pw-2929@sync.bank.test/dav")"#, completionHandler: nil)
            reply(.value(.null))
        }
        #expect(!text.contains("opaque-pw-2828") && !text.contains("opaque-pw-2929"), "\(text)")
    }

    @Test("an Authorization header inside a JSON body the page posts is hidden, as a member or as a name/value pair")
    func authorizationInMessage() async throws {
        let body: JSONValue = [
            "url": "https://api.bank.test/me",
            "headers": ["Authorization": "Basic YWRhOmh1bnRlcjItYmx1ZQ=="],
            "headerList": [["Authorization", "Basic b3BhcXVlLWJhc2ljLTMwMzA="]],
            "headerPairs": [["name": "Authorization", "value": "Basic b3BhcXVlLWJhc2ljLTMxMzE="]],
        ]
        let text = try await Self.recording(body, until: ScriptReply.eventKind) { _, _, reply in reply(.value(.null)) }
        for secret in ["YWRhOmh1bnRlcjItYmx1ZQ", "b3BhcXVlLWJhc2ljLTMwMzA", "b3BhcXVlLWJhc2ljLTMxMzE"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
    }

    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXByb2JlLTMy"

    @Test("a JWT in a user script the app injects is hidden, and a secret-named literal there too")
    func userScript() async throws {
        let text = try await Self.recording(until: UserScriptInstallation.eventKind) { platform, _, reply in
            platform.webView.addUserScript(
                UserScriptInstallation(
                    source: "window.__session = {jwt: '\(Self.jwt)', apiKey: 'opaque-key-3333'};",
                    injectionTime: .documentStart, mainFrameOnly: true))
            reply(.value(.null))
        }
        #expect(!text.contains("c2lnbmF0dXJl") && !text.contains("opaque-key-3333"), "\(text)")
    }

    @Test("a JWT in the error a bridge rejects the page's promise with is hidden")
    func replyError() async throws {
        let text = try await Self.recording(until: ScriptReply.eventKind) { _, _, reply in
            reply(.error("token \(Self.jwt) expired; password=hunter2-blue rejected"))
        }
        #expect(!text.contains("c2lnbmF0dXJl") && !text.contains("hunter2-blue"), "\(text)")
    }

    @Test("a secret in the description of an HTTP failure is hidden")
    func transportFailure() async throws {
        let text = try await Self.recording(until: HTTPTransportFailure.eventKind) { request throws(HTTPTransportError) in
            throw HTTPTransportError("could not reach \(request.urlString): gateway refused Bearer opaque-tok-3434", code: -1004)
        } act: { platform, _, reply in
            Self.send(HTTPRequest(url: "https://api.bank.test/me?access_token=opaque-tok-3535"), on: platform, reply: reply)
        }
        #expect(!text.contains("opaque-tok-3434") && !text.contains("opaque-tok-3535"), "\(text)")
    }

    @Test("a Set-Cookie on a 302 is hidden, the joined header of several cookies included, and in the navigation after it")
    func setCookieRedirect() async throws {
        let text = try await Self.recording(until: NavigationLoad.eventKind) { request in
            request.urlString.hasSuffix("/login")
                ? HTTPResponse(
                    status: 302,
                    headers: [
                        HTTPHeader("Location", "https://bank.test/home"),
                        HTTPHeader("Set-Cookie", "sid=opaque-sess-3636; Path=/; HttpOnly, csrf=opaque-csrf-3737; Path=/"),
                    ])
                : HTTPResponse(status: 200)
        } act: { platform, _, reply in
            Task {
                _ = try? await platform.transport.send(HTTPRequest(method: "POST", url: "https://bank.test/login"))
                await MainActor.run {
                    platform.webView.load(NavigationLoad(url: "https://bank.test/home", headers: [HTTPHeader("Cookie", "sid=opaque-sess-3636")]))
                }
                reply(.value(.null))
            }
        }
        #expect(!text.contains("opaque-sess-3636") && !text.contains("opaque-csrf-3737"), "\(text)")
    }

    @Test("a token in a URL that a Refresh or Link header carries is hidden")
    func urlInHeaders() async throws {
        let text = try await Self.recording(until: HTTPResponse.eventKind) { _ in
            HTTPResponse(
                status: 200,
                headers: [
                    HTTPHeader("Refresh", "0; url=https://app.bank.test/cb?state=x&access_token=opaque-tok-4040"),
                    HTTPHeader("Link", "<https://app.bank.test/next?session_id=opaque-sess-4141>; rel=next"),
                ])
        } act: { platform, _, reply in
            Self.send(HTTPRequest(url: "https://bank.test/sso"), on: platform, reply: reply)
        }
        #expect(!text.contains("opaque-tok-4040") && !text.contains("opaque-sess-4141"), "\(text)")
    }

    @Test("a saved password a prompt asking for one is pre-filled with is hidden")
    func promptDefaultText() async throws {
        let text = try await Self.promptRecording("Password for ada", defaultText: "opaque-pw-4343", typed: "opaque-pw-4242")
        #expect(!text.contains("opaque-pw-4242") && !text.contains("opaque-pw-4343"), "\(text)")
    }

    @Test(
        "a bare string the page posts to a handler named after a secret is hidden; to another handler it stays",
        arguments: ["saveToken", "pin", "setPassword", "refresh_token"])
    func bareStringToSecretHandler(handler: String) async throws {
        struct Store: ScriptMessageHandler {
            func didReceive(_ message: ScriptMessage) {}
        }
        let page = SimulatedWebView()
        let recorder = Recorder(name: "handler")
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        platform.webView.add(Store(), name: handler)
        platform.webView.add(Store(), name: "theme")
        try page.postMessage("opaque-val-4545", to: handler)
        try page.postMessage("solarized-dark", to: "theme")
        try await recorder.waitForEvents(ScriptMessage.eventKind, count: 2)
        let text = SecretLeakHuntRecordingTests.written(recorder)
        #expect(!text.contains("opaque-val-4545"), "\(text)")
        #expect(text.contains("solarized-dark"), "\(text)")
    }

    @Test("a script in a javascript: URL the page navigates to has its secrets hidden as an evaluated script's")
    func javascriptURL() async throws {
        let text = try await Self.navigationRecording(["javascript:login('ada','hunter2-blue')"])
        #expect(!text.contains("hunter2-blue"), "\(text)")
    }

    @Test("Basic credentials outside an Authorization header are hidden by their shape")
    func basicCredentialsInText() async throws {
        let text = try await Self.recording(["log": "sending Basic YWRhOmh1bnRlcjItYmx1ZQ== to the proxy"], until: JavaScriptEvaluation.eventKind) {
            platform, _, reply in
            platform.webView.evaluateJavaScript(#"fetch(u, {headers: {"X-Upstream": "Basic YWRhOnMzY3IzdC03Nw=="}})"#, completionHandler: nil)
            reply(.value(.null))
        }
        #expect(!text.contains("YWRhOmh1bnRlcjItYmx1ZQ") && !text.contains("YWRhOnMzY3IzdC03Nw"), "\(text)")
    }

    @Test(
        "a token in the path of a reset, verification or session link is hidden; other path segments stay",
        arguments: [
            "https://bank.test/reset-password/8f3a9c2e7b1d4f60", "https://bank.test/api/session/8f3a9c2e7b1d4f60/profile",
            "app://local/index.html#/verify-token/8f3a9c2e7b1d4f60",
        ])
    func tokenInPath(url: String) async throws {
        let text = try await Self.navigationRecording([url, "https://bank.test/api/token/refresh"])
        #expect(!text.contains("8f3a9c2e7b1d4f60"), "\(text)")
        #expect(text.contains("https://bank.test/api/token/refresh"), "\(text)")
    }

    @Test("a password in a GraphQL mutation's text and a token in JSON a script stores are hidden")
    func graphQLAndStoredJSON() async throws {
        let query = #"mutation { login(email: "ada@bank.test", password: "opaque-pw-4646") { token } }"#
        let text = try await Self.recording(until: JavaScriptEvaluation.eventKind) { platform, _, reply in
            Task {
                _ = try? await platform.transport.send(
                    HTTPRequest(
                        method: "POST", url: "https://api.bank.test/graphql", headers: [HTTPHeader("Content-Type", "application/json")],
                        body: .json(["query": .string(query)])))
                await MainActor.run {
                    platform.webView.evaluateJavaScript(
                        #"sessionStorage.setItem('user', '{"name":"ada","token":"opaque-tok-4747"}')"#, completionHandler: nil)
                }
                reply(.value(.null))
            }
        }
        #expect(!text.contains("opaque-pw-4646") && !text.contains("opaque-tok-4747"), "\(text)")
    }

    @Test("a password in a multipart/form-data body with a quoted boundary is hidden")
    func multipartQuotedBoundary() async throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nada\r\n--XyZ\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter2-blue\r\n--XyZ--\r\n"
        let text = try await Self.recording(until: HTTPResponse.eventKind) { platform, _, reply in
            Self.send(
                HTTPRequest(
                    method: "POST", url: "https://bank.test/login",
                    headers: [HTTPHeader("Content-Type", #"multipart/form-data; boundary="XyZ""#)], body: .bytes(Data(body.utf8))),
                on: platform, reply: reply)
        }
        #expect(!text.contains("hunter2-blue"), "\(text)")
    }

    @Test("a secret in the error a scheme handler fails a task with is hidden")
    func schemeFailure() async throws {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "upstream refused api_key=opaque-key-3838" }
        }
        struct Handler: URLSchemeHandler {
            func start(_ task: any URLSchemeTask) { task.didFailWithError(Refused()) }
            func stop(_ task: any URLSchemeTask) {}
        }
        let page = SimulatedWebView()
        let recorder = Recorder(name: "scheme")
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        platform.webView.setURLSchemeHandler(Handler(), forURLScheme: "app")
        _ = try? await page.requestURLScheme(URLSchemeRequest(url: "app://local/api"))
        try await recorder.waitForEvents(URLSchemeCompletion.eventKind)
        let text = SecretLeakHuntRecordingTests.written(recorder)
        #expect(!text.contains("opaque-key-3838"), "\(text)")
    }
}
