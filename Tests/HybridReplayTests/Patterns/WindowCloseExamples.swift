import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

// The examples of docs/writing-app-code-that-replays.md's "A page that closes its window", compiled and run here.

/// Shows the sign-in provider's page in a sheet; when the page closes its
/// window, dismisses the sheet and shows the account screen.
@MainActor
final class SignInScreen: UIDelegate {
    let routes: any RoutePresenter

    init(platform: Platform) {
        routes = platform.routes
        platform.webView.setUIDelegate(self)
    }

    func webViewDidClose() {
        DispatchQueue.main.async { [routes] in
            routes.show(NativeRoute(name: "account"))
        }
    }
}

@Suite("docs/writing-app-code-that-replays.md: a page that closes its window")
struct WindowCloseExamples {
    @Test("the sign-in screen shows the account when the page closes, and its recorded session replays")
    func example() async throws {
        let web = SimulatedWebView()
        let screen = await SignInScreen(platform: .simulated(webView: web))
        try web.closeWindow()
        await mainQueuePassed()
        let presenter = screen.routes
        let routes = try #require(presenter as? CollectingRoutePresenter)
        #expect(routes.routes == [NativeRoute(name: "account")])
        withExtendedLifetime(screen) {}

        let cassette = try await recordWrittenAndRead(
            "sign-in", platform: .simulated(webView: web), setUp: { platform in await SignInScreen(platform: platform) },
            drive: { _ in
                try web.closeWindow()
                await mainQueuePassed()
            })
        #expect(cassette.events.map(\.kind.description) == ["navigation.windowClose", "navigation.route"])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await SignInScreen(platform: platform)
        }
        #expect(report.passed, "\(report)")
    }
}
