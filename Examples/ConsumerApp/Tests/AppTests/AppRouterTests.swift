import App
import HybridReplayTesting
import Testing

@Test("tapping Present Yellow presents a yellow screen and cancels the navigation")
func presentsYellow() async throws {
    let page = SimulatedWebView()
    let session = RecordingSession(platform: .simulated(webView: page), contract: "router") {
        _ = try await page.navigate(NavigationAction(
            url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: nil))
    }
    await replayCassette("present-yellow", recording: session) { platform in
        AppRouter(webView: platform.webView, routes: platform.routes)
    }
}
