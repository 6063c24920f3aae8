import Foundation
import HybridReplay

/// A bridge in a content world of its own that trusts only its app's origin:
/// it answers a trusted frame by evaluating in that frame and world, and
/// removes its handler when another origin posts to it.
struct ExampleSecureBridge: ScriptMessageHandler {
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        /// Trusts every origin.
        static let ignoresOrigin = Fault(name: "ignores origin")
        /// Answers in the page's world, where the page's scripts can see it.
        static let answersInPageWorld = Fault(name: "answers in the page world")
        /// Answers in the main frame instead of the frame that asked.
        static let answersInMainFrame = Fault(name: "answers in the main frame")
    }

    static let world = ContentWorld.world(name: "bridge")
    static let trusted = SecurityOrigin(protocol: "https", host: "app.example.com")
    static let handlerName = "bridge"

    let webView: any WebView
    var fault: Fault = .none

    init(platform: Platform, fault: Fault = .none) {
        webView = platform.webView
        self.fault = fault
        webView.addUserScript(
            UserScriptInstallation(
                source: "window.bridge = { send: (m) => webkit.messageHandlers.bridge.postMessage(m) }",
                injectionTime: .documentStart, mainFrameOnly: false, contentWorld: Self.world))
        webView.add(self, contentWorld: Self.world, name: Self.handlerName)
    }

    func didReceive(_ message: ScriptMessage) {
        guard fault == .ignoresOrigin || message.frame?.securityOrigin == Self.trusted else {
            webView.removeScriptMessageHandler(forName: Self.handlerName, contentWorld: Self.world)
            return
        }
        webView.callAsyncJavaScript(
            "window.bridge.receive(reply)", arguments: ["reply": .object(["echo": message.body])],
            in: fault == .answersInMainFrame ? nil : message.frame,
            in: fault == .answersInPageWorld ? .page : Self.world, completionHandler: nil)
    }
}
