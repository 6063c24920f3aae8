import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A UI delegate that only answers `confirm()`, as most apps write it.
@MainActor
final class ConfirmOnlyDelegate: UIDelegate {
    init(platform: Platform) { platform.webView.setUIDelegate(self) }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        completionHandler(true)
    }
}

@Suite("A UI delegate that implements only what it needs")
struct UIDelegateDefaultsTests {
    @Test("a delegate without createWebView refuses window.open, as WebKit does, and still answers its dialogs")
    func noCreateWebView() async throws {
        let page = SimulatedWebView()
        let delegate = await ConfirmOnlyDelegate(platform: .simulated(webView: page))
        let window = try page.openWindow(
            for: NavigationAction(url: "https://example.com/popup", navigationType: .linkActivated, targetFrame: nil))
        #expect(window == nil)
        let answer = try await page.runJavaScriptDialog(
            JavaScriptDialog(kind: .confirm, message: "Delete?", frame: .main("https://example.com/")))
        #expect(answer == .ok)
        withExtendedLifetime(delegate) {}
    }
}
