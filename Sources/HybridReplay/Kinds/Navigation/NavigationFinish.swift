extension NavigationFinish: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "finished")

    public static let eventDirection = Direction.stimulus
}

// MARK: What the kind means

extension NavigationFinish {
    static let formatVersion = 2

    static let delivery = KindDelivery<NavigationFinish>
        .receiver(
            StimulusReceiver(
                missing: { _, registered in registered.navigationDelegate == nil ? "the web view has no navigation delegate" : nil },
                deliver: { finish, _, _, registered in registered.navigationDelegate?.didFinish(finish) }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.floating

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        Self(url: urlString.map { rewriter.url($0, &placeholders) })
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
