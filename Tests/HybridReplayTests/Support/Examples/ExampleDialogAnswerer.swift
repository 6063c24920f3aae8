import HybridReplay

/// A UI delegate that answers the page's dialogs as a hybrid app does: a
/// `prompt` whose message is a bridge call (`bridge:echo:…`) is answered
/// with the result, a confirm about deleting is confirmed, an alert is
/// dismissed; used to record and replay the `javascript.dialog` seam.
struct ExampleDialogAnswerer: UIDelegate {
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        /// Calls every completion handler twice.
        static let answersTwice = Fault(name: "answers twice")
        /// Never calls a prompt's completion handler.
        static let forgetsPrompts = Fault(name: "forgets prompts")
        /// Answers every prompt with Cancel.
        static let cancelsPrompts = Fault(name: "cancels prompts")
    }

    var fault: Fault = .none

    init(platform: Platform, fault: Fault = .none) {
        self.fault = fault
        platform.webView.setUIDelegate(self)
    }

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? { nil }

    func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
        if fault == .answersTwice { completionHandler() }
    }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        completionHandler(message.hasPrefix("Delete"))
        if fault == .answersTwice { completionHandler(false) }
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        if fault == .forgetsPrompts { return }
        if fault == .cancelsPrompts { return completionHandler(nil) }
        let call = "bridge:echo:"
        completionHandler(prompt.hasPrefix(call) ? String(prompt.dropFirst(call.count)) : defaultText)
        if fault == .answersTwice { completionHandler("again") }
    }
}
