import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// The gaps the third leak hunt left, and shapes a user hits through the
/// public API: recorded with the simulated platform, then looked for in
/// every byte of the cassette, `base64` bodies decoded.
@Suite("Secret leak probes: gaps")
struct SecretLeakProbeGapTests {
    static func evaluating(_ scripts: [String], body: JSONValue = "go") async throws -> String {
        try await SecretLeakProbeTests.recording(body, until: JavaScriptEvaluation.eventKind) { platform, _, reply in
            for script in scripts { platform.webView.evaluateJavaScript(script, completionHandler: nil) }
            reply(.value(.null))
        }
    }

    // MARK: An unquoted value after `name:`

    @Test(
        "an unquoted value after a secret name and a colon is hidden: a number in an object literal, a word in a log or YAML line",
        arguments: [
            "api.check({otp: 482913, user: 'ada'})", #"console.log("login ok password: hunter2-blue user=ada")"#,
            "store.save({pin:4821})", #"console.warn("retrying with password: s3cr3t!x")"#,
        ])
    func unquotedColonValue(script: String) async throws {
        let text = try await Self.evaluating([script])
        for secret in ["482913", "hunter2-blue", "4821", "s3cr3t"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
    }

    @Test("a password and a PIN written `name: value` in a message string and a YAML body are hidden")
    func unquotedColonInMessageAndBody() async throws {
        let text = try await SecretLeakProbeTests.recording(
            ["log": "sync ok pin: 4821 password: opaque-pw-5050 host: bank.test"], until: HTTPResponse.eventKind
        ) { platform, _, reply in
            SecretLeakProbeTests.send(
                HTTPRequest(
                    method: "POST", url: "https://bank.test/config", headers: [HTTPHeader("Content-Type", "application/yaml")],
                    body: .bytes(Data("user: ada\napi_key: opaque-key-5151\nregion: eu-1\n".utf8))),
                on: platform, reply: reply)
        }
        for secret in ["4821", "opaque-pw-5050", "opaque-key-5151"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
        #expect(text.contains("host: bank.test") && text.contains("region: eu-1"), "\(text)")
    }

    // MARK: Path tokens

    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXBhdGgtNDI"

    @Test(
        "a token in a URL's path is hidden after a link word, or by its shape, after any segment",
        arguments: [
            "https://bank.test/api/v1/sessions/\(jwt)", "https://bank.test/magic/4f9c2e8a7b3d1f6091c2a5e7d8b4f3a1",
            "https://bank.test/invite/8f3a9c2e7b1d4f60", "https://bank.test/l/Xk9pQ2rT7vW4yZ1bN6mC3sD8fG5hJ0kL2qR9tU4wE7a",
            "app://local/index.html#/confirm-email/8f3a9c2e7b1d4f60",
        ])
    func tokenInPath(url: String) async throws {
        let text = try await SecretLeakProbeTests.navigationRecording([url])
        for secret in ["c2lnbmF0dXJl", "4f9c2e8a7b3d", "8f3a9c2e7b1d4f60", "Xk9pQ2rT7vW4"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
    }

    @Test("ids, UUIDs, hashes and asset names in a URL's path stay readable")
    func ordinaryPaths() async throws {
        let urls = [
            "https://shop.test/orders/550e8400-e29b-41d4-a716-446655440000", "https://shop.test/static/app.4f9c2e.js",
            "https://git.test/commit/3f786850e387550fdab836ed7e6dc881de23001b", "https://shop.test/users/8sKj3LmN0pQrStUvWxYz",
            "https://shop.test/orders/12345678/items/A1B2C3D4", "https://shop.test/api/token/refresh",
            "https://shop.test/verify/email", "https://shop.test/blog/2026-12-07-release-notes-v2",
        ]
        let text = try await SecretLeakProbeTests.navigationRecording(urls)
        for url in urls { #expect(text.contains(url), "\(url): \(text)") }
    }

    // MARK: Prompts

    @Test(
        "the answer to a prompt asking for a code sent to the user, or a security answer, is hidden",
        arguments: [
            "Enter the code we texted you", "Verification code", "Security answer", "Enter the 6-digit code we sent to ada@bank.test",
            "Security code (CVV)", "What is your mother's maiden name? (security question)",
        ])
    func promptInOtherWords(message: String) async throws {
        let text = try await SecretLeakProbeTests.promptRecording(message, typed: "482913")
        #expect(!text.contains("482913"), "\(text)")
    }

    @Test("the answer to a prompt asking for a promo, postal or country code stays readable", arguments: [
        "Promo code", "Enter your postal code", "Country code", "Code name for this device",
    ])
    func ordinaryCodePrompt(message: String) async throws {
        #expect(try await SecretLeakProbeTests.promptRecording(message, typed: "SUMMER26").contains("SUMMER26"))
    }

    // MARK: Calls

    @Test(
        "a password in a call whose name says nothing is hidden when a member or the action names it",
        arguments: [
            #"bridge.send({type:"login", password:"hunter2-blue"})"#, #"bridge.send("login", "ada", "hunter2-blue")"#,
            #"Native.call('setPassword', 'hunter2-blue')"#,
        ])
    func namedByMemberOrAction(script: String) async throws {
        let text = try await Self.evaluating([script])
        #expect(!text.contains("hunter2-blue"), "\(text)")
        if script.contains("ada") { #expect(text.contains(#"\"ada\""#), "the account stays readable: \(text)") }
    }

    @Test("a password a sign-in call decodes from a literal is hidden")
    func decodedArgument() async throws {
        let text = try await Self.evaluating([#"login(user, atob("aHVudGVyMi1ibHVl"))"#, #"app.signIn("ada", decodeURIComponent('s3cr3t%2D77'))"#])
        #expect(!text.contains("aHVudGVyMi1ibHVl") && !text.contains("s3cr3t"), "\(text)")
        #expect(text.contains("atob(") && text.contains(#"\"ada\""#), "\(text)")
    }

    // MARK: Headers, bodies and URLs an app sends

    @Test("a form-encoded body sent as bytes, with a charset, has its password hidden")
    func formBytes() async throws {
        let text = try await SecretLeakProbeTests.recording(until: HTTPResponse.eventKind) { platform, _, reply in
            SecretLeakProbeTests.send(
                HTTPRequest(
                    method: "POST", url: "https://bank.test/login",
                    headers: [HTTPHeader("content-type", "application/x-www-form-urlencoded; charset=UTF-8")],
                    body: .bytes(Data("username=ada&password=opaque%2Dpw%216262&remember=1".utf8))),
                on: platform, reply: reply)
        }
        #expect(!text.contains("opaque%2Dpw") && !text.contains("opaque-pw"), "\(text)")
        #expect(text.contains("username=ada"), "\(text)")
    }

    @Test("credentials in proxy, API-key and auth-token headers are hidden whatever their case")
    func credentialHeaders() async throws {
        let headers = [
            HTTPHeader("proxy-authorization", "Basic cHJveHk6b3BhcXVlLXB4LTcwNzA="), HTTPHeader("x-api-key", "opaque-key-7171"),
            HTTPHeader("X-API-KEY", "opaque-key-7272"), HTTPHeader("X-Auth-Token", "opaque-tok-7373"),
            HTTPHeader("X-Secret-Key", "opaque-key-7474"), HTTPHeader("X-Auth-Key", "opaque-key-7575"),
            HTTPHeader("Ocp-Apim-Subscription-Key", "opaque-key-7676"), HTTPHeader("cookie", "sid=opaque-sess-7777; theme=dark"),
        ]
        let text = try await SecretLeakProbeTests.recording(until: HTTPResponse.eventKind) { platform, _, reply in
            SecretLeakProbeTests.send(HTTPRequest(url: "https://api.bank.test/me", headers: headers), on: platform, reply: reply)
        }
        for secret in ["cHJveHk6b3BhcXVl", "7171", "7272", "7373", "7474", "7575", "7676", "opaque-sess-7777"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
    }

    @Test("an OAuth code and refresh token in a redirect's Location and an app-scheme navigation are hidden")
    func oauthRedirect() async throws {
        let text = try await SecretLeakProbeTests.recording(until: HTTPResponse.eventKind) { request in
            HTTPResponse(
                status: 302,
                headers: [
                    HTTPHeader("Location", "https://app.bank.test/cb?code=opaque-code-8080&state=s1&refresh_token=opaque-tok-8181")
                ])
        } act: { platform, _, reply in
            SecretLeakProbeTests.send(HTTPRequest(url: "https://id.bank.test/authorize?client_id=app&state=s1"), on: platform, reply: reply)
        }
        #expect(!text.contains("opaque-code-8080") && !text.contains("opaque-tok-8181"), "\(text)")
        let navigation = try await SecretLeakProbeTests.navigationRecording([
            "myapp://callback?code=opaque-code-8282", "myapp://oauth/done#code=opaque-code-8383&state=s2",
        ])
        #expect(!navigation.contains("opaque-code-8282") && !navigation.contains("opaque-code-8383"), "\(navigation)")
    }

    @Test("a token in the path of a relative Location, and an OAuth code in its query, are hidden")
    func relativeLocation() async throws {
        let text = try await SecretLeakProbeTests.recording(until: HTTPResponse.eventKind) { request in
            HTTPResponse(
                status: 302, headers: [HTTPHeader("Location", "/reset-password/8f3a9c2e7b1d4f60?next=%2Fcb%3Fx&code=opaque-code-8484&state=s")])
        } act: { platform, _, reply in
            SecretLeakProbeTests.send(HTTPRequest(url: "https://bank.test/forgot"), on: platform, reply: reply)
        }
        #expect(!text.contains("8f3a9c2e7b1d4f60") && !text.contains("opaque-code-8484"), "\(text)")
        #expect(text.contains("/reset-password/"), "\(text)")
    }

    @Test("a password posted as `pass` or `pw`, and the value of a password input whatever its name, are hidden")
    func passwordFieldsByOtherNames() async throws {
        let html = #"<form><input type="password" name="p" value="opaque-pw-9393"><input TYPE=password name=login_secret_x value=opaque-pw-9494></form>"#
        let text = try await SecretLeakProbeTests.recording(until: HTTPResponse.eventKind) { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html")], body: .text(html))
        } act: { platform, _, reply in
            Task {
                _ = try? await platform.transport.send(
                    HTTPRequest(
                        method: "POST", url: "https://bank.test/login",
                        headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: .text("login=ada&pass=opaque-pw-9595")))
                _ = try? await platform.transport.send(
                    HTTPRequest(method: "POST", url: "https://bank.test/api", body: .json(["user": "ada", "pw": "opaque-pw-9696"])))
                reply(.value(.null))
            }
        }
        for secret in ["opaque-pw-9393", "opaque-pw-9494", "opaque-pw-9595", "opaque-pw-9696"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
        #expect(text.contains("login=ada"), "\(text)")
    }

    @Test("a password posted to the app's own scheme, and cookies and tokens in that scheme's response head, are hidden")
    func schemeRequestAndResponse() async throws {
        struct Handler: URLSchemeHandler {
            func start(_ task: any URLSchemeTask) {
                task.didReceive(
                    URLSchemeResponse(
                        url: task.request.urlString, mimeType: "application/json",
                        headers: [HTTPHeader("Set-Cookie", "sid=opaque-sess-1212; Path=/"), HTTPHeader("X-Auth-Token", "opaque-tok-1313")]))
                task.didReceive(Data(#"{"ok":true}"#.utf8))
                task.didFinish()
            }
            func stop(_ task: any URLSchemeTask) {}
        }
        let page = SimulatedWebView()
        let recorder = Recorder(name: "scheme")
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        platform.webView.setURLSchemeHandler(Handler(), forURLScheme: "app")
        _ = try await page.requestURLScheme(
            URLSchemeRequest(
                url: "app://local/api/login", method: "POST",
                headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: .bytes(Data("user=ada&pass=opaque-pw-1414".utf8))))
        try await recorder.waitForEvents(URLSchemeCompletion.eventKind)
        let text = SecretLeakHuntRecordingTests.written(recorder)
        for secret in ["opaque-sess-1212", "opaque-tok-1313", "opaque-pw-1414"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
    }

    @Test("a form without a Content-Type and JSON sent as text/plain have their secrets hidden, letters-only and numbers too")
    func untypedBodies() async throws {
        let text = try await SecretLeakProbeTests.recording(until: JavaScriptEvaluation.eventKind) { platform, _, reply in
            Task {
                _ = try? await platform.transport.send(
                    HTTPRequest(method: "POST", url: "https://bank.test/login", body: .bytes(Data("user=ada&pass=hunterblue".utf8))))
                _ = try? await platform.transport.send(
                    HTTPRequest(
                        method: "POST", url: "https://bank.test/beacon", headers: [HTTPHeader("Content-Type", "text/plain;charset=UTF-8")],
                        body: .text(#"{"user":"ada","pin":4821,"password":"opaque-pw-1515"}"#)))
                await MainActor.run { platform.webView.evaluateJavaScript("done()", completionHandler: nil) }
                reply(.value(.null))
            }
        }
        for secret in ["hunterblue", "4821", "opaque-pw-1515"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
    }

    @Test("a password in a form field named as Rails and PHP name nested fields, and its confirmation, are hidden")
    func bracketedFieldNames() async throws {
        let text = try await SecretLeakProbeTests.recording(until: HTTPResponse.eventKind) { platform, _, reply in
            SecretLeakProbeTests.send(
                HTTPRequest(
                    method: "POST", url: "https://bank.test/users?auth[token]=opaque-tok-1717",
                    headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                    body: .text("user%5Bemail%5D=ada%40bank.test&user%5Bpassword%5D=Hx9%21k&user%5Bpassword_confirmation%5D=Hx9%21k&pin[]=4821")),
                on: platform, reply: reply)
        }
        #expect(!text.contains("Hx9") && !text.contains("opaque-tok-1717") && !text.contains("4821"), "\(text)")
        #expect(text.contains("user%5Bemail%5D=ada%40bank.test"), "\(text)")
    }

    @Test(
        "the result of a script that reads a secret — a stored token, a token property, the page's cookies — is hidden; other results stay",
        arguments: [
            ("localStorage.getItem('authToken')", JSONValue.string("opaque-tok-2020")),
            ("window.app.session.refreshToken;", "opaque-tok-2121"), (#"sessionStorage["pin"]"#, 4821),
            ("document.cookie", "sid=opaque-sess-2222; theme=dark"),
        ])
    func secretReadByScript(script: String, result: JSONValue) async throws {
        let page = SimulatedWebView { evaluated, _ in .success(evaluated == script ? result : "Ada Lovelace") }
        let recorder = Recorder(name: "read")
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        await MainActor.run {
            platform.webView.evaluateJavaScript(script) { _ in }
            platform.webView.evaluateJavaScript("localStorage.getItem('displayName')") { _ in }
        }
        try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 2)
        let text = SecretLeakHuntRecordingTests.written(recorder)
        for secret in ["opaque-tok-2020", "opaque-tok-2121", "4821", "opaque-sess-2222"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
        #expect(text.contains("Ada Lovelace"), "\(text)")
        // As a `Cookie` header's are: every value hidden, the names kept.
        if script == "document.cookie" { #expect(text.contains("sid=[REDACTED:1]; theme=[REDACTED:2]"), "\(text)") }
    }

    @Test("a password in a SOAP request and a token in a plist answer are hidden; other elements stay")
    func xmlElements() async throws {
        let soap = """
            <soap:Envelope><soap:Header><wsse:UsernameToken><wsse:Username>ada</wsse:Username>\
            <wsse:Password Type="PasswordText">opaque-pw-2323</wsse:Password></wsse:UsernameToken></soap:Header></soap:Envelope>
            """
        let plist = "<plist><dict><key>user</key><string>ada</string><key>refresh_token</key>\n  <string>opaque-tok-2424</string></dict></plist>"
        let text = try await SecretLeakProbeTests.recording(until: HTTPResponse.eventKind) { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/x-plist")], body: .text(plist))
        } act: { platform, _, reply in
            SecretLeakProbeTests.send(
                HTTPRequest(
                    method: "POST", url: "https://bank.test/soap", headers: [HTTPHeader("Content-Type", "text/xml")],
                    body: .bytes(Data(soap.utf8))),
                on: platform, reply: reply)
        }
        #expect(!text.contains("opaque-pw-2323") && !text.contains("opaque-tok-2424"), "\(text)")
        #expect(text.contains("<wsse:Username>ada</wsse:Username>") && text.contains("<string>ada</string>"), "\(text)")
    }

    @Test("temporary AWS keys, a PKCE verifier, a one-time code and a card's security code posted as JSON are hidden")
    func otherSecretNames() async throws {
        let body: JSONValue = [
            "Credentials": ["AccessKeyId": "ASIAEXAMPLEID", "SecretAccessKey": "wJalrXUtnFEMIK7MDENGbPxRfiCYzz12ab34cd56"],
            "code_verifier": "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "otp_code": "482913", "card": ["cvv": "737", "last4": "4242"],
            "promo_code": "SUMMER26", "country_code": "NZ",
        ]
        let text = try await SecretLeakProbeTests.recording(until: HTTPResponse.eventKind) { platform, _, reply in
            SecretLeakProbeTests.send(HTTPRequest(method: "POST", url: "https://bank.test/verify", body: .json(body)), on: platform, reply: reply)
        }
        for secret in ["wJalrXUtnFEMIK7", "dBjftJeZ4CVP", "482913", "737"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
        #expect(text.contains("SUMMER26") && text.contains("4242") && text.contains("NZ"), "\(text)")
    }

    @Test("URLs held in a message's strings and a text body are read as URL fields are, and what the recorder writes passes lint")
    func urlsInStrings() async throws {
        let state = #"{"id_token":"opaque-tok-3434"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let message: JSONValue = [
            "next": "https://bank.test/magic/4f9c2e8a7b3d1f6091c2a5e7d8b4f3a1", "route": "/invite/8f3a9c2e7b1d4f60",
            "back": "myapp://callback?code=opaque-code-3232", "state": .string("https://app.bank.test/cb?state=\(state)"),
        ]
        let page = SimulatedWebView()
        let recorder = Recorder(name: "strings")
        let server = ScriptedHTTPTransport { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/uri-list")], body: .text("https://bank.test/reset/ab12cd34ef56"))
        }
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server))
        let bridge = LeakProbeBridge(platform: platform) { platform, _, reply in
            SecretLeakProbeTests.send(HTTPRequest(url: "https://bank.test/links"), on: platform, reply: reply)
        }
        _ = try await page.postMessageAwaitingReply(message, to: "app", timeout: .seconds(60))
        try await recorder.waitForEvents(HTTPResponse.eventKind)
        withExtendedLifetime(bridge) {}
        let text = SecretLeakHuntRecordingTests.written(recorder)
        for secret in ["4f9c2e8a7b3d", "8f3a9c2e7b1d4f60", "opaque-code-3232", "3434", "ab12cd34ef56"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
        let bytes = try recorder.canonicalBytes(file: "strings.json")
        #expect(CassetteReader().lint(bytes, path: "strings.json").isEmpty)
    }

    @Test("recovery codes, a list of API keys and a map of secrets are hidden; token counts stay")
    func pluralNames() async throws {
        let body: JSONValue = [
            "recovery_codes": ["k3j9-22ab", "x8y7-99cd"], "backupCodes": ["55aa-66bb"],
            "api_keys": [["id": "k1", "value": "opaque-key-4545"]], "secrets": ["db": "opaque-pw-4646"],
            "usage": ["max_tokens": 1000, "total_tokens": 734],
        ]
        let text = try await SecretLeakProbeTests.recording(body, until: ScriptReply.eventKind) { _, _, reply in reply(.value(.null)) }
        for secret in ["k3j9", "x8y7", "55aa", "opaque-key-4545", "opaque-pw-4646"] {
            #expect(!text.contains(secret), "\(secret): \(text)")
        }
        #expect(text.contains("1000") && text.contains("734"), "\(text)")
    }

    @Test("a promo or error code in a URL stays readable")
    func ordinaryCodes() async throws {
        let urls = ["https://shop.test/cart?code=SUMMER26", "https://shop.test/error?code=404&reason=missing"]
        let text = try await SecretLeakProbeTests.navigationRecording(urls)
        for url in urls { #expect(text.contains(url), "\(url): \(text)") }
    }

    @Test("a secret in JSON held in a JSON string held in a string of a message is hidden")
    func doublyNestedJSON() async throws {
        let inner = #"{"user":"ada","password":"opaque-pw-9191"}"#
        let middle = CanonicalPrinter.compactText(.object(["kind": "login", "payload": .string(inner)]))
        let text = try await SecretLeakProbeTests.recording(["envelope": .string(middle)], until: ScriptReply.eventKind) { _, _, reply in
            reply(.value(.null))
        }
        #expect(!text.contains("opaque-pw-9191"), "\(text)")
    }

    @Test("a token in percent-encoded JSON a URL's query carries is hidden")
    func percentEncodedJSONInQuery() async throws {
        let state = #"{"return":"/home","access_token":"opaque-tok-9292"}"#
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let data = #"{"pin":4821,"page":"home"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let text = try await SecretLeakProbeTests.navigationRecording([
            "https://app.bank.test/cb?state=\(state)&x=1", "https://app.bank.test/beacon?data=\(data)",
        ])
        #expect(!text.contains("opaque-tok-9292") && !text.contains("9292") && !text.contains("4821"), "\(text)")
        #expect(text.contains("%2Fhome") && text.contains("%22page%22"), "\(text)")
    }

    @Test("a token in base64 JSON an OAuth state carries hides the state; a state without one stays")
    func base64JSONInQuery() async throws {
        func base64url(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let secret = base64url(#"{"returnTo":"/home","refresh_token":"opaque-tok-3131"}"#)
        let plain = base64url(#"{"returnTo":"/orders","nonce":"n-1"}"#)
        let text = try await SecretLeakProbeTests.navigationRecording([
            "https://app.bank.test/cb?state=\(secret)", "https://app.bank.test/login?state=\(plain)",
        ])
        #expect(!text.contains(secret) && text.contains("?state=[REDACTED:1]"), "\(text)")
        #expect(text.contains(plain), "\(text)")
    }
}

/// Navigates to the magic link the page posts, and logs the PIN it posts.
private struct MagicLinkFollower: ScriptMessageHandler {
    let platform: Platform
    let change: @Sendable (String) -> String

    init(platform: Platform, change: @escaping @Sendable (String) -> String = { $0 }) {
        self.platform = platform
        self.change = change
        platform.webView.add(self, name: "link")
    }

    func didReceive(_ message: ScriptMessage) {
        guard let token = message.body.objectValue?["token"]?.stringValue else { return }
        platform.webView.load(NavigationLoad(url: "https://bank.test/magic/\(change(token))"))
        platform.webView.evaluateJavaScript("console.log(\"ok pin: \(change("4821"))\")", completionHandler: nil)
    }
}

/// Reads the stored token when the page asks, and sends it as a bearer token.
private struct StoredTokenClient: ScriptMessageHandler {
    let platform: Platform

    init(platform: Platform) {
        self.platform = platform
        platform.webView.add(self, name: "sync")
    }

    func didReceive(_ message: ScriptMessage) {
        let platform = platform
        platform.webView.evaluateJavaScript("localStorage.getItem('authToken')") { result in
            guard case .success(.string(let token)) = result else { return }
            Task {
                _ = try? await platform.transport.send(
                    HTTPRequest(url: "https://api.bank.test/sync", headers: [HTTPHeader("Authorization", "Bearer \(token)")]))
            }
        }
    }
}

@Suite("Secret leak probes: gaps in reports")
struct SecretLeakProbeGapReportTests {
    static let token = "4f9c2e8a7b3d1f6091c2a5e7d8b4f3a1"

    @Test("an app that follows the magic link and logs the PIN it was given replays green from the cassette that hides them")
    func sameMagicLinkAndPIN() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "magic")
        let app = MagicLinkFollower(platform: recorder.platform(wrapping: .simulated(webView: page)))
        try page.postMessage(["token": .string(Self.token)], to: "link")
        try await recorder.waitForEvents(JavaScriptEvaluation.eventKind)
        withExtendedLifetime(app) {}
        let cassette = try CassetteReader().read(try recorder.canonicalBytes(file: "magic.json"), path: "magic.json")
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in MagicLinkFollower(platform: platform) }
        #expect(report.passed, "\(report)")
    }

    @Test("an app that sends the token it read from storage replays green; the cassette holds the token nowhere")
    func storedTokenRoundTrip() async throws {
        let page = SimulatedWebView { _, _ in .success("opaque-tok-3030") }
        let recorder = Recorder(name: "stored")
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }
        let app = StoredTokenClient(platform: recorder.platform(wrapping: .simulated(webView: page, transport: server)))
        try page.postMessage("go", to: "sync")
        try await recorder.waitForEvents(HTTPResponse.eventKind)
        withExtendedLifetime(app) {}
        let bytes = try recorder.canonicalBytes(file: "stored.json")
        #expect(!String(decoding: bytes, as: UTF8.self).contains("opaque-tok-3030"))
        let cassette = try CassetteReader().read(bytes, path: "stored.json")
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in StoredTokenClient(platform: platform) }
        #expect(report.passed, "\(report)")
    }

    @Test("an app that follows another magic link and logs another PIN shows neither in the report nor its trace")
    func otherMagicLinkAndPIN() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "magic")
        let app = MagicLinkFollower(platform: recorder.platform(wrapping: .simulated(webView: page)))
        try page.postMessage(["token": .string(Self.token)], to: "link")
        try await recorder.waitForEvents(JavaScriptEvaluation.eventKind)
        withExtendedLifetime(app) {}
        let cassette = try CassetteReader().read(try recorder.canonicalBytes(file: "magic.json"), path: "magic.json")
        let bytes = String(decoding: CassetteWriter.canonicalBytes(of: SecretLeakHuntRecordingTests.timeless(cassette)), as: UTF8.self)
        #expect(!bytes.contains(Self.token) && !bytes.contains("4821"), "\(bytes)")

        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            MagicLinkFollower(platform: platform) { $0 == "4821" ? "9090" : "0000aaaa1111bbbb2222cccc3333dddd" }
        }
        #expect(!report.passed)
        let shown = SecretLeakHuntReportTests.shown(report)
        #expect(!shown.contains("0000aaaa1111") && !shown.contains("9090"), "\(shown)")
    }
}

@Suite("Secret leak probes: gaps, what stays readable")
struct SecretLeakProbeGapReadableTests {
    @Test("an unquoted value after `name:` counts in a log line and as a number, not as code")
    func colonValues() {
        #expect(SecretLeakProbeReadableTests.members("{pin: 1234, otp:99} password: pw-1 token: t0k3n") == [
            "pin=1234", "otp=99", "password=pw-1", "token=t0k3n",
        ])
        #expect(SecretLeakProbeReadableTests.members(
            "login({password: pw, token: res.token, auth: true}); x = ok ? token : other1; password: string; {sid: null}"
        ).isEmpty)
    }

    @Test("an XML element's text is a secret only when the element, or a plist's key, is secret-named and holds text")
    func xmlElements() {
        #expect(SecretLeakProbeReadableTests.members(
            "<a:Token>t-1</a:Token><key>pin</key> <string>4821</string><Password/><session><id>7</id></session>"
        ) == ["Token=t-1", "pin=4821"])
        #expect(SecretLeakProbeReadableTests.members(
            "<title>Password</title><label for=pw>Token</label><key>theme</key><string>dark</string><p>token</p>"
        ).isEmpty)
    }

    @Test("a nested field is read by its last name in brackets; a password's hint or policy is no password")
    func fieldNames() {
        let names = SecretFieldNames.default
        for name in [
            "user[password]", "auth[token]", "pin[]", "user[password_confirmation]", "passwordConfirm", "password2", "pass", "pw",
            "SecretAccessKey", "code_verifier", "otp_code", "card[cvv]",
        ] {
            #expect(names.matches(name), "\(name)")
        }
        for name in [
            "user[email]", "password[hint]", "password_hint", "passwordPolicy", "token_type", "passes", "access_key", "code",
            "promo_code", "country_code", "status_code", "AccessKeyId",
        ] {
            #expect(!names.matches(name), "\(name)")
        }
    }

    @Test("a path segment is a token after a link word or a secret name, or by a random shape of 32 characters or more")
    func pathTokens() {
        func hidden(_ url: String) -> String {
            var placeholders = RedactionPlaceholders()
            return redactPathTokens(inURL: url, names: .default, &placeholders)
        }
        #expect(hidden("https://a.test/magic-link/ab12cd34ef") == "https://a.test/magic-link/[REDACTED:1]")
        #expect(hidden("/invite/ab12cd34ef?x=1#/reset/ab12cd34ef") == "/invite/[REDACTED:1]?x=1#/reset/[REDACTED:1]")
        #expect(hidden("https://a.test/x/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789/y") == "https://a.test/x/[REDACTED:1]/y")
        for url in [
            "https://a.test/x/abcdefghijklmnopqrstuvwxyz0123456789", "https://a.test/x/3f786850e387550fdab836ed7e6dc881de23001b",
            "https://a.test/invite/12345678", "https://a.test/verify/ABCDEFGHIJ", "https://a.test/x/AbCdEfGhIjKlMnOpQrSt0123",
        ] {
            #expect(hidden(url) == url)
        }
        // A `://` that stands after the query's start is no scheme's (found by the har fuzz target: it crashed).
        for url in ["?ttps://a.test/magic/ab12cd34ef", "#x://a.test/magic/ab12cd34ef", "?next=https://a.test/x"] {
            #expect(hidden(url) == url)
        }
    }
}

@Suite("Secret leak probes: gaps in lint")
struct SecretLeakProbeGapLintTests {
    @Test("lint flags what a script reading a stored token or the page's cookies was answered with, not another read")
    func readResults() {
        let cassette = Cassette(
            header: CassetteHeader(name: "old"),
            events: [
                Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "localStorage.getItem('authToken')")),
                Event(id: 2, at: 0, answers: 1, payload: JavaScriptResult(.value("opaque-tok-2020"))),
                Event(id: 3, at: 0, payload: JavaScriptEvaluation(script: "document.cookie")),
                Event(id: 4, at: 0, answers: 3, payload: JavaScriptResult(.value("sid=abcdef; theme=dark"))),
                Event(id: 5, at: 0, payload: JavaScriptEvaluation(script: "localStorage.getItem('displayName')")),
                Event(id: 6, at: 0, answers: 5, payload: JavaScriptResult(.value("Ada"))),
                Event(id: 7, at: 0, payload: JavaScriptEvaluation(script: "return window.app.session.token")),
                Event(id: 8, at: 0, answers: 7, payload: JavaScriptResult(.value("[REDACTED:1]"))),
            ])
        let secrets = SecretScanner.secrets(in: cassette)
        #expect(secrets.map(\.values) == [["opaque-tok-2020"], ["abcdef", "dark"]], "\(secrets.map(\.values))")
        #expect(secrets.first?.problem.message == "the result of a script reading 'authToken' looks like a secret; redact it")
    }

    @Test("the name a script reads is its last statement's key or property, not a call's")
    func namesRead() {
        let reads = [
            "localStorage.getItem('authToken')": "authToken", "Cookies.get(\"sid\");": "sid", #"sessionStorage["pin"]"#: "pin",
            "const s = load();\nreturn s.refresh_token": "refresh_token", "document.cookie": "cookie",
        ]
        for (script, name) in reads { #expect(ScriptLiterals.nameRead(byScript: script) == name, "\(script)") }
        for script in ["login('ada', 'x')", "track('token')", "a.token + 1", "x = y.token", "'token'"] {
            #expect(ScriptLiterals.nameRead(byScript: script) == nil, "\(script)")
        }
    }

    @Test("lint flags an unquoted colon value, a path token, an OAuth code and an answer to a prompt for a texted code")
    func gapShapes() {
        let frame = Frame.main("https://bank.test/")
        let cassette = Cassette(
            header: CassetteHeader(name: "old"),
            events: [
                Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "store.save({pin: 4821})")),
                Event(id: 2, at: 0, payload: NavigationLoad(url: "https://bank.test/magic/4f9c2e8a7b3d1f6091c2a5e7d8b4f3a1")),
                Event(id: 3, at: 0, payload: NavigationLoad(url: "myapp://callback?code=opaque-code-8282&state=s")),
                Event(id: 4, at: 0, payload: JavaScriptDialog(kind: .prompt, message: "Enter the code we texted you", frame: frame)),
                Event(id: 5, at: 0, cause: 4, payload: JavaScriptDialogAnswer.prompt("482913")),
                Event(id: 6, at: 0, payload: NavigationLoad(url: "https://shop.test/orders/550e8400-e29b-41d4-a716-446655440000?code=SUMMER26")),
                Event(id: 7, at: 0, payload: HTTPResponse(status: 302, headers: [HTTPHeader("Location", "/reset-password/8f3a9c2e7b1d4f60")])),
                Event(id: 8, at: 0, payload: NavigationLoad(url: "https://a.test/cb?state=%7B%22id_token%22%3A%22opaque-tok-9292%22%7D")),
                Event(id: 9, at: 0, payload: JavaScriptEvaluation(script: #"document.body.innerHTML = '<input type=password value=pw-9393>'"#)),
                Event(id: 10, at: 0, payload: HTTPRequest(method: "POST", url: "https://a.test/soap", body: .text("<x:Password>pw-2525</x:Password>"))),
                Event(id: 11, at: 0, payload: NavigationLoad(url: "https://a.test/cb?state=eyJ0b2tlbiI6InQtMjYyNiJ9")),
            ])
        let values = SecretScanner.secrets(in: cassette).map(\.values)
        #expect(
            values == [
                ["4821"], ["4f9c2e8a7b3d1f6091c2a5e7d8b4f3a1"], ["opaque-code-8282"], ["482913"], ["8f3a9c2e7b1d4f60"], ["opaque-tok-9292"],
                ["pw-9393"], ["pw-2525"], ["t-2626"],
            ], "\(values)")
    }
}
