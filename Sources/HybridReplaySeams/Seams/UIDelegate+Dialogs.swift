/// The answers WebKit gives when a UI delegate lacks a method, and
/// the one place a ``JavaScriptDialog`` value is turned into the call for its kind.
extension UIDelegate {
    /// Opens no window, as WebKit does for a delegate without this method:
    /// a delegate that only runs dialogs need not write it.
    @MainActor public func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        nil
    }

    /// Dismisses the alert, as WebKit does for a delegate without this method.
    @MainActor public func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
    }

    /// Answers `false`, as WebKit does for a delegate without this method.
    @MainActor public func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        completionHandler(false)
    }

    /// Answers `nil`, as WebKit does for a delegate without this method.
    @MainActor public func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Asks the method for `dialog`'s kind and passes its answer to `answer`
    /// as many times as the delegate calls its completion handler.
    ///
    /// A dialog of a kind this version does not know is answered with Cancel at once.
    @MainActor package func runJavaScriptDialog(
        _ dialog: JavaScriptDialog, answer: @escaping @Sendable (JavaScriptDialogAnswer) -> Void
    ) {
        switch dialog.kind {
        case .alert:
            runJavaScriptAlertPanel(withMessage: dialog.message, initiatedByFrame: dialog.frame) { answer(.ok) }
        case .confirm:
            runJavaScriptConfirmPanel(withMessage: dialog.message, initiatedByFrame: dialog.frame) {
                answer($0 ? .ok : .cancel)
            }
        case .prompt:
            runJavaScriptTextInputPanel(
                withPrompt: dialog.message, defaultText: dialog.defaultText, initiatedByFrame: dialog.frame
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
