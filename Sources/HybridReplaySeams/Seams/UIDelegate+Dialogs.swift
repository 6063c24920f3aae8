/// The one place a ``JavaScriptDialog`` value is turned into the call for its
/// kind (the calls' defaults sit with their requirements in `UIDelegate.swift`).
extension UIDelegate {
    /// Asks the method for `dialog`'s kind and passes its answer to `answer`
    /// as many times as the delegate calls its completion handler.
    ///
    /// A dialog of a kind this version does not know is answered with Cancel at once.
    @MainActor package func runJavaScriptDialog(
        _ dialog: JavaScriptDialog, in webView: any WebView, answer: @escaping @Sendable (JavaScriptDialogAnswer) -> Void
    ) {
        switch dialog.kind {
        case .alert:
            self.webView(webView, runJavaScriptAlertPanelWithMessage: dialog.message, initiatedByFrame: dialog.frame) {
                answer(.ok)
            }
        case .confirm:
            self.webView(webView, runJavaScriptConfirmPanelWithMessage: dialog.message, initiatedByFrame: dialog.frame) {
                answer($0 ? .ok : .cancel)
            }
        case .prompt:
            self.webView(
                webView, runJavaScriptTextInputPanelWithPrompt: dialog.message, defaultText: dialog.defaultText,
                initiatedByFrame: dialog.frame
            ) { answer(.prompt($0)) }
        default:
            answer(.cancel)
        }
    }
}

extension JavaScriptDialog {
    /// The answer WebKit gives when no delegate runs the dialog: OK for an
    /// alert, Cancel for a confirm or a prompt.
    package var defaultAnswer: JavaScriptDialogAnswer { kind == .alert ? .ok : .cancel }
}
