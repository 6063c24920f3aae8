import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import Testing

@Suite("CookieRedirectLoader")
struct CookieRedirectLoaderTests {
    /// 2026-11-30T00:00:00Z, for the jar's expiry checks and the loader's `Max-Age`.
    private static let now = ReferenceContract.suiteDate

    /// A server that answers each URL from `pages`, and 404 for anything else.
    private static func server(_ pages: [String: HTTPResponse]) -> ScriptedHTTPTransport {
        ScriptedHTTPTransport { request in pages[request.urlString] ?? HTTPResponse(status: 404) }
    }

    private static func redirect(to location: String, setting cookies: String...) -> HTTPResponse {
        HTTPResponse(
            status: 302, headers: [HTTPHeader("Location", location)] + cookies.map { HTTPHeader("Set-Cookie", $0) })
    }

    private static func jar(_ cookies: Cookie...) -> InMemoryCookieStore {
        let jar = InMemoryCookieStore(now: { now })
        for cookie in cookies { jar.setCookie(cookie) }
        return jar
    }

    private static let auth = Cookie(name: "auth", value: "token", domain: "app.example.com")

    private static func loader(_ webView: SimulatedWebView, _ transport: any HTTPTransport, _ jar: InMemoryCookieStore)
        -> CookieRedirectLoader
    {
        CookieRedirectLoader(webView: webView, transport: transport, cookieStore: jar, now: { now })
    }

    /// The `Cookie` headers of each request the transport sent.
    private static func cookieHeaders(_ transport: ScriptedHTTPTransport) -> [[String]] {
        transport.requests.map { $0.headers.values(named: "Cookie") }
    }

    @Test("on a platform, Max-Age counts from the platform's wall clock, and the jar expires by it too")
    func maxAgeFromPlatformWallClock() async throws {
        let date = try #require(RFC3339.date("2031-05-01T08:00:00Z"))
        let webView = SimulatedWebView()
        let transport = Self.server([
            "https://app.example.com/login": Self.redirect(to: "https://app.example.com/home", setting: "session=s1; Max-Age=60"),
            "https://app.example.com/home": HTTPResponse(status: 200, body: .text("home")),
        ])
        let platform = Platform.simulated(webView: webView, transport: transport, wallClock: .fixed(date))
        await CookieRedirectLoader(platform: platform).load(HTTPRequest(url: "https://app.example.com/login"))
        let stored = await platform.cookieStore.cookies(for: "https://app.example.com/home")
        #expect(stored.map(\.expires) == ["2031-05-01T08:01:00Z"])
        #expect(Self.cookieHeaders(transport) == [[], ["session=s1"]])
    }

    @Test("a cookie whose Max-Age has passed by the platform's date is not sent")
    func expiredByPlatformDate() async throws {
        let clock = ManualClock()
        let transport = Self.server([
            "https://app.example.com/login": HTTPResponse(status: 200, headers: [HTTPHeader("Set-Cookie", "session=s1; Max-Age=60")]),
            "https://app.example.com/home": HTTPResponse(status: 200),
        ])
        let platform = Platform.simulated(transport: transport, clock: clock)
        let loader = CookieRedirectLoader(platform: platform)
        await loader.load(HTTPRequest(url: "https://app.example.com/login"))
        clock.advance(by: .seconds(61))
        await loader.load(HTTPRequest(url: "https://app.example.com/home"))
        #expect(Self.cookieHeaders(transport) == [[], []])
    }

    @Test("puts the jar's cookies on the first request and keeps its other headers")
    func firstRequestCarriesJar() async throws {
        let webView = SimulatedWebView()
        let transport = Self.server(["https://app.example.com/": HTTPResponse(status: 200, body: .text("home"))])
        let jar = Self.jar(Self.auth, Cookie(name: "theme", value: "dark", domain: ".example.com"))
        let request = HTTPRequest(url: "https://app.example.com/", headers: [HTTPHeader("Accept", "text/html")])
        let response = await Self.loader(webView, transport, jar).load(request)

        #expect(response == HTTPResponse(status: 200, body: .text("home")))
        #expect(
            transport.requests == [
                HTTPRequest(
                    url: "https://app.example.com/",
                    headers: [HTTPHeader("Accept", "text/html"), HTTPHeader("Cookie", "auth=token; theme=dark")])
            ])
        #expect(webView.loads == [NavigationLoad(url: "https://app.example.com/", body: .text("home"))])
    }

    @Test("keeps the caller's Cookie headers on the first request as one, with the jar's cookies after them")
    func keepsCallerCookieHeader() async throws {
        let pages = ["https://app.example.com/": HTTPResponse(status: 200)]
        let request = HTTPRequest(
            url: "https://app.example.com/",
            headers: [
                HTTPHeader("Accept", "text/html"), HTTPHeader("Cookie", "device=d1"), HTTPHeader("X-Trace", "t"),
                HTTPHeader("cookie", " lang=en "),
            ])

        let withJar = Self.server(pages)
        await Self.loader(SimulatedWebView(), withJar, Self.jar(Self.auth)).load(request)
        #expect(
            withJar.requests.map(\.headers) == [
                [
                    HTTPHeader("Accept", "text/html"), HTTPHeader("Cookie", "device=d1; lang=en; auth=token"),
                    HTTPHeader("X-Trace", "t"),
                ]
            ])

        let emptyJar = Self.server(pages)
        await Self.loader(SimulatedWebView(), emptyJar, Self.jar()).load(request)
        #expect(Self.cookieHeaders(emptyJar) == [["device=d1; lang=en"]])
    }

    @Test("sends the caller's cookie instead of the jar's of the same name, and no Cookie header when both are empty")
    func callerCookieWinsOverJar() async throws {
        let pages = ["https://app.example.com/": HTTPResponse(status: 200)]
        let jar = Self.jar(Self.auth, Cookie(name: "theme", value: "dark", domain: "app.example.com"))

        let fresher = Self.server(pages)
        await Self.loader(SimulatedWebView(), fresher, jar).load(
            HTTPRequest(url: "https://app.example.com/", headers: [HTTPHeader("Cookie", "auth=fresh; Theme=x; flag")]))
        // Names are case-sensitive, and a nameless `flag` clashes with nothing.
        #expect(Self.cookieHeaders(fresher) == [["auth=fresh; Theme=x; flag; theme=dark"]])

        let blank = Self.server(pages)
        await Self.loader(SimulatedWebView(), blank, Self.jar()).load(
            HTTPRequest(url: "https://app.example.com/", headers: [HTTPHeader("Cookie", "  ")]))
        #expect(blank.requests.map(\.headers) == [[]])
    }

    @Test("sends only the jar's cookies after a redirect, not the caller's")
    func callerCookieStaysOnFirstRequest() async throws {
        let transport = Self.server([
            "https://app.example.com/start": Self.redirect(to: "/home", setting: "step=1; Path=/"),
            "https://app.example.com/home": HTTPResponse(status: 200),
        ])
        await Self.loader(SimulatedWebView(), transport, Self.jar(Self.auth)).load(
            HTTPRequest(url: "https://app.example.com/start", headers: [HTTPHeader("Cookie", "device=d1")]))
        #expect(Self.cookieHeaders(transport) == [["device=d1; auth=token"], ["auth=token; step=1"]])
    }

    /// A redirect delegate that puts a stale `Cookie` header on every proposed request.
    private struct StaleCookieTransport: HTTPTransport {
        let base: ScriptedHTTPTransport

        func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?)
            async throws(HTTPTransportError) -> HTTPResponse
        {
            try await base.send(request, redirectDelegate: redirectDelegate.map(Stale.init))
        }

        private struct Stale: HTTPRedirectDelegate {
            let base: any HTTPRedirectDelegate

            func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
                async -> HTTPRequest?
            {
                var stale = newRequest
                stale.headers.append(HTTPHeader("Cookie", "device=d1"))
                return await base.willPerformRedirection(response, newRequest: stale, currentRequest: currentRequest)
            }
        }
    }

    @Test("replaces a Cookie header a transport left on a redirected request with the jar's")
    func replacesCookieOnRedirect() async throws {
        let transport = Self.server([
            "https://app.example.com/start": Self.redirect(to: "https://other.example.org/next"),
            "https://other.example.org/next": HTTPResponse(status: 200),
        ])
        await Self.loader(SimulatedWebView(), StaleCookieTransport(base: transport), Self.jar(Self.auth)).load(
            HTTPRequest(url: "https://app.example.com/start"))
        #expect(Self.cookieHeaders(transport) == [["auth=token"], []])
    }

    @Test("follows 302 → 302 → 200, storing each hop's Set-Cookie and sending the jar on the next")
    func followsRedirectChain() async throws {
        let webView = SimulatedWebView()
        let transport = Self.server([
            "https://app.example.com/start": Self.redirect(to: "/step", setting: "hop1=a; Path=/"),
            "https://app.example.com/step": Self.redirect(
                to: "https://app.example.com/final", setting: "hop2=b; Path=/"),
            "https://app.example.com/final": HTTPResponse(
                status: 200, headers: [HTTPHeader("Set-Cookie", "done=c; Path=/")], body: .text("<h1>Welcome</h1>")),
        ])
        let jar = Self.jar(Self.auth)
        let response = await Self.loader(webView, transport, jar).load(
            HTTPRequest(url: "https://app.example.com/start", headers: [HTTPHeader("Accept", "text/html")]))

        #expect(response?.status == 200)
        #expect(
            transport.requests.map(\.urlString) == [
                "https://app.example.com/start", "https://app.example.com/step", "https://app.example.com/final",
            ])
        #expect(
            Self.cookieHeaders(transport) == [["auth=token"], ["auth=token; hop1=a"], ["auth=token; hop1=a; hop2=b"]])
        #expect(transport.requests.allSatisfy { $0.headers.values(named: "Accept") == ["text/html"] })
        #expect(
            webView.loads == [NavigationLoad(url: "https://app.example.com/final", body: .text("<h1>Welcome</h1>"))])
        #expect(jar.allCookies.map(\.name) == ["auth", "hop1", "hop2", "done"])
    }

    @Test("turns a POST answered by 303 into a GET without its body")
    func seeOtherBecomesGet() async throws {
        let webView = SimulatedWebView()
        let transport = Self.server([
            "https://app.example.com/login": HTTPResponse(
                status: 303,
                headers: [HTTPHeader("Location", "/home"), HTTPHeader("Set-Cookie", "session=s1; Path=/; HttpOnly")]),
            "https://app.example.com/home": HTTPResponse(status: 200, body: .text("hello ada")),
        ])
        let login = HTTPRequest(
            method: "POST", url: "https://app.example.com/login",
            headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: .text("user=ada&pass=x"))
        await Self.loader(webView, transport, Self.jar()).load(login)

        let follow = try #require(transport.requests.last)
        #expect(transport.requests.count == 2)
        #expect(
            follow
                == HTTPRequest(
                    method: "GET", url: "https://app.example.com/home", headers: [HTTPHeader("Cookie", "session=s1")]))
        #expect(webView.loads == [NavigationLoad(url: "https://app.example.com/home", body: .text("hello ada"))])
    }

    @Test("keeps the method and body across a 307")
    func temporaryRedirectKeepsPost() async throws {
        let transport = Self.server([
            "https://app.example.com/a": HTTPResponse(status: 307, headers: [HTTPHeader("Location", "/b")]),
            "https://app.example.com/b": HTTPResponse(status: 200),
        ])
        await Self.loader(SimulatedWebView(), transport, Self.jar(Self.auth)).load(
            HTTPRequest(method: "POST", url: "https://app.example.com/a", body: .text("x=1")))
        #expect(transport.requests.map(\.method) == ["POST", "POST"])
        #expect(transport.requests.map(\.body) == [.text("x=1"), .text("x=1")])
        #expect(Self.cookieHeaders(transport) == [["auth=token"], ["auth=token"]])
    }

    @Test("keeps Authorization on a same-origin hop and drops it on a hop to another origin")
    func authorizationStaysOnOrigin() async throws {
        let transport = Self.server([
            "https://app.example.com/reports/latest": Self.redirect(to: "/reports/2026-11"),
            "https://app.example.com/reports/2026-11": Self.redirect(to: "https://files.example.net/2026-11.csv"),
            "https://files.example.net/2026-11.csv": HTTPResponse(status: 200),
        ])
        await Self.loader(SimulatedWebView(), transport, Self.jar(Self.auth)).load(
            HTTPRequest(
                url: "https://app.example.com/reports/latest",
                headers: [HTTPHeader("Authorization", "Bearer t0k"), HTTPHeader("Accept", "text/csv")]))
        let authorizations = transport.requests.map { $0.headers.values(named: "Authorization") }
        #expect(authorizations == [["Bearer t0k"], ["Bearer t0k"], []])
        #expect(Self.cookieHeaders(transport) == [["auth=token"], ["auth=token"], []])
        #expect(transport.requests.allSatisfy { $0.headers.values(named: "Accept") == ["text/csv"] })
    }

    @Test("leaves behind a cookie whose Path does not match the next hop")
    func pathMismatchStaysBehind() async throws {
        let transport = Self.server([
            "https://app.example.com/auth/login": Self.redirect(
                to: "/home", setting: "sid=1", "admin=1; Path=/admin", "all=1; Path=/"),
            "https://app.example.com/home": Self.redirect(to: "/auth/done"),
            "https://app.example.com/auth/done": HTTPResponse(status: 200),
        ])
        let jar = Self.jar()
        await Self.loader(SimulatedWebView(), transport, jar).load(
            HTTPRequest(url: "https://app.example.com/auth/login"))

        // `sid` has no Path, so it gets the login URL's directory, /auth.
        #expect(Self.cookieHeaders(transport) == [[], ["all=1"], ["sid=1; all=1"]])
        #expect(jar.allCookies.first { $0.name == "sid" }?.path == "/auth")
    }

    @Test("leaves behind a cookie whose Domain does not match the next hop")
    func domainMismatchStaysBehind() async throws {
        let webView = SimulatedWebView()
        let transport = Self.server([
            "https://app.example.com/start": Self.redirect(
                to: "https://cdn.example.com/assets", setting: "host=1; Path=/", "wide=1; Domain=example.com; Path=/",
                "foreign=1; Domain=example.net; Path=/"),
            "https://cdn.example.com/assets": Self.redirect(to: "https://partner.example.net/landing"),
            "https://partner.example.net/landing": HTTPResponse(status: 200, body: .text("partner")),
        ])
        let jar = Self.jar(Self.auth)
        await Self.loader(webView, transport, jar).load(HTTPRequest(url: "https://app.example.com/start"))

        #expect(Self.cookieHeaders(transport) == [["auth=token"], ["wide=1"], []])
        #expect(!jar.allCookies.contains { $0.name == "foreign" }, "a Domain the host does not match is rejected")
        #expect(webView.loads == [NavigationLoad(url: "https://partner.example.net/landing", body: .text("partner"))])
    }

    @Test("does not send a Secure cookie to an http hop")
    func secureStaysOnHTTPS() async throws {
        let transport = Self.server([
            "https://app.example.com/start": Self.redirect(
                to: "http://app.example.com/plain", setting: "sec=1; Secure; Path=/", "open=1; Path=/"),
            "http://app.example.com/plain": HTTPResponse(status: 200),
        ])
        await Self.loader(SimulatedWebView(), transport, Self.jar()).load(
            HTTPRequest(url: "https://app.example.com/start"))
        #expect(Self.cookieHeaders(transport) == [[], ["open=1"]])
    }

    @Test("stops sending a cookie a redirect deletes, and counts Max-Age from its clock")
    func maxAge() async throws {
        let transport = Self.server([
            "https://app.example.com/logout": Self.redirect(
                to: "/bye", setting: "auth=; Max-Age=0", "short=1; Max-Age=60; Path=/"),
            "https://app.example.com/bye": HTTPResponse(status: 200),
        ])
        let jar = Self.jar(Self.auth)
        await Self.loader(SimulatedWebView(), transport, jar).load(HTTPRequest(url: "https://app.example.com/logout"))

        #expect(Self.cookieHeaders(transport) == [["auth=token"], ["short=1"]])
        #expect(jar.allCookies.map(\.name) == ["short"])
        #expect(jar.allCookies.first?.expires == "2026-11-30T00:01:00Z")
    }

    @Test("loads the final response whatever its status, with an empty body when it has none")
    func loadsFinalResponse() async throws {
        let webView = SimulatedWebView()
        let transport = Self.server(["https://app.example.com/gone": Self.redirect(to: "/missing")])
        let response = await Self.loader(webView, transport, Self.jar()).load(
            HTTPRequest(url: "https://app.example.com/gone"))
        #expect(response == HTTPResponse(status: 404))
        #expect(webView.loads == [NavigationLoad(url: "https://app.example.com/missing", body: .text(""))])
    }

    @Test("loads the final response with its first Content-Type header, as the server spelled it, and no other")
    func loadsContentType() async throws {
        let webView = SimulatedWebView()
        let transport = Self.server([
            "https://app.example.com/start": HTTPResponse(
                status: 302,
                headers: [HTTPHeader("Location", "/report"), HTTPHeader("Content-Type", "text/plain")]),
            "https://app.example.com/report": HTTPResponse(
                status: 200,
                headers: [
                    HTTPHeader("Cache-Control", "no-store"),
                    HTTPHeader("content-type", "text/html; charset=iso-8859-1"),
                    HTTPHeader("Content-Type", "text/plain"), HTTPHeader("Set-Cookie", "seen=1"),
                ],
                body: .text("<p>caf\u{E9}</p>")),
        ])
        await Self.loader(webView, transport, Self.jar()).load(HTTPRequest(url: "https://app.example.com/start"))
        #expect(
            webView.loads == [
                NavigationLoad(
                    url: "https://app.example.com/report",
                    headers: [HTTPHeader("content-type", "text/html; charset=iso-8859-1")],
                    body: .text("<p>caf\u{E9}</p>"))
            ])
    }

    @Test("loads a JSON body as it came")
    func loadsJSON() async throws {
        let webView = SimulatedWebView()
        let transport = Self.server([
            "https://app.example.com/api": HTTPResponse(status: 200, body: .json(["ok": true]))
        ])
        await Self.loader(webView, transport, Self.jar()).load(HTTPRequest(url: "https://app.example.com/api"))
        #expect(webView.loads == [NavigationLoad(url: "https://app.example.com/api", body: .json(["ok": true]))])
    }

    @Test("loads nothing when the request fails outright")
    func transportFailureLoadsNothing() async throws {
        let webView = SimulatedWebView()
        let transport = FailingTransport(error: HTTPTransportError("the network connection was lost"))
        let response = await Self.loader(webView, transport, Self.jar(Self.auth)).load(
            HTTPRequest(url: "https://app.example.com/"))

        #expect(response == nil)
        #expect(webView.loads.isEmpty)
        #expect(transport.attempts.current.map { $0.headers.values(named: "Cookie") } == [["auth=token"]])
    }

    @Test("loads nothing when the redirects never end")
    func redirectLoopLoadsNothing() async throws {
        let webView = SimulatedWebView()
        let transport = Self.server(["https://app.example.com/loop": Self.redirect(to: "/loop", setting: "n=1; Path=/")]
        )
        let response = await Self.loader(webView, transport, Self.jar()).load(
            HTTPRequest(url: "https://app.example.com/loop"))

        #expect(response == nil)
        #expect(webView.loads.isEmpty)
        #expect(transport.requests.count == HTTPRedirect.maximumHops + 1)
    }
}
