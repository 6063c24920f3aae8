import Foundation
import HybridReplayTesting
import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recording HTTP and redirects")
struct RecordingHTTPTransportTests {
    static let ssoStart = "https://app.example.com/sso/start"
    static let home = "https://app.example.com/home"
    static let page = "<h1>Welcome back</h1>"

    /// A fresh copy of the seed's server: `/sso/start` answers 302 to `/home` and sets a session cookie.
    static func server() -> ScriptedHTTPTransport {
        ScriptedHTTPTransport { request in
            if request.urlString == ssoStart {
                return HTTPResponse(
                    status: 302,
                    headers: [
                        HTTPHeader("Location", home),
                        HTTPHeader("Set-Cookie", "session_id=s-7f3a9c; Path=/; Secure; HttpOnly"),
                    ])
            }
            return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html")], body: .text(page))
        }
    }

    @Test("records each redirect hop: the 302 answers its request and causes the cookie work and the next request")
    func redirectWithCookies() async throws {
        let recorder = stillRecorder(.none)
        let jar = InMemoryCookieStore()
        jar.setCookie(Cookie(name: "auth_token", value: "a-0001", domain: "app.example.com"))
        let platform = recorder.platform(wrapping: .simulated(transport: Self.server(), cookieStore: jar))

        try await RecordingApps.CookieLoader(platform: platform).load(Self.ssoStart)

        let auth = Cookie(name: "auth_token", value: "a-0001", domain: "app.example.com")
        let session = Cookie(name: "session_id", value: "s-7f3a9c", domain: "app.example.com")
        let redirect = HTTPResponse(
            status: 302,
            headers: [
                HTTPHeader("Location", Self.home), HTTPHeader("Set-Cookie", "session_id=s-7f3a9c; Path=/; Secure; HttpOnly"),
            ])
        let final = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html")], body: .text(Self.page))
        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: CookieStoreQuery(url: Self.ssoStart)),
                Event(id: 2, at: 0, answers: 1, payload: CookieStoreContents([auth])),
                Event(id: 3, at: 0, cause: 2, payload: HTTPRequest(url: Self.ssoStart, headers: [HTTPHeader("Cookie", "auth_token=a-0001")])),
                Event(id: 4, at: 0, answers: 3, payload: redirect),
                Event(id: 5, at: 0, cause: 4, payload: CookieStoreWrite(session)),
                Event(id: 6, at: 0, cause: 4, payload: CookieStoreQuery(url: Self.home)),
                Event(id: 7, at: 0, answers: 6, payload: CookieStoreContents([auth, session])),
                Event(
                    id: 8, at: 0, cause: 4,
                    payload: HTTPRequest(url: Self.home, headers: [HTTPHeader("Cookie", "auth_token=a-0001; session_id=s-7f3a9c")])),
                Event(id: 9, at: 0, answers: 8, payload: final),
                Event(id: 10, at: 0, cause: 9, payload: NavigationLoad(url: Self.ssoStart, body: .text(Self.page))),
            ])
        #expect(CassetteValidator.problems(in: recorder.cassette()).isEmpty)
    }

    @Test("records the hop a transport follows on its own when the app has no redirect delegate")
    func redirectWithoutDelegate() async throws {
        let recorder = stillRecorder(.none)
        let platform = recorder.platform(wrapping: .simulated(transport: Self.server(), cookieStore: InMemoryCookieStore()))

        let response = try await platform.transport.send(HTTPRequest(method: "POST", url: Self.ssoStart, body: .text("x")))

        #expect(response.status == 200)
        #expect(
            outline(recorder.events) == [
                "1 http.request: POST https://app.example.com/sso/start",
                "2 http.response answers 1: 302 → https://app.example.com/home set-cookie: session_id=s-7f3a9c; Path=/; Secure; HttpOnly",
                // 302 turns POST into GET, as the transport proposed.
                "3 http.request cause 2: GET https://app.example.com/home",
                "4 http.response answers 3: 200 (21 bytes of text)",
            ])
    }

    @Test("records a redirect the app refuses once, as the final response that causes what follows")
    func refusedRedirect() async throws {
        let recorder = stillRecorder(.none)
        let platform = recorder.platform(wrapping: .simulated(transport: Self.server(), cookieStore: InMemoryCookieStore()))
        let refuse = RefusingRedirects()

        let response = try await platform.transport.send(HTTPRequest(url: Self.ssoStart), redirectDelegate: refuse)
        platform.routes.show(NativeRoute(name: "login"))

        #expect(response.status == 302)
        #expect(
            outline(recorder.events) == [
                "1 http.request: GET https://app.example.com/sso/start",
                "2 http.response answers 1: 302 → https://app.example.com/home set-cookie: session_id=s-7f3a9c; Path=/; Secure; HttpOnly",
                "3 navigation.route cause 2: login {}",
            ])
    }

    @Test("records a transport error as an http.error answering the request, and passes it on")
    func transportError() async {
        let recorder = stillRecorder()
        let platform = recorder.platform(
            wrapping: .simulated(transport: RecordingApps.FailingTransport(), cookieStore: InMemoryCookieStore()))

        await #expect(throws: HTTPTransportError("connection refused")) {
            try await platform.transport.send(HTTPRequest(url: "https://down.example.com/"))
        }
        #expect(
            outline(recorder.events) == [
                "1 http.request: GET https://down.example.com/",
                "2 http.error answers 1: -1 NSURLErrorDomain: connection refused",
            ])
        #expect(CassetteValidator.problems(in: recorder.cassette()).isEmpty)
    }

    @Test("records requests through URLSession to a loopback server, redirect included")
    func urlSession() async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/start": { _ in .redirect(to: "/done", setting: ["sid=live-secret; Path=/"]) },
            "/done": { _ in .init(status: 200, headers: [("Content-Type", "text/plain")], body: Data("done".utf8)) },
        ])
        defer { server.shutdown() }
        let recorder = stillRecorder()
        let platform = recorder.platform(
            wrapping: .simulated(transport: URLSessionTransport(timeout: .seconds(10)), cookieStore: InMemoryCookieStore()))

        let response = try await platform.transport.send(HTTPRequest(url: "\(server.baseURL)/start"))

        #expect(response.status == 200)
        #expect(recorder.events.map(\.kind.description) == ["http.request", "http.response", "http.request", "http.response"])
        #expect(recorder.events.map(\.answers) == [nil, 1, nil, 3])
        #expect(recorder.events.map(\.cause) == [nil, nil, 2, nil])
        #expect(recorder.events[2].payload(as: HTTPRequest.self)?.urlString == "\(server.baseURL)/done")
        #expect(recorder.events[1].payload(as: HTTPResponse.self)?.headers.values(named: "Set-Cookie") == ["sid=[REDACTED:1]; Path=/"])
        #expect(SecretScanner.findings(in: recorder.cassette()).isEmpty)
    }
}

/// Stops at every redirect.
private struct RefusingRedirects: HTTPRedirectDelegate {
    func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest) async
        -> HTTPRequest?
    { nil }
}
