// The dialog and set-up examples of docs/simulated-platform.md, compiled and
// run here; DocumentationExamplesTests keeps the guide's text equal to them.
import Foundation
import HybridReplayTesting
import Testing

/// A trip screen whose UI delegate is set only once the first page has
/// loaded (through the main queue, as iOS code often does), and which asks
/// the page's `confirm()` and `prompt()` as the user would answer them.
@MainActor
final class TripDialogScreen: NavigationDelegate, UIDelegate, ScriptMessageHandlerWithReply {
    private let webView: any WebView

    init(platform: Platform) {
        webView = platform.webView
        webView.setNavigationDelegate(self)
        webView.add(self, name: "ping")
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func didFinish(_ navigation: NavigationFinish) {
        OperationQueue.main.addOperation {
            MainActor.assumeIsolated { self.webView.setUIDelegate(self) }
        }
    }

    /// The page's `ping` is answered from the main queue too, after the UI delegate is set.
    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        OperationQueue.main.addOperation { replyHandler(.value("pong")) }
    }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        completionHandler(message == "Cancel the ride?")
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        completionHandler(defaultText)
    }
}

@Suite("The simulated platform guide's dialog examples")
struct DialogDriveExamples {
    @Test("a drive waits for a UI delegate set after the load by a round trip, then answers confirm and prompt")
    func dialogsAfterLoad() async throws {
        let page = SimulatedWebView()
        let screen = await TripDialogScreen(platform: .simulated(webView: page))
        try page.startProvisionalNavigation(to: "app://trip/index.html")
        try page.commitNavigation(to: "app://trip/index.html")
        try page.finishNavigation(at: "app://trip/index.html")
        // The UI delegate is set on the main queue after didFinish: the reply
        // to a ping queued behind it says it is there.
        _ = try await page.postMessageAwaitingReply("ping", to: "ping")
        let cancel = try await page.runJavaScriptDialog(
            JavaScriptDialog(kind: .confirm, message: "Cancel the ride?", frame: .main("app://trip/index.html")))
        #expect(cancel == .ok)
        let tip = try await page.runJavaScriptDialog(
            JavaScriptDialog(kind: .prompt, message: "Leave a tip?", defaultText: "2", frame: .main("app://trip/index.html")))
        #expect(tip == .prompt("2"))
        withExtendedLifetime(screen) {}
    }

    @Test("a dialog before any UI delegate is set fails the drive at once, naming uiDelegate")
    func dialogWithoutUIDelegateThrows() async throws {
        let page = SimulatedWebView()
        let screen = await TripDialogScreen(platform: .simulated(webView: page))
        let error = await #expect(throws: SimulationError.self) {
            _ = try await page.runJavaScriptDialog(JavaScriptDialog(kind: .alert, message: "Hi", frame: .main()))
        }
        #expect(error?.message.contains("set uiDelegate") == true, "\(String(describing: error))")
        withExtendedLifetime(screen) {}
    }

    @Test("each lifecycle call throws when no navigation delegate is set, and a load makes none of them")
    func lifecycleNeedsADelegate() async throws {
        let page = SimulatedWebView()
        #expect(throws: SimulationError.self) { try page.startProvisionalNavigation(to: "app://trip/index.html") }
        #expect(throws: SimulationError.self) { try page.commitNavigation(to: "app://trip/index.html") }
        #expect(throws: SimulationError.self) { try page.finishNavigation(at: "app://trip/index.html") }
        let recorder = Recorder(name: "load")
        let platform = recorder.platform(wrapping: .simulated(webView: page))
        await MainActor.run { platform.webView.load(HTTPRequest(url: "app://trip/index.html")) }
        #expect(recorder.events.map(\.kind) == [NavigationLoad.eventKind])
    }

    @Test("the answers a drive compares with are values: OK, Cancel, and a prompt's text")
    func answers() {
        #expect(JavaScriptDialogAnswer.ok == JavaScriptDialogAnswer(confirmed: true))
        #expect(JavaScriptDialogAnswer.cancel == JavaScriptDialogAnswer(confirmed: false))
        #expect(JavaScriptDialogAnswer.prompt("2") == JavaScriptDialogAnswer(confirmed: true, text: "2"))
        #expect(JavaScriptDialogAnswer.prompt(nil) == .cancel)
    }
}
