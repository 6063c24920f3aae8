// Drives the adapter with fakes built from the mirror's "Mirror-only" initialisers, which the
// real SDK does not have: compiled where AppleMirrorWebKit stands in for WebKit (docs/apple-adapters.md).
#if !canImport(WebKit)

import Foundation
import HybridReplaySeams
import Testing

@testable import HybridReplayWebKit

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// A UI delegate that answers prompts with their default text, twice when asked to, and drops confirms.
struct DialogAnsweringDelegate: UIDelegate {
    let seen = Received<Frame>()
    var answersTwice = false

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? { nil }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        seen.append(frame)
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        seen.append(frame)
        completionHandler(defaultText.map { "\(prompt): \($0)" })
        if answersTwice { completionHandler("again") }
    }
}

@MainActor
@Suite("UIDelegateBridge: JavaScript dialogs")
struct UIDelegateBridgeDialogTests {
    let webView = FakeWebView()
    let log = IssueLog()

    @Test("a prompt reaches the UI delegate with its frame, and its answer reaches WebKit once; a second is reported")
    func prompt() async {
        let bridge = UIDelegateBridge(DialogAnsweringDelegate(answersTwice: true), report: log.report)
        let answers = Received<String?>()
        bridge.webView(
            webView, runJavaScriptTextInputPanelWithPrompt: "name?", defaultText: "Ada",
            initiatedByFrame: frame("https://app.example/")
        ) { answers.append($0) }
        await mainQueueDrained()
        #expect(answers.all == ["name?: Ada"])
        #expect(log.all.map(\.kind) == [.calledTwice])
        #expect(log.all.first?.message.contains(#"the prompt dialog "name?""#) == true, "\(log.all)")
    }

    @Test("a delegate without the alert method dismisses it; a confirm dropped uncalled is answered false and reported")
    func defaultsAndDropped() async {
        let delegate = DialogAnsweringDelegate()
        let bridge = UIDelegateBridge(delegate, report: log.report)
        let dismissed = Received<Bool>()
        bridge.webView(webView, runJavaScriptAlertPanelWithMessage: "Saved", initiatedByFrame: frame("https://app.example/")) {
            dismissed.append(true)
        }
        let confirmed = Received<Bool>()
        bridge.webView(
            webView, runJavaScriptConfirmPanelWithMessage: "Delete?", initiatedByFrame: frame("https://app.example/pay", main: false)
        ) { confirmed.append($0) }
        await mainQueueDrained()
        #expect(dismissed.all == [true])
        #expect(confirmed.all == [false])
        #expect(log.all.map(\.kind) == [.neverCalled])
        #expect(delegate.seen.all.map(\.isMainFrame) == [false])
    }
}

#endif
