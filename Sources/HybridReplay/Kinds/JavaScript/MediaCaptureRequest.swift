/// Media-capture permission requests (format version 2): `javascript.mediaCapture`,
/// which WebKit hands the UI delegate when the page's script calls
/// `getUserMedia`, and the delegate's `javascript.mediaDecision`,
/// caused by it and called exactly once. The seam is
/// `UIDelegate.requestMediaCapturePermission(for:initiatedByFrame:type:decisionHandler:)`.
///
/// They live on the `javascript` channel beside dialogs: the page's script
/// asks and waits until native code answers. This file also says how the
/// recorder records the call (the `RecordingUIDelegate` method below), so the
/// seam's two sides, recorded and replayed, are written in one place.
extension MediaCaptureRequest: StandardPayload {
    public static let eventKind = EventKind(.javascript, "mediaCapture")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        "\(type) for \(origin)" + (frame.isMainFrame ? "" : " (subframe)")
    }

    static func read(_ reader: inout FieldReader) -> MediaCaptureRequest? {
        let origin = reader.nested("origin", SecurityOrigin.read)
        let frame = reader.nested("frame", Frame.read)
        let type = reader.known("type", MediaCaptureType.self)
        guard let origin, let frame, let type else { return nil }
        return MediaCaptureRequest(origin: origin, frame: frame, type: type)
    }

    func write(_ writer: inout FieldWriter) {
        writer.writeObject("origin", origin.write)
        writer.writeObject("frame", frame.write)
        writer.write("type", type)
    }
}

extension MediaCaptureRequest {
    static let formatVersion = 2

    static let delivery = KindDelivery<MediaCaptureRequest>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { request, registered in
                    registered.uiDelegate == nil
                        ? "the web view has no UI delegate to decide the page's request for the \(request.type); set uiDelegate"
                        : nil
                },
                deliver: { request, event, engine, registered in
                    guard let delegate = registered.uiDelegate else { return }
                    let ticket = SettlementTicket(engine: engine)
                    delegate.requestMediaCapturePermission(request, in: registered.delegatesWebView(engine)) { decision in
                        _ = ticket
                        engine.effect(decision, knownCause: event.id)
                    }
                }))

    static let settlement: Settlement? = nil

    /// The web half does not play decisions into the page yet: its UI
    /// delegate answers as WebKit does without one (`.prompt`).
    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// The origin is a scheme, host and port; the frame's URL can carry a token in its query.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var request = self
        request.frame = rewriter.frame(frame, &placeholders) ?? frame
        return request
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

extension MediaCaptureDecision: StandardPayload {
    public static let eventKind = EventKind(.javascript, "mediaDecision")

    public static let eventDirection = Direction.effect

    public var summary: String { decision.rawValue }

    static func read(_ reader: inout FieldReader) -> MediaCaptureDecision? {
        reader.known("decision", PermissionDecision.self).map(MediaCaptureDecision.init)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("decision", decision)
    }
}

extension MediaCaptureDecision {
    static let formatVersion = 2

    static let delivery = KindDelivery<MediaCaptureDecision>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = Settlement(
        effectKind: eventKind, causeKind: MediaCaptureRequest.eventKind,
        repeatedIssue: .answerRepeated, missingIssue: .answerMissing,
        value: { $0.summary }, differenceShowsValue: true,
        repeatedHint: "call decisionHandler exactly once", missingHint: "call decisionHandler exactly once",
        wording: Settlement.Wording(
            repeated: "the media-capture request {cause} was decided twice: first {expected}, then {found}; {hint}",
            missing: "the page waits on the media-capture request {cause} and its decision handler was not called; the recording decided {expected} in event {event}; {hint}",
            differs: "the decision on media-capture request {cause} differs from the recording: expected {expected}, found {found}"))

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.onePer(MediaCaptureRequest.eventKind, "a decision")

    /// A decision is one of three words: nothing to redact.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: Recorded

extension RecordingUIDelegate {
    /// Records the request, delivers it to the app's UI delegate, and
    /// records each decision caused by it; one never made leaves none, which
    /// the replay reports missing.
    @MainActor func webView(
        _ webView: any WebView, requestMediaCapturePermissionFor origin: SecurityOrigin, initiatedByFrame frame: Frame,
        type: MediaCaptureType, decisionHandler: @escaping @Sendable (PermissionDecision) -> Void
    ) {
        let requestID = recorder.record(MediaCaptureRequest(origin: origin, frame: frame, type: type), cause: nil)
        let seen = self.webView.seen(instead: webView)
        recorder.deliver(requestID) {
            app.webView(seen, requestMediaCapturePermissionFor: origin, initiatedByFrame: frame, type: type) {
                [recorder] decision in
                recorder.record(MediaCaptureDecision(decision), cause: requestID)
                decisionHandler(decision)
            }
        }
    }
}
