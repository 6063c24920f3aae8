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
    let webView: AppWebView

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        let requestID = recorder.record(NewWindowRequest(action: action, windowFeatures: windowFeatures), cause: nil)
        let created = recorder.deliver(requestID) { app.createWebView(for: action, windowFeatures: windowFeatures) }
        recorder.record(NewWindowResult(returnedWebView: created != nil), cause: requestID)
        return created
    }

    func webView(
        _ webView: any WebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        let dialogID = recorder.record(JavaScriptDialog(kind: .alert, message: message, frame: frame), cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(dialogID) {
            app.webView(seen, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame) { [recorder] in
                recorder.record(JavaScriptDialogAnswer.ok, cause: dialogID)
                completionHandler()
            }
        }
    }

    func webView(
        _ webView: any WebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        let dialogID = recorder.record(JavaScriptDialog(kind: .confirm, message: message, frame: frame), cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(dialogID) {
            app.webView(seen, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame) { [recorder] confirmed in
                recorder.record(confirmed ? JavaScriptDialogAnswer.ok : .cancel, cause: dialogID)
                completionHandler(confirmed)
            }
        }
    }

    func webView(
        _ webView: any WebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        let dialog = JavaScriptDialog(kind: .prompt, message: prompt, defaultText: defaultText, frame: frame)
        let dialogID = recorder.record(dialog, cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(dialogID) {
            app.webView(seen, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame) {
                [recorder] text in
                recorder.record(JavaScriptDialogAnswer.prompt(text), cause: dialogID)
                completionHandler(text)
            }
        }
    }

    // The seam's shorter names, for a web view of the app's own that calls
    // them: each goes where WebKit's name goes.

    func runJavaScriptAlertPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable () -> Void
    ) {
        guard let view = webView.view else { return completionHandler() }
        webView(view, runJavaScriptAlertPanelWithMessage: message, initiatedByFrame: frame, completionHandler: completionHandler)
    }

    func runJavaScriptConfirmPanel(
        withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        guard let view = webView.view else { return completionHandler(false) }
        webView(view, runJavaScriptConfirmPanelWithMessage: message, initiatedByFrame: frame, completionHandler: completionHandler)
    }

    func runJavaScriptTextInputPanel(
        withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
        completionHandler: @escaping @Sendable (String?) -> Void
    ) {
        guard let view = webView.view else { return completionHandler(nil) }
        webView(
            view, runJavaScriptTextInputPanelWithPrompt: prompt, defaultText: defaultText, initiatedByFrame: frame,
            completionHandler: completionHandler)
    }

    func webViewDidClose() { webView.view.map { webViewDidClose($0) } }

    func requestMediaCapturePermission(
        for origin: SecurityOrigin, initiatedByFrame frame: Frame, type: MediaCaptureType,
        decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        guard let view = webView.view else { return decisionHandler(.prompt) }
        webView(
            view, requestMediaCapturePermissionFor: origin, initiatedByFrame: frame, type: type,
            decisionHandler: decisionHandler)
    }
}
