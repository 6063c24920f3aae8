import HybridReplay

/// The seed's echo bridge: the page posts text to `nativeProcess`, native
/// code evaluates `changeEcho(…)` with it.
struct ExampleEchoBridge: ScriptMessageHandler {
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        static let evaluatesTwice = Fault(name: "evaluates twice")
    }

    let webView: any WebView
    let fault: Fault

    init(platform: Platform, fault: Fault = .none) {
        webView = platform.webView
        self.fault = fault
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let text) = message.body else { return }
        // A JSON string literal is a JavaScript string literal, escapes included.
        let script = "changeEcho(\(JSONValue.string(text)))"
        webView.evaluateJavaScript(script, completionHandler: nil)
        if fault == .evaluatesTwice { webView.evaluateJavaScript(script, completionHandler: nil) }
    }
}
