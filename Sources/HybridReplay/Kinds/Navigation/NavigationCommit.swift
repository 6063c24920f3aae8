extension NavigationCommit: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "committed")

    public static let eventDirection = Direction.stimulus
}

// MARK: What the kind means

extension NavigationCommit {
    static let formatVersion = 2

    static let delivery = KindDelivery<NavigationCommit>
        .receiver(
            StimulusReceiver(
                missing: { _, registered in registered.navigationDelegate == nil ? "the web view has no navigation delegate" : nil },
                deliver: { commit, _, _, registered in registered.navigationDelegate?.didCommit(commit) }))

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
