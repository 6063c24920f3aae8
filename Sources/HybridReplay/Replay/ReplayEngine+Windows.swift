/// Playing back new-window requests to the UI delegate.
extension ReplayEngine {
    /// Asks the UI delegate for a web view; whether it returned one is an
    /// effect caused by the request. The call returns synchronously, so it
    /// answers exactly once.
    @MainActor func openWindow(_ request: NewWindowRequest, id: Int, by delegate: any UIDelegate) {
        let created = delegate.createWebView(for: request.action, windowFeatures: request.windowFeatures)
        effect(NewWindowResult(returnedWebView: created != nil), knownCause: id)
    }
}
