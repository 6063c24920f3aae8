/// The navigation response policy of format version 2: `navigation.response`
/// and its `navigation.responseDecision`.
extension NavigationResponse: StandardPayload {
    public static let eventKind = EventKind(.navigation, "response")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        [status.map(String.init), mimeType, urlString].compactMap { $0 }.joined(separator: " ")
            + (isForMainFrame ? "" : " (subframe)") + (canShowMIMEType ? "" : " (cannot show)")
    }

    static func read(_ reader: inout FieldReader) -> NavigationResponse? {
        let url = reader.string("url")
        let status = reader.integer("status", required: false)
        if let status, !(100...599).contains(status) {
            reader.report("status", "an HTTP status is between 100 and 599, found \(status)")
        }
        let mimeType = reader.optionalString("mimeType")
        let isForMainFrame = reader.bool("isForMainFrame")
        let canShowMIMEType = reader.bool("canShowMIMEType")
        guard let url, let isForMainFrame, let canShowMIMEType, status.map((100...599).contains) ?? true else {
            return nil
        }
        return NavigationResponse(
            url: url, status: status, mimeType: mimeType, isForMainFrame: isForMainFrame,
            canShowMIMEType: canShowMIMEType)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", urlString)
        writer.write("status", status)
        writer.write("mimeType", mimeType)
        writer.write("isForMainFrame", isForMainFrame)
        writer.write("canShowMIMEType", canShowMIMEType)
    }
}

// MARK: What the kind means

extension NavigationResponse {
    static let formatVersion = 2

    static let delivery = KindDelivery<NavigationResponse>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.navigationDelegate == nil ? "the web view has no navigation delegate" : nil },
                deliver: { response, event, engine, registered in
                    guard let delegate = registered.navigationDelegate else { return }
                    engine.decide(response, id: event.id, by: delegate, in: registered.delegatesWebView(engine))
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.pageStimulus

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var response = self
        response.urlString = rewriter.url(urlString, &placeholders)
        return response
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension NavigationResponse: WebHalfPageStep {
    var pageDoes: String { "receive the response for \(urlString)" }
}
