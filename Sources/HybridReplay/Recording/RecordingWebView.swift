import Foundation

/// A web view that records what app code asks of a live one, and what the
/// page answers: the `script`, `javascript`, `navigation` and `scheme` channels.
///
/// Handlers and the navigation delegate the app registers are wrapped, so
/// messages and navigation actions from the page are recorded as stimuli
/// and delivered as the cause of whatever the app does in response.
final class RecordingWebView: WebView {
    private let live: any WebView
    private let recorder: Recorder

    init(wrapping live: any WebView, recorder: Recorder) {
        self.live = live
        self.recorder = recorder
    }

    func add(_ handler: any ScriptMessageHandler, contentWorld: ContentWorld, name: String) {
        live.add(RecordingMessageHandler(app: handler, recorder: recorder), contentWorld: contentWorld, name: name)
    }

    func add(_ handler: any ScriptMessageHandlerWithReply, contentWorld: ContentWorld, name: String) {
        live.add(RecordingReplyHandler(app: handler, recorder: recorder), contentWorld: contentWorld, name: name)
    }

    func removeScriptMessageHandler(forName name: String, contentWorld: ContentWorld) {
        recorder.recordEffect(ScriptHandlerRemoval(name: name, contentWorld: contentWorld))
        live.removeScriptMessageHandler(forName: name, contentWorld: contentWorld)
    }

    func addUserScript(_ script: UserScriptInstallation) {
        recorder.recordEffect(script)
        live.addUserScript(script)
    }

    func evaluateJavaScript(
        _ script: String, in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        let evaluation = JavaScriptEvaluation(script: script, frame: frame, contentWorld: contentWorld)
        let handler = answering(evaluation, then: completionHandler)
        live.evaluateJavaScript(script, in: frame, in: contentWorld, completionHandler: handler)
    }

    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], in frame: Frame?, in contentWorld: ContentWorld,
        completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) {
        let evaluation = JavaScriptEvaluation(script: body, arguments: arguments, frame: frame, contentWorld: contentWorld)
        let handler = answering(evaluation, then: completionHandler)
        live.callAsyncJavaScript(body, arguments: arguments, in: frame, in: contentWorld, completionHandler: handler)
    }

    /// The app's delegate; the live web view holds it wrapped, so that what it does is recorded.
    var navigationDelegate: (any NavigationDelegate)? {
        get { (live.navigationDelegate as? RecordingNavigationDelegate)?.app ?? live.navigationDelegate }
        set {
            live.navigationDelegate = newValue.map {
                RecordingNavigationDelegate(app: $0, recorder: recorder, webView: AppWebView(self))
            }
        }
    }

    /// The app's UI delegate, held wrapped by the live web view as ``navigationDelegate`` is.
    var uiDelegate: (any UIDelegate)? {
        get { (live.uiDelegate as? RecordingUIDelegate)?.app ?? live.uiDelegate }
        set { live.uiDelegate = newValue.map { RecordingUIDelegate(app: $0, recorder: recorder, webView: AppWebView(self)) } }
    }

    /// What the live web view reports; reading it is not recorded.
    @MainActor var url: URL? { live.url }

    func load(_ load: NavigationLoad) {
        recorder.recordEffect(load)
        live.load(load)
    }

    func setURLSchemeHandler(_ handler: (any URLSchemeHandler)?, forURLScheme scheme: String) {
        live.setURLSchemeHandler(handler.map { RecordingURLSchemeHandler(app: $0, recorder: recorder) }, forURLScheme: scheme)
    }

    /// Records `evaluation` and returns the completion handler to give the
    /// live web view: it records the result as the answer and calls the
    /// app's handler with the result as the cause of what the handler does.
    ///
    /// When the calling task awaits the result (the `async` forms), the
    /// result also becomes the cause of what that task does next. The
    /// result is recorded even when the app passed no handler, so the
    /// cassette says what the page returned.
    private func answering(
        _ evaluation: JavaScriptEvaluation,
        then completionHandler: (@MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void)?
    ) -> @MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void {
        let caller = AwaitedSeamCall.isAwaited ? recorder.callSite() : nil
        let evaluationID = recorder.recordEffect(evaluation)
        return { [recorder] result in
            let outcome: Outcome =
                switch result {
                case .success(let value): .value(value)
                case .failure(let error): .error(error.message)
                }
            let resultID = recorder.record(JavaScriptResult(outcome), cause: nil, answers: evaluationID)
            guard let completionHandler else { return }
            // Before resuming the awaiting task, which reads it when it makes its next effect.
            if let caller { recorder.answered(caller, by: resultID) }
            recorder.deliver(resultID) { completionHandler(result) }
        }
    }
}

/// The web view app code set a delegate on, which the recording wrappers hand
/// to its callbacks (`webView(_:didFinish:)`) in place of the live one they
/// are called with. Weak: the live web view keeps the wrapper, and the
/// recording web view the live one.
struct AppWebView: Sendable {
    private weak var recording: RecordingWebView?

    init(_ recording: RecordingWebView) { self.recording = recording }

    /// The recording web view, or `live` once the app let go of it.
    func seen(instead live: any WebView) -> any WebView { recording ?? live }

    /// The recording web view, while the app holds it.
    var view: (any WebView)? { recording }
}
