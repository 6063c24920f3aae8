import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// A delegate ported from `WKNavigationDelegate` and `WKUIDelegate` with
/// WebKit's method names kept is called by every web view, handed the web
/// view it was set on, as WebKit calls it. Every such method is optional, so
/// before the seams took WebKit's names such a port compiled and was never
/// called: its confirm was answered `false` by the default.
@Suite("Delegate methods spelled as WebKit spells them")
struct WebKitSpellingTests {
    /// A screen whose delegate methods keep WebKit's names, as ported.
    @MainActor final class PortedScreen: NavigationDelegate, UIDelegate {
        let webView: any WebView
        let confirms: Bool
        private(set) var heard: [String] = []
        /// For each callback, whether it was handed the web view the screen set itself on.
        private(set) var handedItsWebView: [Bool] = []

        init(platform: Platform, confirms: Bool = true) {
            webView = platform.webView
            self.confirms = confirms
            webView.setNavigationDelegate(self)
            webView.setUIDelegate(self)
        }

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            decisionHandler(.allow)
        }

        private func hear(_ what: String, from webView: any WebView) {
            heard.append(what)
            handedItsWebView.append(webView === self.webView)
        }

        func webView(_ webView: any WebView, didFinish navigation: NavigationFinish) {
            hear("finished \(navigation.urlString ?? "")", from: webView)
        }

        func webView(
            _ webView: any WebView, didFailProvisionalNavigation navigation: NavigationFailure, withError error: NavigationError
        ) {
            hear("failed \(error.code)", from: webView)
        }

        func webViewWebContentProcessDidTerminate(_ webView: any WebView) {
            hear("process ended", from: webView)
        }

        func webView(
            _ webView: any WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: Frame,
            completionHandler: @escaping @Sendable (Bool) -> Void
        ) {
            hear("confirm \(message)", from: webView)
            completionHandler(confirms)
        }
    }

    static let url = "https://trips.example/"
    static let confirm = JavaScriptDialog(kind: .confirm, message: "Cancel the booking?", frame: .main(url))
    static let heard = ["finished \(url)", "failed -1009", "confirm Cancel the booking?", "process ended"]

    /// What the page does: a load that finishes, one that fails, a confirm, and the content process ending.
    static func drive(_ page: SimulatedWebView) async throws -> JavaScriptDialogAnswer {
        try page.finishNavigation(at: url)
        try page.failNavigation(
            to: url + "offline", phase: .provisional,
            error: NavigationError(domain: "NSURLErrorDomain", code: -1009, message: "offline"))
        let answer = try await page.runJavaScriptDialog(confirm)
        try page.terminateWebContentProcess()
        return answer
    }

    @Test("the simulated web view calls WebKit's names, handing over itself")
    func simulated() async throws {
        let page = SimulatedWebView()
        let screen = await PortedScreen(platform: .simulated(webView: page))
        let answer = try await Self.drive(page)
        #expect(answer == .ok, "the ported confirm answered, not the default")
        #expect(await screen.heard == Self.heard)
        #expect(await screen.handedItsWebView == [true, true, true, true])
    }

    func record(confirms: Bool = true) async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "webkit-spelling", platform: .simulated(webView: page),
            setUp: { await PortedScreen(platform: $0, confirms: confirms) },
            drive: { screen in
                _ = try await Self.drive(page)
                #expect(await screen.heard == Self.heard)
                #expect(await screen.handedItsWebView == [true, true, true, true], "the recording's web view, not the live one")
            })
    }

    @Test("a recording hands WebKit's names its own web view and records what they answered; the replay calls them too")
    func recordedAndReplayed() async throws {
        let cassette = try await record()
        let answer = cassette.events.first { $0.kind == JavaScriptDialogAnswer.eventKind }
        #expect(answer?.payload(as: JavaScriptDialogAnswer.self) == .ok)

        let screens = ScreenBox()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let screen = await PortedScreen(platform: platform)
            await screens.keep(screen)
            return screen
        }
        #expect(report.passed, "\(report)")
        let replayed = try #require(await screens.screen)
        #expect(await replayed.heard == Self.heard)
        #expect(await replayed.handedItsWebView == [true, true, true, true], "the replay's web view")
    }

    @Test("a WebKit-named confirm that answers otherwise than recorded fails the replay")
    func changedAnswerFails() async throws {
        let report = await Replayer(cassette: try await record(), options: fastReplay).replay {
            await PortedScreen(platform: $0, confirms: false)
        }
        #expect(!report.passed)
        let issue = try #require(report.issues.first)
        #expect(issue.eventKind == JavaScriptDialogAnswer.eventKind, "\(report)")
    }

    @MainActor final class ScreenBox {
        private(set) var screen: PortedScreen?
        func keep(_ screen: PortedScreen) { self.screen = screen }
    }
}
