import HybridReplay

/// The bridge of the guide's waiting example: the page posts `{guid}` to
/// `greet`, the bridge fetches a greeting in a task of its own and settles
/// the page's promise with `settle(guid, text)`.
struct GuideGreetingBridge: ScriptMessageHandler {
    static let endpoint = "https://api.example.com/greeting"

    let platform: Platform

    init(platform: Platform) {
        self.platform = platform
        platform.webView.add(self, name: "greet")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid) = body["guid"] else { return }
        let platform = platform
        Task {
            let text: String
            do {
                let response = try await platform.transport.send(HTTPRequest(url: Self.endpoint))
                if case .text(let body) = response.body { text = body } else { text = "" }
            } catch {
                text = ""
            }
            platform.webView.evaluateJavaScript(
                "settle(\(JavaScriptLiteral.string(guid)), \(JavaScriptLiteral.string(text)))", completionHandler: nil)
        }
    }
}
