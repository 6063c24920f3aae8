import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("Platform.simulated")
struct PlatformSimulatedTests {
    /// A jar that keeps nothing, so the tests do not depend on a real cookie store.
    private struct EmptyCookieStore: CookieStore {
        func setCookie(_ cookie: Cookie) async {}
        func cookies(for url: String) async -> [Cookie] { [] }
    }

    @Test("hands app code the stand-ins the test drives")
    func wiresStandIns() throws {
        let webView = SimulatedWebView()
        let manager = SimulatedLocationManager(status: .authorizedAlways)
        let routes = CollectingRoutePresenter()
        let custom = SimulatedCustomSeam()
        let platform = Platform.simulated(
            webView: webView, routes: routes, cookieStore: EmptyCookieStore(), locationManager: manager, custom: custom)

        #expect(platform.webView === webView)
        #expect(platform.locationManager === manager)
        platform.routes.show(NativeRoute(name: "present"))
        #expect(routes.routes == [NativeRoute(name: "present")])
        platform.custom.send(CustomEvent(name: "analytics.track", direction: .effect))
        #expect(custom.sent.count == 1)
        #expect(platform.locationManager.authorizationStatus == .authorizedAlways)
    }

    @Test("answers every request with a 404 unless the test supplies a server")
    func defaultTransport() async throws {
        let platform = Platform.simulated()

        #expect(try await platform.transport.send(HTTPRequest(url: "https://app.example.com/")).status == 404)
        #expect(platform.webView is SimulatedWebView)
        #expect(platform.locationOutput is CollectingLocationOutput)
    }

    @Test("shares an empty cookie jar in memory unless the test supplies one")
    func defaultCookieStore() async {
        let platform = Platform.simulated()
        #expect(await platform.cookieStore.cookies(for: "https://app.example.com/").isEmpty)

        await platform.cookieStore.setCookie(Cookie(name: "session", value: "s1", domain: "app.example.com"))

        #expect(await platform.cookieStore.cookies(for: "https://app.example.com/").map(\.name) == ["session"])
    }

    @Test("stands time still unless the test passes a clock, so a recording's times are the drive's")
    func manualClockByDefault() async throws {
        let platform = Platform.simulated()
        let recorder = Recorder(name: "still", clock: platform.clock)
        let recording = recorder.platform(wrapping: platform)

        recording.routes.show(NativeRoute(name: "a"))
        recording.routes.show(NativeRoute(name: "b"))

        #expect(platform.clock is ManualClock)
        #expect(recorder.events.map(\.at) == [0, 0])
    }

    @Test("records real times when the test opts into the continuous clock")
    func continuousClockOnRequest() async throws {
        let platform = Platform.simulated(clock: ContinuousClock())
        let recorder = Recorder(name: "real", clock: platform.clock)
        let recording = recorder.platform(wrapping: platform)

        try await Task.sleep(for: .milliseconds(2))
        recording.routes.show(NativeRoute(name: "a"))

        #expect(platform.clock is ContinuousClock)
        #expect(try #require(recorder.events.first).at >= 0.002)
    }
}
