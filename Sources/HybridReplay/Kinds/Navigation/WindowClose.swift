/// The page closed its window (format version 2): `navigation.windowClose`,
/// which WebKit hands the UI delegate when the page's script calls
/// `window.close()` and WebKit lets it. The seam is `UIDelegate.webViewDidClose()`.
///
/// It lives on the `navigation` channel beside `navigation.newWindow`: a
/// window the page opened is the one it may close. WebKit passes only the
/// web view, so the kind has no fields, and nothing answers it. This file
/// also says how the recorder records the call and how the web half hears
/// the page make it (the `RecordingUIDelegate` and `WebHalfUIReceiver`
/// methods below), so every side of the seam is written in one place.
extension WindowClose: FieldlessPayload {
    public static let eventKind = EventKind(.navigation, "windowClose")

    public static let eventDirection = Direction.stimulus
}

// MARK: What the kind means

extension WindowClose {
    static let formatVersion = 2

    static let delivery = KindDelivery<WindowClose>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in
                    registered.uiDelegate == nil
                        ? "the web view has no UI delegate to hear the page close its window; set uiDelegate"
                        : nil
                },
                deliver: { _, _, engine, registered in registered.uiDelegate?.webViewDidClose(registered.delegatesWebView(engine)) }))

    static let settlement: Settlement? = nil

    /// The page does it: a web-half replay waits for the page's `window.close()`.
    static let webHalfRole = WebHalfRole.pageStimulus

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// The kind has no fields, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: Recorded

extension RecordingUIDelegate {
    /// Records that the page closed its window and delivers it to the app's UI delegate.
    @MainActor func webViewDidClose(_ webView: any WebView) {
        let id = recorder.record(WindowClose(), cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(id) { app.webViewDidClose(seen) }
    }
}

// MARK: In the web half

extension WindowClose: WebHalfPageStep {
    var pageDoes: String { "close its window (window.close())" }
}

extension WebHalfUIReceiver {
    /// Hands the page's `window.close()` to the matcher as the recorded step it should be.
    @MainActor func webViewDidClose() {
        session.pageTook { $0.pageDid(WindowClose(), unrecorded: "the page closed its window, which the cassette does not record") }
    }
}
