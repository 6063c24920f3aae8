import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recording navigation decisions")
struct RecordingNavigationDelegateTests {
    @Test("records a hijacked link as the action, the route it causes and a cancel decision")
    func presentYellow() async throws {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let routes = CollectingRoutePresenter()
        let platform = recorder.platform(wrapping: .simulated(webView: page, routes: routes, cookieStore: InMemoryCookieStore()))
        platform.webView.setNavigationDelegate(RecordingApps.Router(platform: platform))
        let present = NavigationAction(
            url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: .main())
        let ordinary = NavigationAction(url: "https://example.com/about", navigationType: .linkActivated, targetFrame: .main())

        #expect(try await page.navigate(present) == .cancel)
        #expect(try await page.navigate(ordinary) == .allow)

        let route = NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0])
        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: present),
                Event(id: 2, at: 0, cause: 1, payload: route),
                Event(id: 3, at: 0, cause: 1, payload: NavigationDecision(.cancel)),
                Event(id: 4, at: 0, payload: ordinary),
                Event(id: 5, at: 0, cause: 4, payload: NavigationDecision(.allow)),
            ])
        #expect(routes.routes == [route])
    }

    @Test("records the decision of an async delegate, and what it did first, as caused by the action")
    func asyncDelegate() async throws {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let platform = recorder.platform(wrapping: .simulated(webView: page, cookieStore: InMemoryCookieStore()))
        platform.webView.setNavigationDelegate(RecordingApps.AsyncRouter(platform: platform))
        let newWindow = NavigationAction(url: "https://example.com/terms", navigationType: .linkActivated, targetFrame: nil)

        #expect(try await page.navigate(newWindow) == .cancel)

        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: newWindow),
                Event(id: 2, at: 0, cause: 1, payload: NavigationLoad(url: "https://example.com/terms")),
                Event(id: 3, at: 0, cause: 1, payload: NavigationDecision(.cancel)),
            ])
    }
}
