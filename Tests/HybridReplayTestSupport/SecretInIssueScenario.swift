import HybridReplay

/// A replay whose issue compares two secrets: a prompt asking for a token
/// (its message holds a third), answered in the recording with one GitHub
/// token and by the implementation with another. The report's expected,
/// found, cause and differences all hold a secret before redaction.
public enum SecretInIssueScenario {
    /// The token the recording answered with.
    public static let recordedToken = "ghp_" + String(repeating: "R", count: 36)
    /// The token the implementation answers with.
    public static let answeredToken = "ghp_" + String(repeating: "A", count: 36)
    /// The key the prompt's message shows.
    public static let promptKey = "sk_live_" + String(repeating: "P", count: 24)

    /// Whether `text` holds any of the three secrets.
    public static func leaks(_ text: String) -> Bool {
        text.contains(recordedToken) || text.contains(answeredToken) || text.contains(promptKey)
    }

    /// The cassette: the prompt, and the recorded answer; the header lists
    /// the default redaction rules, as a recording's does.
    public static var cassette: Cassette {
        let frame = Frame.main("https://app.example.com/")
        let prompt = JavaScriptDialog(kind: .prompt, message: "Paste the token for \(promptKey)", defaultText: answeredToken, frame: frame)
        return Cassette(
            header: CassetteHeader(name: "secret-prompt", redactions: Redaction.default.ruleNames),
            events: [
                Event(id: 1, at: 0, payload: prompt),
                Event(id: 2, at: 0, cause: 1, payload: JavaScriptDialogAnswer(confirmed: true, text: recordedToken)),
            ])
    }

    /// Replays ``cassette`` against a UI delegate that accepts the prompt's default text.
    public static func replay(options: ReplayOptions = ReplayOptions(stallTimeout: .milliseconds(50))) async -> ReplayReport {
        await Replayer(cassette: cassette, path: "Cassettes/secret-prompt.json", options: options).replay { platform in
            DefaultTextAnswerer(platform: platform)
        }
    }
}

/// Answers every prompt with its default text.
private struct DefaultTextAnswerer: UIDelegate {
    init(platform: Platform) { platform.webView.setUIDelegate(self) }

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? { nil }

    func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void
    ) { completionHandler() }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) { completionHandler(true) }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) { completionHandler(defaultText) }
}
