import Foundation
import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recorder redaction")
struct RecorderRedactionTests {
    @Test("gives a cookie the same placeholder across redirect hops and the cookie store, while the server sees real values")
    func redirectCorrelation() async throws {
        let recorder = stillRecorder()
        let jar = InMemoryCookieStore()
        jar.setCookie(Cookie(name: "auth_token", value: "a-91f0c2d4", domain: "app.example.com"))
        let server = RecordingHTTPTransportTests.server()
        let platform = recorder.platform(wrapping: .simulated(transport: server, cookieStore: jar))

        try await RecordingApps.CookieLoader(platform: platform).load(RecordingHTTPTransportTests.ssoStart)

        let events = recorder.events
        let cookieHeaders = events.compactMap { $0.payload(as: HTTPRequest.self)?.headers.values(named: "Cookie").first }
        #expect(cookieHeaders == ["auth_token=[REDACTED:1]", "auth_token=[REDACTED:1]; session_id=[REDACTED:2]"])
        #expect(
            events[3].payload(as: HTTPResponse.self)?.headers.values(named: "Set-Cookie")
                == ["session_id=[REDACTED:2]; Path=/; Secure; HttpOnly"])
        #expect(events[4].payload(as: CookieStoreWrite.self)?.cookie.value == "[REDACTED:2]")
        #expect(events[6].payload(as: CookieStoreContents.self)?.cookies.map(\.value) == ["[REDACTED:1]", "[REDACTED:2]"])
        #expect(
            server.requests.suffix(2).map { $0.headers.values(named: "Cookie") }
                == [["auth_token=a-91f0c2d4"], ["auth_token=a-91f0c2d4; session_id=s-7f3a9c"]])
        #expect(jar.allCookies.map(\.value) == ["a-91f0c2d4", "s-7f3a9c"])
        #expect(SecretScanner.findings(in: recorder.cassette()).isEmpty)
    }

    @Test("leaves nothing for the secret scanner in a login session redacted with configured rules")
    func loginSession() async throws {
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhdmVyeSJ9.c2lnbmF0dXJlLXZhbHVl"
        let server = ScriptedHTTPTransport { request in
            if request.urlString.hasSuffix("/token") {
                return HTTPResponse(status: 200, body: .json(["access_token": .string(token), "expires_in": 3600]))
            }
            return HTTPResponse(status: 200, body: .json(["name": "Avery"]))
        }
        let redacted = try await Self.login(
            redaction: .default + .jsonField("password") + .jsonField("access_token") + .queryItem("token"),
            server: server)
        let plain = try await Self.login(redaction: .none, server: server)

        #expect(SecretScanner.findings(in: redacted.cassette()).isEmpty)
        #expect(SecretScanner.findings(in: plain.cassette()).count >= 4)
        let events = redacted.events
        #expect(events[0].payload(as: ScriptMessage.self)?.body.objectValue?["password"] == "[REDACTED:1]")
        #expect(events[1].payload(as: HTTPRequest.self)?.body == .json(["username": "avery@example.com", "password": "[REDACTED:1]"]))
        #expect(events[2].payload(as: HTTPResponse.self)?.body == .json(["access_token": "[REDACTED:2]", "expires_in": 3600]))
        let profile = events[3].payload(as: HTTPRequest.self)
        #expect(profile?.urlString == "https://api.example.com/me?token=[REDACTED:2]&v=1")
        #expect(profile?.headers == [HTTPHeader("Authorization", "Bearer [REDACTED:2]")])
        #expect(events.last?.payload(as: ScriptReply.self)?.outcome == .value(["signedIn": true, "name": "Avery"]))
        #expect(
            redacted.cassette().header.redactions == [
                "header:Cookie", "header:Set-Cookie", "header:Authorization", "header:Proxy-Authorization", "cookie:*",
                "fields:secret-names", "url:userinfo", "shapes:credentials", "body:password", "body:access_token", "query:token",
            ])
    }

    /// Records the login bridge signing in with `redaction`.
    private static func login(redaction: Redaction, server: ScriptedHTTPTransport) async throws -> Recorder {
        let recorder = stillRecorder(redaction)
        let page = SimulatedWebView()
        let tasks = AppTasks()
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server, cookieStore: InMemoryCookieStore()))
        platform.webView.add(LoginBridge(platform: platform, tasks: tasks), name: "login")
        let reply = try await page.postMessageAwaitingReply(["username": "avery@example.com", "password": "hunter2"], to: "login")
        #expect(reply == .value(["signedIn": true, "name": "Avery"]))
        await tasks.settle()
        return recorder
    }
}

/// Exchanges credentials for a token, fetches the profile with it, and replies.
private struct LoginBridge: ScriptMessageHandlerWithReply {
    let platform: Platform
    let tasks: AppTasks

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        tasks.start { [platform] in
            let exchange = HTTPRequest(method: "POST", url: "https://api.example.com/token", body: .json(message.body))
            guard let response = try? await platform.transport.send(exchange),
                case .json(let json)? = response.body, let token = json.objectValue?["access_token"]?.stringValue
            else { return replyHandler(.error("sign-in failed")) }
            let profile = HTTPRequest(
                url: "https://api.example.com/me?token=\(token)&v=1", headers: [HTTPHeader("Authorization", "Bearer \(token)")])
            guard case .json(let me)? = try? await platform.transport.send(profile).body else {
                return replyHandler(.error("no profile"))
            }
            replyHandler(.value(["signedIn": true, "name": me.objectValue?["name"] ?? .null]))
        }
    }
}
