import HybridReplaySeams

/// The seed's first bridge ("WKWebView to native code interaction"): the page
/// posts text to the `nativeProcess` handler and native code echoes it back
/// by evaluating `changeEcho(…)`.
///
/// In the *simple* variant the page defines `changeEcho` itself. In the
/// *injected* variant the page has no script of its own: the bridge installs
/// ``injectedScript`` at document start in every frame, as the seed's
/// `inject.js` does, before the page can post anything.
///
/// Only string bodies are echoed; any other body is ignored, as the seed's
/// `message.body is String` check does. The text reaches the page intact:
/// it is passed as a ``JavaScriptLiteral``, never spliced in raw.
public struct EchoBridge: ScriptMessageHandler {
    /// The handler name the page posts to.
    public static let handlerName = "nativeProcess"

    /// The script the injected variant installs: `changeEcho`, `sendToNative`
    /// and `sendMessage` for pages that do not define them.
    public static let injectedScript = """
        function changeEcho(newText) {
          var echo = document.getElementById("echo");
          if (echo) { echo.innerText = newText; }
        }
        function sendToNative(message) {
          window.webkit.messageHandlers.nativeProcess.postMessage(message);
        }
        function sendMessage() {
          var input = document.getElementById("ping");
          if (!input) { return; }
          sendToNative(input.value);
          input.value = "";
        }
        """

    private let webView: any WebView

    /// Registers the bridge with `webView`.
    ///
    /// - Parameters:
    ///   - webView: The web view whose page posts to `nativeProcess`.
    ///   - injectsScript: Whether to install ``injectedScript`` first, for
    ///     pages that do not bring their own `changeEcho`.
    public init(webView: any WebView, injectsScript: Bool = false) {
        self.webView = webView
        if injectsScript {
            webView.addUserScript(
                UserScriptInstallation(source: Self.injectedScript, injectionTime: .documentStart, mainFrameOnly: false))
        }
        webView.add(self, name: Self.handlerName)
    }

    /// Echoes a string body back with `changeEcho(…)`; ignores any other body.
    public func didReceive(_ message: ScriptMessage) {
        guard case .string(let text) = message.body else { return }
        webView.evaluateJavaScript("changeEcho(\(JavaScriptLiteral.string(text)))", completionHandler: nil)
    }
}
