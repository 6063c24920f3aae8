import Foundation
import HybridReplaySeams
import HybridReplaySimulation
import Testing

/// Each ported seed runs once on the simulated platform, so the ports in
/// this folder are known to work, bugs included.
@Suite("Seed ports")
@MainActor
struct SeedPortTests {
    @Test("the ported navigation hijack presents a navigate link's screen and cancels, and never decides a malformed one")
    func navigationHijack() async throws {
        let webView = SimulatedWebView()
        let routes = CollectingRoutePresenter()
        let controller = NavigationHijackPort.HijackViewController(platform: Platform(webView: webView, routes: routes))
        webView.navigationDelegate = controller

        let link = NavigationAction(url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: nil)
        #expect(try await webView.navigate(link) == .cancel)
        #expect(routes.routes == [NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0])])

        let malformed = NavigationAction(url: "navigate://slide?r=1&g=2&b=3", navigationType: .linkActivated, targetFrame: nil)
        await #expect(throws: SimulationError.self) { try await webView.navigate(malformed, timeout: .milliseconds(50)) }
        #expect(routes.routes.count == 1)
    }

    @Test("the ported location service publishes the last fix, and reports denial for the undetermined status a new delegate hears")
    func deviceLocation() async {
        let manager = SimulatedLocationManager(status: .notDetermined, respondsToRequestsWith: .authorizedWhenInUse)
        DeviceLocationPort.DeviceLocationService.makeLocationManager = { manager }
        let service = DeviceLocationPort.DeviceLocationService.shared
        var fixes: [LocationFix] = []
        var denials = 0
        service.coordinatesPublisher.sink(receiveCompletion: { _ in }, receiveValue: { fixes.append($0) })
        service.deniedLocationAccessPublisher.sink(receiveCompletion: { _ in }, receiveValue: { denials += 1 })

        service.requestLocationUpdates()
        await manager.settle()
        let first = LocationFix(latitude: 1, longitude: 2, horizontalAccuracy: 5, timestamp: "2026-01-31T12:00:00Z")
        let last = LocationFix(latitude: 3, longitude: 4, horizontalAccuracy: 5, timestamp: "2026-01-31T12:00:01Z")
        manager.deliver([first, last])

        #expect(manager.requests == [.whenInUse])
        #expect(manager.isUpdating)
        #expect(fixes == [last])
        #expect(denials == 1)
    }

    @Test("the ported promise bridge fetches once and evaluates executePromise with the data spliced in")
    func webViewInteraction() async throws {
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text("{\"results\":[]}")) }
        let controller = WebViewInteractionPort.ExperimentalViewController(
            platform: Platform(webView: webView, transport: transport))
        controller.viewDidLoad()
        #expect(webView.loads == [NavigationLoad(url: WebViewInteractionPort.URLS.experimentalURL)])

        try webView.postMessage(["guid": "g1"], to: "nativeProcess")
        try await webView.waitForEvaluatedScripts()

        #expect(transport.requests.map(\.urlString) == ["https://randomuser.me/api"])
        #expect(webView.evaluatedScripts.map(\.script) == ["executePromise('g1','{\"results\":[]}')"])
    }

    @Test("the ported cookie web view sends the cookie the redirect set, and loads the page under the first URL")
    func redirectCookies() async throws {
        let webView = SimulatedWebView()
        let transport = ScriptedHTTPTransport { request in
            request.urlString == "https://app.test/start"
                ? HTTPResponse(
                    status: 302, headers: [HTTPHeader("Location", "/home"), HTTPHeader("Set-Cookie", "session=abc; Path=/")])
                : HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html")], body: .text("<p>home</p>"))
        }
        let platform = Platform(webView: webView, transport: transport, cookieStore: InMemoryCookieStore())
        let cookieWebView = WKCookieWebView(platform: platform)

        cookieWebView.load(HTTPRequest(url: "https://app.test/start"))
        try await webView.waitForLoads()

        #expect(transport.requests.map(\.urlString) == ["https://app.test/start", "https://app.test/home"])
        #expect(transport.requests.last?.headers.values(named: "Cookie") == ["session=abc"])
        #expect(webView.loads.map(\.urlString) == ["https://app.test/start"])
        #expect(webView.loads.first?.body?.text == "<p>home</p>")
    }
}
