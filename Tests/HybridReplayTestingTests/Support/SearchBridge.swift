import HybridReplay

/// The search box of the guide's debounce example (docs/writing-tests.md):
/// each keystroke the page posts to `search` cancels the pending search and
/// starts one that waits 300 ms on the platform's clock, then fetches the
/// results and shows them with `shop.showResults(text)`.
@MainActor
final class SearchBridge: ScriptMessageHandler {
    static let delay = Duration.milliseconds(300)

    private let platform: Platform
    private var pending: Task<Void, Never>?
    /// The results the page was told to show, in order.
    private(set) var shown: [String] = []

    init(platform: Platform) {
        self.platform = platform
        platform.webView.add(self, name: "search")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let query) = message.body.objectValue?["q"] else { return }
        pending?.cancel()   // a later keystroke: the earlier search never runs
        let platform = platform
        pending = Task {
            do {
                try await platform.clock.sleep(for: Self.delay)
            } catch {
                return   // cancelled by the next keystroke
            }
            let request = HTTPRequest(url: "https://api.shop.example/v1/search?q=\(query)")
            let text = (try? await platform.transport.send(request))?.body?.text ?? ""
            shown.append(text)
            platform.webView.evaluateJavaScript("shop.showResults(\(JavaScriptLiteral.string(text)))", completionHandler: nil)
        }
    }
}
