import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import Testing

@Suite("LoadRequestHandler")
struct LoadRequestHandlerTests {
    private static func event(_ fields: [String: JSONValue], name: String = "load") -> CustomEvent {
        CustomEvent(name: name, direction: .stimulus, fields: fields)
    }

    private static func header(_ name: String, _ value: String) -> JSONValue {
        .object(["name": .string(name), "value": .string(value)])
    }

    @Test("writes a GET as its URL alone, another method with its text body, and headers in order")
    func eventForRequest() {
        #expect(LoadRequestHandler.eventName == "load")
        #expect(
            LoadRequestHandler.event(for: HTTPRequest(url: "https://app.example.com/"))
                == Self.event(["url": "https://app.example.com/"]))
        #expect(
            LoadRequestHandler.event(
                for: HTTPRequest(method: "POST", url: "https://app.example.com/login", body: .text("user=ada")))
                == Self.event(["url": "https://app.example.com/login", "method": "POST", "body": "user=ada"]))
        #expect(
            LoadRequestHandler.event(
                for: HTTPRequest(
                    url: "https://app.example.com/",
                    headers: [
                        HTTPHeader("Cookie", "a=1"), HTTPHeader("Accept", "text/html"), HTTPHeader("cookie", "b=2"),
                    ]))
                == Self.event([
                    "url": "https://app.example.com/",
                    "headers": [
                        Self.header("Cookie", "a=1"), Self.header("Accept", "text/html"), Self.header("cookie", "b=2"),
                    ],
                ]))
    }

    @Test(
        "reads back the request an event was written for",
        arguments: [
            HTTPRequest(url: "https://app.example.com/"),
            HTTPRequest(method: "POST", url: "https://app.example.com/login", body: .text("user=ada&pass=\"x\"\n")),
            HTTPRequest(method: "PUT", url: "https://app.example.com/item/1"),
            HTTPRequest(method: "DELETE", url: "https://app.example.com/item/1", body: .text("")),
            HTTPRequest(url: "https://app.example.com/search?q=a%20b&lang=en#top", body: .text("odd but allowed")),
            HTTPRequest(
                method: "POST", url: "https://app.example.com/checkout",
                headers: [
                    HTTPHeader("Content-Type", "application/x-www-form-urlencoded"),
                    HTTPHeader("Authorization", "Bearer t0k"), HTTPHeader("Cookie", "a=1"), HTTPHeader("Cookie", "b=2"),
                    HTTPHeader("X-Empty", ""),
                ],
                body: .text("order=42")),
        ])
    func roundTrips(_ request: HTTPRequest) {
        #expect(LoadRequestHandler.request(in: LoadRequestHandler.event(for: request)) == request)
    }

    @Test("reads url, method, headers and body, with GET, no headers and no body by default")
    func readsFields() {
        #expect(
            LoadRequestHandler.request(in: Self.event(["url": "https://a.example/"]))
                == HTTPRequest(url: "https://a.example/"))
        #expect(
            LoadRequestHandler.request(in: Self.event(["url": "https://a.example/", "method": "PATCH", "body": "{}"]))
                == HTTPRequest(method: "PATCH", url: "https://a.example/", body: .text("{}")))
        #expect(
            LoadRequestHandler.request(
                in: Self.event(["url": "https://a.example/", "headers": [Self.header("Authorization", "Basic eA==")]]))
                == HTTPRequest(url: "https://a.example/", headers: [HTTPHeader("Authorization", "Basic eA==")]))
        #expect(
            LoadRequestHandler.request(in: Self.event(["url": "https://a.example/", "headers": []]))
                == HTTPRequest(url: "https://a.example/"))
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
            ("load", ["url": "https://a.example/", "headers": nil]),
            ("load", ["url": "https://a.example/", "headers": "Cookie: a=1"]),
            ("load", ["url": "https://a.example/", "headers": ["Cookie": "a=1"]]),
            ("load", ["url": "https://a.example/", "headers": [["Cookie", "a=1"]]]),
            ("load", ["url": "https://a.example/", "headers": [["name": "Cookie"]]]),
            ("load", ["url": "https://a.example/", "headers": [["value": "a=1"]]]),
            ("load", ["url": "https://a.example/", "headers": [["name": "Cookie", "value": 1]]]),
            ("load", ["url": "https://a.example/", "headers": [["name": "Cookie", "value": nil]]]),
            ("load", ["url": "https://a.example/", "headers": [["name": 7, "value": "a=1"]]]),
            ("load", ["url": "https://a.example/", "headers": [["name": "", "value": "a=1"]]]),
            ("load", ["url": "https://a.example/", "headers": [["name": "Cookie", "value": "a=1", "secure": true]]]),
            ("load", ["url": "https://a.example/", "headers": [["name": "Accept", "value": "*/*"], "Cookie: a=1"]]),
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
        try await loaded.wait(until: "the loader received one request") { $0.count == 1 }
        #expect(loaded.current == [HTTPRequest(method: "POST", url: "https://a.example/", body: .text("a=1"))])
        #expect(seam.sent.isEmpty)
    }

    @Test("ignores malformed events and loads only the well-formed one after them")
    func ignoresMalformedEvents() async throws {
        let seam = SimulatedCustomSeam()
        let loaded = SharedBox<[HTTPRequest]>([])
        LoadRequestHandler(seam: seam) { request in loaded.update { $0.append(request) } }

        // Another name is not this handler's: with no other handler set, nothing takes it.
        #expect(throws: SimulationError.self) { try seam.deliver(Self.event(["url": "https://a.example/"], name: "open")) }
        try seam.deliver(Self.event([:]))
        try seam.deliver(Self.event(["url": 7]))
        try seam.deliver(Self.event(["url": "https://a.example/", "method": 1]))
        try seam.deliver(Self.event(["url": "https://b.example/"]))
        try await loaded.wait(until: "the loader received a request") { !$0.isEmpty }
        #expect(loaded.current == [HTTPRequest(url: "https://b.example/")])
    }

    @Test("its header redaction hides a load's credentials as the default rules hide them in the request it sends")
    func headerRedaction() throws {
        let redaction = Redaction.default + LoadRequestHandler.headerRedaction()
        #expect(redaction.ruleNames.last == "custom:load.headers")
        let headers = [
            HTTPHeader("Accept", "text/html"), HTTPHeader("Authorization", "Bearer t0k"),
            HTTPHeader("Cookie", "device=d1; lang=en"),
        ]
        let request = HTTPRequest(url: "https://app.example.com/", headers: headers)
        var placeholders = RedactionPlaceholders()
        let event = try #require(
            redaction.apply(to: LoadRequestHandler.event(for: request), placeholders: &placeholders) as? CustomEvent)
        let hidden = [
            HTTPHeader("Accept", "text/html"), HTTPHeader("Authorization", "Bearer [REDACTED:1]"),
            HTTPHeader("Cookie", "device=[REDACTED:2]; lang=[REDACTED:3]"),
        ]
        #expect(event == LoadRequestHandler.event(for: HTTPRequest(url: "https://app.example.com/", headers: hidden)))
        let sent = try #require(redaction.apply(to: request, placeholders: &placeholders) as? HTTPRequest)
        #expect(sent.headers == hidden, "the request that sends them gets the same placeholders")
    }

    @Test("its header redaction leaves other events, and header entries it cannot read, as they are")
    func headerRedactionLeavesOthers() {
        let redaction = LoadRequestHandler.headerRedaction()
        let others: [CustomEvent] = [
            Self.event(["url": "https://a.example/", "headers": [Self.header("Cookie", "a=1")]], name: "open"),
            Self.event(["url": "https://a.example/", "headers": "Cookie: a=1"]),
            Self.event(["url": "https://a.example/", "headers": [["name": "Cookie", "value": 1], "Cookie: a=1"]]),
        ]
        for event in others {
            var placeholders = RedactionPlaceholders()
            #expect(redaction.apply(to: event, placeholders: &placeholders) as? CustomEvent == event)
            #expect(placeholders.count == 0)
        }
    }

    @Test("drives the cookie loader end to end as the contract sets it up")
    func drivesContract() async throws {
        let webView = SimulatedWebView()
        let seam = SimulatedCustomSeam()
        let jar = InMemoryCookieStore(now: { ReferenceContract.suiteDate })
        jar.setCookie(Cookie(name: "auth", value: "token", domain: "app.example.com"))
        let transport = ScriptedHTTPTransport { request in
            switch request.urlString {
            case "https://app.example.com/start":
                HTTPResponse(
                    status: 302,
                    headers: [
                        HTTPHeader("Location", "/final"), HTTPHeader("Set-Cookie", "step=1; Max-Age=3600; Path=/"),
                    ])
            case "https://app.example.com/final":
                HTTPResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")],
                    body: .text("signed in"))
            default: HTTPResponse(status: 404)
            }
        }
        let platform = Platform.simulated(webView: webView, transport: transport, cookieStore: jar, custom: seam)
        let implementation = try await ReferenceContract.cookieRedirectLoader.setUp(platform)

        try seam.deliver(
            LoadRequestHandler.event(
                for: HTTPRequest(url: "https://app.example.com/start", headers: [HTTPHeader("Cookie", "device=d1")])))
        try await webView.waitForLoads()

        #expect(
            webView.loads == [
                NavigationLoad(
                    url: "https://app.example.com/final",
                    headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: .text("signed in"))
            ])
        #expect(
            transport.requests.map { $0.headers.values(named: "Cookie") }
                == [["device=d1; auth=token"], ["auth=token; step=1"]])
        #expect(jar.allCookies.first { $0.name == "step" }?.expires == "2026-11-30T01:00:00Z")
        _ = implementation
    }
}
