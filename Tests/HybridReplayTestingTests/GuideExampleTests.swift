import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayTesting
import Testing

/// The router the guide (docs/writing-tests.md) tests: `navigate://` links
/// become native routes, everything else loads. A `@MainActor` class, as an
/// app's router is, so the guide's tests `await` its initializer.
@MainActor
final class GuideRouter: NavigationDelegate {
    let routes: any RoutePresenter

    init(platform: Platform) {
        routes = platform.routes
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let url = URLComponents(string: action.urlString), url.scheme == "navigate", let transition = url.host else {
            return decisionHandler(.allow)
        }
        var colour: [String: JSONValue] = [:]
        for item in url.queryItems ?? [] {
            if let value = item.value.flatMap(Double.init) { colour[item.name] = .number(value) }
        }
        routes.show(NativeRoute(name: transition, parameters: colour))
        decisionHandler(.cancel)
    }
}

@Suite("The guide's example")
struct GuideExampleTests {
    /// The page taps "Present Yellow Screen", then an ordinary link.
    static func tapLinks(on page: SimulatedWebView) async throws {
        _ = try await page.navigate(
            NavigationAction(url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: nil))
        _ = try await page.navigate(
            NavigationAction(url: "https://example.com/about", navigationType: .linkActivated, targetFrame: .main()))
    }

    @Test("tapping Present Yellow presents a yellow screen", .cassette("guide-present-yellow"))
    func presentsYellow() async throws {
        let page = SimulatedWebView()
        let session = RecordingSession(platform: .simulated(webView: page), contract: "router") {
            try await Self.tapLinks(on: page)
        }
        let report = await replayCassette(recording: session) { platform in await GuideRouter(platform: platform) }
        #expect(report?.passed == true)
    }
}
