import Foundation
import HybridReplayTesting
import Testing

@testable import HybridReplay

@Suite("URLSessionTransport", .hangGuard(minutes: 1))
struct URLSessionTransportTests {
    /// The seed article's workaround as a redirect delegate: store the
    /// redirect's `Set-Cookie` headers, then send the jar's cookies for the new URL.
    private struct CookieSyncingDelegate: HTTPRedirectDelegate {
        let store: any CookieStore
        var addsCookies = true

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
            async -> HTTPRequest?
        {
            for header in response.headers.values(named: "Set-Cookie") {
                if let cookie = SetCookie.parse(header, requestURL: currentRequest.urlString, now: Date()) {
                    await store.setCookie(cookie)
                }
            }
            var request = newRequest
            if addsCookies, let cookies = SetCookie.cookieHeader(for: await store.cookies(for: newRequest.urlString)) {
                request.headers.append(HTTPHeader("Cookie", cookies))
            }
            return request
        }
    }

    /// Records each redirect and answers with a fixed decision.
    private final class ScriptedDelegate: HTTPRedirectDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [(response: HTTPResponse, proposed: HTTPRequest, original: HTTPRequest)] = []
        let decide: @Sendable (HTTPRequest) async -> HTTPRequest?

        init(decide: @escaping @Sendable (HTTPRequest) async -> HTTPRequest? = { $0 }) { self.decide = decide }

        var redirects: [(response: HTTPResponse, proposed: HTTPRequest, original: HTTPRequest)] {
            lock.withLock { seen }
        }

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
            async -> HTTPRequest?
        {
            lock.withLock { seen.append((response, newRequest, currentRequest)) }
            return await decide(newRequest)
        }
    }

    /// The SSO flow of the seed article: two redirects that each set a cookie, then a page that needs both.
    private static let ssoRoutes: [String: LoopbackHTTPServer.Route] = [
        "/sso/start": { _ in
            .redirect(
                to: "/step2",
                setting: ["session=s1; Path=/; HttpOnly", "theme=dark; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT"])
        },
        "/step2": { _ in .redirect(to: "home", setting: ["auth=a2; Path=/"]) },
        "/home": { request in .json(["cookie": request.header("Cookie"), "method": request.method]) },
    ]

    @discardableResult
    private func withServer<T>(
        _ routes: [String: LoopbackHTTPServer.Route] = ssoRoutes, _ body: (LoopbackHTTPServer) async throws -> T
    ) async throws -> T {
        let server = try LoopbackHTTPServer(routes: routes)
        let result: Result<T, any Error>
        do {
            result = .success(try await body(server))
        } catch {
            result = .failure(error)
        }
        await server.stop()
        return try result.get()
    }

    @Test("the seed's workaround: cookies set by each redirect reach the next hop")
    func workaroundCarriesCookies() async throws {
        try await withServer { server in
            let store = InMemoryCookieStore()
            let response = try await URLSessionTransport().send(
                HTTPRequest(url: server.baseURL + "/sso/start"), redirectDelegate: CookieSyncingDelegate(store: store))
            #expect(response.status == 200)
            #expect(response.body == .json(["cookie": "session=s1; theme=dark; auth=a2", "method": "GET"]))
            let arrived = server.requests.map { "\($0.path) \($0.header("Cookie") ?? "-")" }
            #expect(
                arrived == ["/sso/start -", "/step2 session=s1; theme=dark", "/home session=s1; theme=dark; auth=a2"])
            #expect(store.allCookies.map(\.name) == ["session", "theme", "auth"])
            #expect(store.allCookies.first?.domain == "127.0.0.1")
        }
    }

    @Test("without the workaround the server sees no cookie on any hop")
    func withoutWorkaround() async throws {
        try await withServer { server in
            let store = InMemoryCookieStore()
            let delegate = CookieSyncingDelegate(store: store, addsCookies: false)
            let response = try await URLSessionTransport().send(
                HTTPRequest(url: server.baseURL + "/sso/start"), redirectDelegate: delegate)
            #expect(response.body == .json(["cookie": nil, "method": "GET"]))
            #expect(server.requests.map { $0.header("Cookie") } == [nil, nil, nil])
            #expect(store.allCookies.count == 3)
        }
    }

    @Test("without a delegate redirects are followed and the session stores no cookies of its own")
    func noDelegate() async throws {
        try await withServer { server in
            let transport = URLSessionTransport()
            for _ in 0..<2 {
                let response = try await transport.send(HTTPRequest(url: server.baseURL + "/sso/start"))
                #expect(response.body == .json(["cookie": nil, "method": "GET"]))
            }
            #expect(server.requests.map(\.path) == ["/sso/start", "/step2", "/home", "/sso/start", "/step2", "/home"])
            #expect(server.requests.allSatisfy { $0.header("Cookie") == nil })
        }
    }

    @Test("the delegate sees each 3xx with every Set-Cookie, the Fetch proposal and the request it answers")
    func delegateSeesHops() async throws {
        try await withServer { server in
            let delegate = ScriptedDelegate()
            let first = HTTPRequest(url: server.baseURL + "/sso/start", headers: [HTTPHeader("Cookie", "stale=1")])
            _ = try await URLSessionTransport().send(first, redirectDelegate: delegate)
            let hops = delegate.redirects
            try #require(hops.count == 2)
            #expect(hops[0].response.status == 302)
            #expect(hops[0].response.headers.values(named: "Location") == ["/step2"])
            #expect(
                hops[0].response.headers.values(named: "Set-Cookie") == [
                    "session=s1; Path=/; HttpOnly", "theme=dark; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT",
                ])
            #expect(hops[0].original == first)
            #expect(hops[0].proposed == HTTPRequest(url: server.baseURL + "/step2"))
            #expect(hops[1].original == hops[0].proposed)
            #expect(hops[1].response.headers.values(named: "Set-Cookie") == ["auth=a2; Path=/"])
            #expect(server.requests[0].header("Cookie") == "stale=1")
            #expect(server.requests[1].header("Cookie") == nil)
        }
    }

    @Test("a delegate that returns nil gets the 302 itself")
    func delegateStops() async throws {
        try await withServer { server in
            let response = try await URLSessionTransport().send(
                HTTPRequest(url: server.baseURL + "/sso/start"), redirectDelegate: ScriptedDelegate { _ in nil })
            #expect(response.status == 302)
            #expect(response.headers.values(named: "Location") == ["/step2"])
            #expect(response.headers.values(named: "Set-Cookie").count == 2)
            #expect(server.requests.map(\.path) == ["/sso/start"])
        }
    }

    @Test("a redirect loop fails after 20 hops", arguments: [false, true])
    func tooManyRedirects(withDelegate: Bool) async throws {
        try await withServer(["/loop": { _ in .redirect(to: "/loop") }]) { server in
            let delegate = withDelegate ? ScriptedDelegate() : nil
            await #expect(throws: HTTPTransportError.tooManyRedirects) {
                try await URLSessionTransport().send(
                    HTTPRequest(url: server.baseURL + "/loop"), redirectDelegate: delegate)
            }
            #expect(server.requests.count == 21)
            if let delegate { #expect(delegate.redirects.count == 20) }
        }
    }

    @Test("a 303 after a POST arrives as a GET without the body")
    func seeOther() async throws {
        let routes: [String: LoopbackHTTPServer.Route] = [
            "/post": { _ in .redirect(303, to: "/home") },
            "/home": { request in .json(["cookie": request.header("Cookie"), "method": request.method]) },
        ]
        try await withServer(routes) { server in
            let response = try await URLSessionTransport().send(
                HTTPRequest(
                    method: "POST", url: server.baseURL + "/post", headers: [HTTPHeader("Content-Type", "text/plain")],
                    body: .text("name=ada")))
            #expect(response.body == .json(["cookie": nil, "method": "GET"]))
            #expect(server.requests[0].body == Data("name=ada".utf8))
            #expect(server.requests[1].method == "GET")
            #expect(server.requests[1].body.isEmpty)
            #expect(server.requests[1].header("Content-Type") == nil)
        }
    }

    @Test("a 307 after a POST arrives with its method and body, which FoundationNetworking alone would drop")
    func temporaryRedirectKeepsBody() async throws {
        let routes: [String: LoopbackHTTPServer.Route] = [
            "/submit": { _ in .redirect(307, to: "/submitted", setting: ["seen=1"]) },
            "/submitted": { request in
                .json([
                    "method": request.method, "body": String(decoding: request.body, as: UTF8.self),
                    "cookie": request.header("Cookie"),
                ])
            },
        ]
        try await withServer(routes) { server in
            let response = try await URLSessionTransport().send(
                HTTPRequest(
                    method: "POST", url: server.baseURL + "/submit",
                    headers: [HTTPHeader("Content-Type", "application/json")], body: .json(["n": 1])),
                redirectDelegate: CookieSyncingDelegate(store: InMemoryCookieStore()))
            #expect(response.body == .json(["method": "POST", "body": "{\"n\":1}", "cookie": "seen=1"]))
            #expect(server.requests.map { $0.header("Content-Type") } == ["application/json", "application/json"])
        }
    }

    @Test("bodies come back as JSON, text or bytes by content type and content")
    func bodies() async throws {
        let routes: [String: LoopbackHTTPServer.Route] = [
            "/json": { _ in .json(["a": [1, 2]]) },
            "/bad-json": { _ in
                LoopbackHTTPServer.Response(
                    status: 200, headers: [("Content-Type", "application/json")], body: Data("{oops".utf8))
            },
            "/text": { _ in
                LoopbackHTTPServer.Response(
                    status: 200, headers: [("Content-Type", "text/plain")], body: Data("héllo".utf8))
            },
            "/bytes": { _ in LoopbackHTTPServer.Response(status: 200, body: Data([0xFF, 0x00, 0xFE])) },
            "/empty": { _ in LoopbackHTTPServer.Response(status: 204) },
        ]
        try await withServer(routes) { server in
            let transport = URLSessionTransport()
            let expected: [(path: String, body: HTTPBody?)] = [
                ("/json", .json(["a": [1, 2]])), ("/bad-json", .text("{oops")), ("/text", .text("héllo")),
                ("/bytes", .bytes(Data([0xFF, 0x00, 0xFE]))), ("/empty", nil),
            ]
            for (path, body) in expected {
                let response = try await transport.send(HTTPRequest(url: server.baseURL + path))
                #expect(response.body == body, "\(path)")
            }
        }
    }

    @Test("request headers arrive, several Cookie headers joined into one")
    func requestHeaders() async throws {
        try await withServer(["/home": { _ in .json([:]) }]) { server in
            let request = HTTPRequest(
                url: server.baseURL + "/home",
                headers: [HTTPHeader("X-Trace", "t1"), HTTPHeader("Cookie", "a=1"), HTTPHeader("Cookie", "b=2")])
            _ = try await URLSessionTransport().send(request)
            #expect(server.requests.first?.header("X-Trace") == "t1")
            #expect(server.requests.first?.header("Cookie") == "a=1; b=2")
        }
    }

    @Test("a redirect delegate slower than the timeout fails the send instead of crashing FoundationNetworking")
    func slowDelegate() async throws {
        try await withServer { server in
            // The delegate decides only once the test is over: the timeout alone can end the send.
            let (release, released) = AsyncStream<Void>.makeStream()
            defer { released.finish() }
            let delegate = ScriptedDelegate { request in
                for await _ in release {}
                return request
            }
            let transport = URLSessionTransport(timeout: .milliseconds(300))
            await #expect {
                try await transport.send(HTTPRequest(url: server.baseURL + "/sso/start"), redirectDelegate: delegate)
            } throws: { error in
                let error = error as? HTTPTransportError
                return error?.message.hasPrefix("timed out after") == true && error?.code == HTTPTransportError.Code.timedOut
                    && error?.domain == "NSURLErrorDomain"
            }
            #expect(server.requests.map(\.path) == ["/sso/start"])
        }
    }

    @Test("a server that does not answer in time fails with a timeout")
    func slowServer() async throws {
        let hold = ResponseHold()
        try await withServer([
            "/slow": { _ in
                hold.wait()
                return .json([:])
            }
        ]) { server in
            defer { hold.release() }
            await #expect {
                try await URLSessionTransport(timeout: .milliseconds(100)).send(
                    HTTPRequest(url: server.baseURL + "/slow"))
            } throws: { error in
                // FoundationNetworking counts whole seconds, so the transport rounds its timeout up.
                #if canImport(FoundationNetworking)
                let limit = "1 s"
                #else
                let limit = "100 ms"
                #endif
                return error as? HTTPTransportError
                    == HTTPTransportError("timed out after \(limit)", code: HTTPTransportError.Code.timedOut)
            }
        }
    }

    @Test("a sub-second timeout is rounded up to a whole second where FoundationNetworking would truncate it")
    func timeoutRounding() {
        #if canImport(FoundationNetworking)
        #expect(URLSessionTransport(timeout: .milliseconds(300)).timeout == .seconds(1))
        #expect(URLSessionTransport(timeout: .milliseconds(1500)).timeout == .seconds(2))
        #else
        #expect(URLSessionTransport(timeout: .milliseconds(300)).timeout == .milliseconds(300))
        #endif
        #expect(URLSessionTransport(timeout: .seconds(7)).timeout == .seconds(7))
    }

    @Test("a refused connection, a bad URL and a GET with a body fail with what went wrong and its URLError code")
    func failures() async throws {
        let refusing = try RefusingPort()
        defer { refusing.release() }
        let transport = URLSessionTransport(timeout: .seconds(5))
        await #expect(
            throws: HTTPTransportError(
                "cannot connect to the host (connection refused?)", code: HTTPTransportError.Code.cannotConnectToHost,
                domain: "NSURLErrorDomain")
        ) {
            try await transport.send(HTTPRequest(url: refusing.baseURL + "/"))
        }
        await #expect(
            throws: HTTPTransportError("not an absolute http or https URL", code: HTTPTransportError.Code.unsupportedURL)
        ) {
            try await transport.send(HTTPRequest(url: "file:///etc/hosts"))
        }
        await #expect(throws: HTTPTransportError("a GET request cannot have a body")) {
            try await transport.send(HTTPRequest(url: "http://127.0.0.1/", body: .text("x")))
        }
    }

    @Test("cancelling the sending task fails the send as cancelled")
    func cancellation() async throws {
        let hold = ResponseHold()
        try await withServer([
            "/slow": { _ in
                hold.wait()
                return .json([:])
            }
        ]) { server in
            defer { hold.release() }
            let transport = URLSessionTransport()
            let sending = Task { try await transport.send(HTTPRequest(url: server.baseURL + "/slow")) }
            // The request is on the wire and its answer held: only cancelling can end the send.
            try await server.waitForRequests(1)
            sending.cancel()
            await #expect(throws: HTTPTransportError.cancelled) { try await sending.value }
            #expect(HTTPTransportError.cancelled.code == -999)
        }
    }

    @Test("cancelling the sending task while the redirect delegate decides fails the send as cancelled, and its late answer is dropped")
    func cancellationWhileDeciding() async throws {
        try await withServer { server in
            let (deciding, decidingStarted) = AsyncStream<Void>.makeStream()
            let (release, released) = AsyncStream<Void>.makeStream()
            let delegate = ScriptedDelegate { request in
                decidingStarted.yield()
                for await _ in release {}
                return request
            }
            let sending = Task {
                try await URLSessionTransport().send(
                    HTTPRequest(url: server.baseURL + "/sso/start"), redirectDelegate: delegate)
            }
            for await _ in deciding { break }
            sending.cancel()
            await #expect(throws: HTTPTransportError.cancelled) { try await sending.value }
            #expect(server.requests.map(\.path) == ["/sso/start"])
            released.finish()
        }
    }
}
