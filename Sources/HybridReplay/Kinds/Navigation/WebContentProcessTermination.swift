extension WebContentProcessTermination: FieldlessPayload {
    public static let eventKind = EventKind(.navigation, "processTerminated")

    public static let eventDirection = Direction.stimulus
}

// MARK: What the kind means

extension WebContentProcessTermination {
    static let formatVersion = 2

    static let delivery = KindDelivery<WebContentProcessTermination>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.navigationDelegate == nil ? "the web view has no navigation delegate" : nil },
                deliver: { _, _, engine, registered in
                    registered.navigationDelegate?.webViewWebContentProcessDidTerminate(registered.delegatesWebView(engine))
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
