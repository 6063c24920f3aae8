/// Playing back what the UI delegate is asked: new windows and JavaScript dialogs.
extension ReplayEngine {
    /// Asks the UI delegate for a web view; whether it returned one is an
    /// effect caused by the request. The call returns synchronously, so it
    /// answers exactly once.
    @MainActor func openWindow(_ request: NewWindowRequest, id: Int, by delegate: any UIDelegate) {
        let created = delegate.createWebView(for: request.action, windowFeatures: request.windowFeatures)
        effect(NewWindowResult(returnedWebView: created != nil), knownCause: id)
    }

    /// Asks the UI delegate to run `dialog`; each answer is an effect caused
    /// by it, judged as a ``Settlement/dialogAnswer``: once, and not never.
    @MainActor func runDialog(_ dialog: JavaScriptDialog, id: Int, by delegate: any UIDelegate, in webView: any WebView) {
        let ticket = SettlementTicket(engine: self)
        delegate.runJavaScriptDialog(dialog, in: webView) { answer in
            _ = ticket
            self.effect(answer, knownCause: id)
        }
    }
}
