/// Records each new-window request and JavaScript dialog the web view
/// brings, delivers it to the app's UI delegate, and records the answer —
/// whether it returned a web view (`navigation.newWindowResult`), how it
/// answered the dialog (`javascript.dialogAnswer`) — caused by the request.
///
/// A dialog the delegate never answers leaves no answer in the cassette;
/// the replayer reports it missing, as it does a navigation decision.
struct RecordingUIDelegate: UIDelegate {
    let app: any UIDelegate
    let recorder: Recorder

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        let requestID = recorder.record(NewWindowRequest(action: action, windowFeatures: windowFeatures), cause: nil)
        let created = recorder.deliver(requestID) { app.createWebView(for: action, windowFeatures: windowFeatures) }
        recorder.record(NewWindowResult(returnedWebView: created != nil), cause: requestID)
        return created
    }

    func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void
    ) {
        let dialogID = recorder.record(JavaScriptDialog(kind: .alert, message: message, frame: frame), cause: nil)
        recorder.deliver(dialogID) {
            app.runJavaScriptAlertPanel(withMessage: message, initiatedByFrame: frame) { [recorder] in
                recorder.record(JavaScriptDialogAnswer.ok, cause: dialogID)
                completionHandler()
            }
        }
    }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        let dialogID = recorder.record(JavaScriptDialog(kind: .confirm, message: message, frame: frame), cause: nil)
        recorder.deliver(dialogID) {
            app.runJavaScriptConfirmPanel(withMessage: message, initiatedByFrame: frame) { [recorder] confirmed in
                recorder.record(confirmed ? JavaScriptDialogAnswer.ok : .cancel, cause: dialogID)
                completionHandler(confirmed)
            }
        }
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        let dialog = JavaScriptDialog(kind: .prompt, message: prompt, defaultText: defaultText, frame: frame)
        let dialogID = recorder.record(dialog, cause: nil)
        recorder.deliver(dialogID) {
            app.runJavaScriptTextInputPanel(withPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame) {
                [recorder] text in
                recorder.record(JavaScriptDialogAnswer.prompt(text), cause: dialogID)
                completionHandler(text)
            }
        }
    }
}
