/// Which panel a page opened: `alert()`, `confirm()` or `prompt()`.
public struct JavaScriptDialogKind: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `alert(message)`: a message the user dismisses.
    public static let alert = JavaScriptDialogKind(rawValue: "alert")
    /// `confirm(message)`: OK answers `true`, Cancel `false`.
    public static let confirm = JavaScriptDialogKind(rawValue: "confirm")
    /// `prompt(message, defaultText)`: OK answers the text entered, Cancel `null`.
    public static let prompt = JavaScriptDialogKind(rawValue: "prompt")
    public static let known: [JavaScriptDialogKind] = [.alert, .confirm, .prompt]
    public static let valueName = "dialog kind"
}

/// A JavaScript dialog the page opened and waits on, as WebKit asks the UI
/// delegate to run it (`runJavaScriptAlertPanelWithMessage:`,
/// `…ConfirmPanelWithMessage:`, `…TextInputPanelWithPrompt:defaultText:`).
///
/// The page's script is blocked until the delegate answers: bridges such as
/// Capacitor's use a synchronous `prompt()` to call native code.
public struct JavaScriptDialog: Sendable, Hashable {
    public var kind: JavaScriptDialogKind
    /// The text the page passed: the message, or the prompt's question.
    public var message: String
    /// The text a prompt's field starts with; `nil` for alerts and confirms.
    public var defaultText: String?
    /// The frame whose script opened the dialog (`initiatedByFrame`).
    public var frame: Frame

    public init(kind: JavaScriptDialogKind, message: String, defaultText: String? = nil, frame: Frame) {
        self.kind = kind
        self.message = message
        self.defaultText = defaultText
        self.frame = frame
    }
}

/// How the UI delegate answered a JavaScript dialog: with OK (and, for a
/// prompt, the text entered) or with Cancel.
///
/// An alert's answer is always ``ok``: its completion handler takes no value.
public struct JavaScriptDialogAnswer: Sendable, Hashable {
    /// Whether the dialog was answered with OK: `confirm()` returns it;
    /// a prompt answered with Cancel returns `null`.
    public var confirmed: Bool
    /// The text a prompt answered with OK returns; `nil` otherwise.
    public var text: String?

    public init(confirmed: Bool, text: String? = nil) {
        self.confirmed = confirmed
        self.text = text
    }

    /// OK, with no text: a dismissed alert, a confirmed `confirm()`.
    public static let ok = JavaScriptDialogAnswer(confirmed: true)
    /// Cancel: `confirm()` returns `false`, `prompt()` returns `null`.
    public static let cancel = JavaScriptDialogAnswer(confirmed: false)

    /// The answer to a prompt whose completion handler got `text`: OK with the text, or Cancel for `nil`.
    public static func prompt(_ text: String?) -> JavaScriptDialogAnswer {
        text.map { JavaScriptDialogAnswer(confirmed: true, text: $0) } ?? .cancel
    }
}
