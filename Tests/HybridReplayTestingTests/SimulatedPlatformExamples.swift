// The Swift examples of docs/simulated-platform.md, compiled and run here;
// DocumentationExamplesTests keeps the guide's text equal to them.
import Foundation
import HybridReplayTesting
import Testing

/// The checkout page's bridge: the page asks for the saved cards, `shop://`
/// links open native screens, and the bank's 3-D Secure window opens in a
/// native sheet.
@MainActor
final class CheckoutScreen: ScriptMessageHandlerWithReply, NavigationDelegate, UIDelegate {
    private let transport: any HTTPTransport
    private let routes: any RoutePresenter

    init(platform: Platform) {
        transport = platform.transport
        routes = platform.routes
        platform.webView.add(self, name: "shop")
        platform.webView.setNavigationDelegate(self)
        platform.webView.setUIDelegate(self)
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        guard message.body.objectValue?["op"] == "cards" else { return replyHandler(.error("unknown request")) }
        Task {
            let response = try? await transport.send(HTTPRequest(url: "https://api.shop.example/v1/cards"))
            let cards = (response?.body?.data).flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }
            DispatchQueue.main.async {
                replyHandler(cards.map(Outcome.value) ?? .error("cards unavailable"))
            }
        }
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let url = action.request.url, url.scheme == "shop", let screen = url.host else { return decisionHandler(.allow) }
        routes.show(NativeRoute(name: screen, parameters: ["path": .string(url.path)]))
        decisionHandler(.cancel)
    }

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        // The seams cannot make a second web view: the bank's page opens in a sheet of its own.
        routes.show(NativeRoute(name: "bankSheet", parameters: ["url": .string(action.urlString)]))
        return nil
    }
}

/// Answers the page's `nearestStore` with the store nearest to one location
/// fix; the location delegate is set the first time the page asks.
@MainActor
final class StoreFinder: ScriptMessageHandlerWithReply, LocationManagerDelegate {
    private let manager: any LocationManager
    private var waiting: [@Sendable (Outcome) -> Void] = []

    init(platform: Platform) {
        manager = platform.locationManager
        platform.webView.add(self, name: "stores")
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        waiting.append(replyHandler)
        if manager.delegate == nil {
            manager.delegate = self   // CoreLocation tells a new delegate the current authorization
        } else {
            manager.requestLocation()
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: any LocationManager) {
        let status = manager.authorizationStatus   // the authorization being delivered
        if status == .notDetermined {
            manager.requestWhenInUseAuthorization()
        } else if status.isAuthorized {
            if !waiting.isEmpty { manager.requestLocation() }
        } else {
            answer(.error("location is off"))
        }
    }

    func locationManager(_ manager: any LocationManager, didUpdateLocations locations: [LocationFix]) {
        guard let fix = locations.last else { return }
        answer(.value(fix.latitude > 50 ? "Berlin Mitte" : "Munich Center"))
    }

    func locationManager(_ manager: any LocationManager, didFailWithError error: any Error) {
        answer(.error("no location"))
    }

    private func answer(_ outcome: Outcome) {
        let handlers = waiting
        waiting = []
        for handler in handlers { handler(outcome) }
    }
}

/// The API server the guide's redirect example plays: a sign-in answered by
/// a 302 that sets the session cookie, then the session as JSON.
enum ShopServer {
    /// A new server each time, so that its `requests` are one test's alone.
    static func make() -> ScriptedHTTPTransport {
        ScriptedHTTPTransport { request in
            switch (request.method, request.urlString) {
            case ("POST", "https://api.shop.example/v1/session"):
                HTTPResponse(status: 302, headers: [
                    HTTPHeader("Location", "https://api.shop.example/v1/session/ready"),
                    HTTPHeader("Set-Cookie", "sid=4b1d9e77c2aa; Path=/; Secure; HttpOnly"),
                ])
            case ("GET", "https://api.shop.example/v1/session/ready"):
                HTTPResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                    body: .json(["signedIn": true, "expires_in": 3600]))
            default:
                HTTPResponse(status: 404)
            }
        }
    }
}

/// Follows the sign-in's 302: stores each cookie the redirect sets, then
/// sends the jar's cookies for the next URL with the redirected request.
struct SessionCookieRedirects: HTTPRedirectDelegate {
    let cookieStore: any CookieStore
    let wallClock: WallClock

    func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest) async
        -> HTTPRequest?
    {
        for header in response.headers.values(named: "Set-Cookie") {
            // Keeps Domain, Path, Expires or Max-Age, Secure, HttpOnly and SameSite; nil for a header a browser ignores.
            guard let cookie = SetCookie.parse(header, requestURL: currentRequest.urlString, now: wallClock.now) else { continue }
            await cookieStore.setCookie(cookie)
        }
        var next = newRequest   // proposed without a Cookie header: the jar decides what is sent
        if let cookies = SetCookie.cookieHeader(for: await cookieStore.cookies(for: next.urlString)) {
            next.headers.append(HTTPHeader("Cookie", cookies))
        }
        return next   // nil would stop here and make the 302 the answer
    }
}

@Suite("The simulated platform guide's examples")
struct SimulatedPlatformExamples {
    @Test("the checkout page lists the saved cards, opens shop links natively and the bank's window in a sheet",
          .cassette("simulated-checkout"))
    func listsCards() async throws {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { request in
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                body: .text(#"[{"id":"card_1","last4":"4242"}]"#))
        }
        let session = RecordingSession(platform: .simulated(webView: page, transport: server), contract: "checkout") {
            let cards = try await page.postMessageAwaitingReply(["op": "cards"], to: "shop")
            #expect(cards == .value([["id": "card_1", "last4": "4242"]]))
            let policy = try await page.navigate(
                NavigationAction(url: "shop://help/fees", navigationType: .linkActivated, targetFrame: .main()))
            #expect(policy == .cancel)
            let window = try page.openWindow(
                for: NavigationAction(url: "https://3ds.bank.example/challenge", navigationType: .other, targetFrame: nil),
                windowFeatures: WindowFeatures(width: 400, height: 600))
            #expect(window == nil)
        }
        await replayCassette(recording: session) { platform in await CheckoutScreen(platform: platform) }
    }

    @Test("the nearest store comes from one location fix, once the user allows location", .cassette("simulated-store-finder"))
    func findsNearestStore() async throws {
        let page = SimulatedWebView()
        let device = SimulatedLocationManager(status: .notDetermined, respondsToRequestsWith: .authorizedWhenInUse)
        let platform = Platform.simulated(webView: page, locationManager: device)
        let session = RecordingSession(platform: platform, contract: "stores") { recorder in
            async let store = page.postMessageAwaitingReply(["op": "nearestStore"], to: "stores")
            try await recorder.waitForEvents(OneShotLocationRequest.eventKind)   // the app asked for one fix
            device.deliver([LocationFix(latitude: 52.52, longitude: 13.405, horizontalAccuracy: 35, timestamp: "2026-01-01T00:00:03Z")])
            let answer = try await store
            #expect(answer == .value("Berlin Mitte"))
        }
        await replayCassette(recording: session) { platform in await StoreFinder(platform: platform) }
    }

    @Test("two requests fanned out together are answered flights first, each response recorded before the next answer",
          .cassette("simulated-trip-fan-out"))
    func answersFanOutInFixedOrder() async throws {
        let page = SimulatedWebView()
        let server = HeldHTTPTransport()
        let platform = Platform.simulated(webView: page, transport: server)
        let session = RecordingSession(platform: platform, contract: "trip") { recorder in
            try page.postMessage(["trip": "t1"], to: "trip")
            let held = try await server.waitForUnanswered(count: 2)   // both requests in flight, oldest first
            let answers = [
                ("https://api.trips.example/flights/t1", "LH 2417"),
                ("https://api.trips.example/hotel/t1", "Hotel Adlon"),
            ]
            for (index, (url, text)) in answers.enumerated() {
                let request = try #require(held.first { $0.request.urlString == url })
                server.answer(request, with: HTTPResponse(status: 200, body: .text(text)))
                // The answer is recorded when the child task that awaited it resumes: wait for it
                // before releasing the next one, or the two responses may be written either way round.
                try await recorder.waitForEvents(HTTPResponse.eventKind, count: index + 1)
            }
            try await recorder.waitForEvents(JavaScriptResult.eventKind)
        }
        await replayCassette(recording: session) { platform in TripBridge(platform: platform) }
    }

    @Test("a simulated page answers each script the app evaluates as the test scripted it")
    func answersPerScript() async throws {
        let page = SimulatedWebView { script, arguments in
            switch script {
            case "document.title":
                .success(.string("Checkout"))
            case "return await shop.total(currency)":   // callAsyncJavaScript: arguments are given
                arguments?["currency"] == .string("EUR") ? .success(.number(42.5)) : .success(.null)
            default:
                .failure(JavaScriptError("ReferenceError: Can't find variable: \(script)"))
            }
        }
        #expect(try await page.evaluateJavaScript("document.title") == .string("Checkout"))
        #expect(try await page.callAsyncJavaScript("return await shop.total(currency)", arguments: ["currency": "EUR"]) == .number(42.5))
        await #expect(throws: JavaScriptError("ReferenceError: Can't find variable: checkout()")) {
            try await page.evaluateJavaScript("checkout()")
        }
    }

    @Test("the scripted server follows its 302 and answers with its headers")
    func followsRedirect() async throws {
        let server = ShopServer.make()
        let response = try await server.send(HTTPRequest(method: "POST", url: "https://api.shop.example/v1/session"))
        #expect(response.status == 200)
        #expect(response.headers.values(named: "content-type") == ["application/json"])
        #expect(server.requests.map(\.urlString) == [
            "https://api.shop.example/v1/session", "https://api.shop.example/v1/session/ready",
        ])
        // A 302 turns the POST into a GET, as URLSession does.
        #expect(server.requests.map(\.method) == ["POST", "GET"])
    }

    @Test("a check inside a drive binds the answer first, so the drive closure is inferred as throwing")
    func checksInsideDrive() async throws {
        let page = SimulatedWebView()
        let screen = await CheckoutScreen(platform: .simulated(webView: page))
        let policy = try await page.navigate(
            NavigationAction(url: "https://shop.example/terms", navigationType: .linkActivated, targetFrame: .main()))
        #expect(policy == .allow)
        let drive: @Sendable () async throws -> Void = { () async throws in
            #expect(try await page.navigate(
                NavigationAction(url: "shop://help/fees", navigationType: .linkActivated, targetFrame: .main())) == .cancel)
        }
        try await drive()
        withExtendedLifetime(screen) {}
    }

    @Test("a page that posts to a handler the app never registered fails the drive naming the handlers there are")
    func postToMissingHandlerFails() async throws {
        let page = SimulatedWebView()
        let screen = await CheckoutScreen(platform: .simulated(webView: page))
        let error = await #expect(throws: SimulationError.self) {
            _ = try await page.postMessageAwaitingReply(["op": "cards"], to: "wallet")
        }
        #expect(error?.message.contains("no script message handler is registered for 'wallet' (registered: 'shop')") == true)
        withExtendedLifetime(screen) {}
    }

    @Test("a window the delegate refuses comes back nil and its route is shown")
    func refusedWindowIsRouted() async throws {
        let page = SimulatedWebView()
        let routes = CollectingRoutePresenter()
        let screen = await CheckoutScreen(platform: .simulated(webView: page, routes: routes))
        let window = try page.openWindow(
            for: NavigationAction(url: "https://3ds.bank.example/challenge", navigationType: .other, targetFrame: nil))
        #expect(window == nil)
        #expect(routes.routes == [NativeRoute(name: "bankSheet", parameters: ["url": "https://3ds.bank.example/challenge"])])
        withExtendedLifetime(screen) {}
    }

    @Test("a redirect delegate stores the 302's session cookie with Secure and HttpOnly, and sends it on the next hop")
    func redirectDelegateKeepsCookie() async throws {
        let server = ShopServer.make()
        let jar = InMemoryCookieStore()
        let platform = Platform.simulated(transport: server, cookieStore: jar)
        let redirects = SessionCookieRedirects(cookieStore: platform.cookieStore, wallClock: platform.wallClock)
        let response = try await platform.transport.send(
            HTTPRequest(method: "POST", url: "https://api.shop.example/v1/session"), redirectDelegate: redirects)
        #expect(response.status == 200)
        let session = try #require(jar.cookies(for: "https://api.shop.example/v1/session/ready").first)
        #expect(session.value == "4b1d9e77c2aa" && session.isSecure && session.isHTTPOnly)
        #expect(server.requests.last?.headers.values(named: "Cookie") == ["sid=4b1d9e77c2aa"])
    }

    @Test("recorded, the cookie the redirect delegate stores keeps the flags its Set-Cookie gave")
    func recordedCookieKeepsFlags() async throws {
        let recorder = Recorder(name: "sign-in")
        let platform = recorder.platform(wrapping: .simulated(transport: ShopServer.make(), cookieStore: InMemoryCookieStore()))
        let redirects = SessionCookieRedirects(cookieStore: platform.cookieStore, wallClock: platform.wallClock)
        _ = try await platform.transport.send(
            HTTPRequest(method: "POST", url: "https://api.shop.example/v1/session"), redirectDelegate: redirects)
        let written = recorder.events.compactMap { ($0.payload as? CookieStoreWrite)?.cookie }
        #expect(written.map(\.name) == ["sid"])
        #expect(written.map(\.domain) == ["api.shop.example"])   // no Domain attribute: host-only
        #expect(written.allSatisfy { $0.secure && $0.httpOnly && $0.path == "/" })
    }

    @Test("evaluatedScripts lists what the app evaluated as JavaScriptEvaluation values, read through .script")
    func evaluatedScriptsAreValues() async throws {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text("Hello, Ada")) }
        let bridge = GuideGreetingBridge(platform: .simulated(webView: page, transport: server))
        try page.postMessage(["guid": "p1"], to: "greet")
        try await page.waitForEvaluatedScripts(count: 1)   // the bridge evaluates in a task of its own
        #expect(page.evaluatedScripts.map(\.script) == [#"settle("p1", "Hello, Ada")"#])
        #expect(page.evaluatedScripts.last == JavaScriptEvaluation(script: #"settle("p1", "Hello, Ada")"#))
        withExtendedLifetime(bridge) {}
    }
}
