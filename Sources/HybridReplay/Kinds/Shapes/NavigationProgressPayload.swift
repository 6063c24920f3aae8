/// A lifecycle step whose only field is the URL the web view reports, handed
/// to the navigation delegate: `navigation.started`, `navigation.committed`
/// and `navigation.finished`.
///
/// Being such a step says most of what the kind means, so the shape answers
/// those requirements once: the URL is its only field and is redacted as a
/// URL; the navigation delegate receives it, by the method ``notify(_:in:)``
/// names, which is what differs from step to step; it settles nothing,
/// answers nothing, may be caused by anything, is not the page's doing in
/// the web half, and floats among racing work (WebKit reports it from the
/// web content process, see ``RecordingOrder``). Each kind still says its
/// name, direction and the format version that added it, and ``notify(_:in:)``
/// has no default, so a step that forgets its delegate call does not compile.
protocol NavigationProgressPayload: StandardPayload {
    var urlString: String? { get }
    init(url: String?)
    /// Calls the method of `delegate` the platform calls with this step, such
    /// as `webView(_:didCommit:)`, as `webView`'s delegate.
    @MainActor func notify(_ delegate: any NavigationDelegate, in webView: any WebView)
    /// Moves what `webView.url` reads as the platform does before it calls the delegate with this step.
    func move(_ url: inout WebViewURLState)
}

extension NavigationProgressPayload {
    public var summary: String { urlString ?? "(no URL)" }

    static func read(_ reader: inout FieldReader) -> Self? { Self(url: reader.optionalString("url")) }

    func write(_ writer: inout FieldWriter) { writer.write("url", urlString) }

    static var delivery: KindDelivery<Self> {
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.navigationDelegate == nil ? "the web view has no navigation delegate" : nil },
                deliver: { step, _, engine, registered in
                    engine.receivers.update { step.move(&$0.webViewURL) }
                    registered.navigationDelegate.map { step.notify($0, in: registered.delegatesWebView(engine)) }
                }))
    }

    static var settlement: Settlement? { nil }

    static var webHalfRole: WebHalfRole { .notThePage }

    static var writtenOrder: WrittenOrder { .floating }

    static var answerRule: AnswerRule { .none }

    static var causeRule: CauseRule { .free }

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        Self(url: urlString.map { rewriter.url($0, &placeholders) })
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
