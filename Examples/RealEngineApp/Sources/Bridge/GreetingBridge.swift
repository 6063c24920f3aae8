import Foundation
import HybridReplaySeams

/// A bridge written the way iOS code is: a `@MainActor` class whose handler
/// answers the page through `evaluateJavaScript` after a hop with
/// `DispatchQueue.main.async`, the data spliced in as a JavaScript literal.
@MainActor
public final class GreetingBridge: ScriptMessageHandler {
    private let webView: any WebView

    public init(webView: any WebView) {
        self.webView = webView
        webView.add(self, name: "greet")
    }

    public func didReceive(_ message: ScriptMessage) {
        guard case .string(let name) = message.body else { return }
        let script = "showGreeting(\(JavaScriptLiteral.string("Hello, " + name + "!")))"
        DispatchQueue.main.async {
            self.webView.evaluateJavaScript(script, completionHandler: nil)
        }
    }
}
