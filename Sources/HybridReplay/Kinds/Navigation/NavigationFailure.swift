extension NavigationFailure: StandardPayload {
    public static let eventKind = EventKind(.navigation, "failed")

    public static let eventDirection = Direction.stimulus

    public var summary: String { "\(phase) \(urlString ?? "(no URL)"): \(error)" }

    static func read(_ reader: inout FieldReader) -> NavigationFailure? {
        let url = reader.optionalString("url")
        let phase = reader.known("phase", NavigationPhase.self)
        let error = reader.nested("error", NavigationError.read)
        guard let phase, let error else { return nil }
        return NavigationFailure(url: url, phase: phase, error: error)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", urlString)
        writer.write("phase", phase)
        writer.writeObject("error", error.write)
    }
}

// MARK: What the kind means

extension NavigationFailure {
    static let formatVersion = 2

    static let delivery = KindDelivery<NavigationFailure>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.navigationDelegate == nil ? "the web view has no navigation delegate" : nil },
                deliver: { failure, _, engine, registered in
                    engine.receivers.update { $0.webViewURL.failed(failure.phase) }
                    registered.navigationDelegate?.tell(failure, in: registered.delegatesWebView(engine))
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.floating

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var failure = self
        failure.urlString = urlString.map { rewriter.url($0, &placeholders) }
        // A failure's description may quote the URL that failed.
        failure.error.message = rewriter.text(error.message, &placeholders)
        return failure
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
