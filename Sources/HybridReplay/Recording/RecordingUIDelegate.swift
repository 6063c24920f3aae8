/// Records each new-window request the web view makes, delivers it to the
/// app's UI delegate, and records whether it returned a web view as a
/// `navigation.newWindowResult` caused by the request.
struct RecordingUIDelegate: UIDelegate {
    let app: any UIDelegate
    let recorder: Recorder

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        let requestID = recorder.record(NewWindowRequest(action: action, windowFeatures: windowFeatures), cause: nil)
        let created = recorder.deliver(requestID) { app.createWebView(for: action, windowFeatures: windowFeatures) }
        recorder.record(NewWindowResult(returnedWebView: created != nil), cause: requestID)
        return created
    }
}
