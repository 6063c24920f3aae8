import HybridReplay
import HybridReplayReference
import Testing

@Suite("LoadRequestHandler")
struct LoadRequestHandlerTests {
    private static func event(_ fields: [String: JSONValue], name: String = "load") -> CustomEvent {
        CustomEvent(name: name, direction: .stimulus, fields: fields)
    }

    @Test("writes a GET as its URL alone, and another method with its text body")
    func eventForRequest() {
        #expect(LoadRequestHandler.eventName == "load")
        #expect(
            LoadRequestHandler.event(for: HTTPRequest(url: "https://app.example.com/"))
                == Self.event(["url": "https://app.example.com/"]))
        #expect(
            LoadRequestHandler.event(
                for: HTTPRequest(method: "POST", url: "https://app.example.com/login", body: .text("user=ada")))
                == Self.event(["url": "https://app.example.com/login", "method": "POST", "body": "user=ada"]))
    }

    @Test(
        "reads back the request an event was written for",
        arguments: [
            HTTPRequest(url: "https://app.example.com/"),
            HTTPRequest(method: "POST", url: "https://app.example.com/login", body: .text("user=ada&pass=\"x\"\n")),
            HTTPRequest(method: "PUT", url: "https://app.example.com/item/1"),
            HTTPRequest(method: "DELETE", url: "https://app.example.com/item/1", body: .text("")),
            HTTPRequest(url: "https://app.example.com/search?q=a%20b&lang=en#top", body: .text("odd but allowed")),
        ])
    func roundTrips(_ request: HTTPRequest) {
        #expect(LoadRequestHandler.request(in: LoadRequestHandler.event(for: request)) == request)
    }

    @Test("reads url, method and body, with GET and no body by default")
    func readsFields() {
        #expect(
            LoadRequestHandler.request(in: Self.event(["url": "https://a.example/"]))
                == HTTPRequest(url: "https://a.example/"))
        #expect(
            LoadRequestHandler.request(in: Self.event(["url": "https://a.example/", "method": "PATCH", "body": "{}"]))
                == HTTPRequest(method: "PATCH", url: "https://a.example/", body: .text("{}")))
    }

    @Test(
        "reads no request from a malformed event",
        arguments: [
            ("open", ["url": "https://a.example/"]),
            ("Load", ["url": "https://a.example/"]),
            ("load", [:]),
            ("load", ["href": "https://a.example/"]),
            ("load", ["url": 42]),
            ("load", ["url": nil]),
            ("load", ["url": ["https://a.example/"]]),
            ("load", ["url": "https://a.example/", "method": 1]),
            ("load", ["url": "https://a.example/", "method": nil]),
            ("load", ["url": "https://a.example/", "method": "POST", "body": ["user": "ada"]]),
            ("load", ["url": "https://a.example/", "method": "POST", "body": 5]),
        ] as [(String, [String: JSONValue])])
    func rejectsMalformed(name: String, fields: [String: JSONValue]) {
        #expect(LoadRequestHandler.request(in: Self.event(fields, name: name)) == nil)
    }

    @Test("becomes the seam's handler and hands each load event's request to its loader")
    func handsRequestsToLoader() async throws {
        let seam = SimulatedCustomSeam()
        let loaded = SharedBox<[HTTPRequest]>([])
        #expect(throws: SimulationError.self) { try seam.deliver(Self.event(["url": "https://a.example/"])) }

        LoadRequestHandler(seam: seam) { request in loaded.update { $0.append(request) } }
        try seam.deliver(Self.event(["url": "https://a.example/", "method": "POST", "body": "a=1"]))
        try await Poll.until("the loader received one request", found: "\(loaded.current)") {
            loaded.current.count == 1
        }
        #expect(loaded.current == [HTTPRequest(method: "POST", url: "https://a.example/", body: .text("a=1"))])
        #expect(seam.sent.isEmpty)
    }

    @Test("ignores malformed events and loads only the well-formed one after them")
    func ignoresMalformedEvents() async throws {
        let seam = SimulatedCustomSeam()
        let loaded = SharedBox<[HTTPRequest]>([])
        LoadRequestHandler(seam: seam) { request in loaded.update { $0.append(request) } }

        try seam.deliver(Self.event(["url": "https://a.example/"], name: "open"))
        try seam.deliver(Self.event([:]))
        try seam.deliver(Self.event(["url": 7]))
        try seam.deliver(Self.event(["url": "https://a.example/", "method": 1]))
        try seam.deliver(Self.event(["url": "https://b.example/"]))
        try await Poll.until("the loader received a request", found: "\(loaded.current)") { !loaded.current.isEmpty }
        #expect(loaded.current == [HTTPRequest(url: "https://b.example/")])
    }

    @Test("drives the cookie loader end to end as the contract sets it up")
    func drivesContract() async throws {
        let webView = SimulatedWebView()
        let seam = SimulatedCustomSeam()
        let jar = InMemoryCookieStore(now: { ReferenceContract.suiteDate })
        jar.setCookie(Cookie(name: "auth", value: "token", domain: "app.example.com"))
        let transport = ScriptedHTTPTransport { request in
            switch request.url {
            case "https://app.example.com/start":
                HTTPResponse(
                    status: 302,
                    headers: [
                        HTTPHeader("Location", "/final"), HTTPHeader("Set-Cookie", "step=1; Max-Age=3600; Path=/"),
                    ])
            case "https://app.example.com/final": HTTPResponse(status: 200, body: .text("signed in"))
            default: HTTPResponse(status: 404)
            }
        }
        let platform = Platform.simulated(webView: webView, transport: transport, cookieStore: jar, custom: seam)
        let implementation = try await ReferenceContract.cookieRedirectLoader.setUp(platform)

        try seam.deliver(LoadRequestHandler.event(for: HTTPRequest(url: "https://app.example.com/start")))
        try await Poll.until("the web view loaded the final page", found: "\(webView.loads)") { !webView.loads.isEmpty }

        #expect(webView.loads == [NavigationLoad(url: "https://app.example.com/final", body: .text("signed in"))])
        #expect(
            transport.requests.map { $0.headers.values(named: "Cookie") } == [["auth=token"], ["auth=token; step=1"]])
        #expect(jar.allCookies.first { $0.name == "step" }?.expires == "2026-11-30T01:00:00Z")
        _ = implementation
    }
}
