extension LocationUpdatesStop: FieldlessPayload {
    public static let eventKind = EventKind(.location, "stopUpdating")

    public static let eventDirection = Direction.effect
}

// MARK: What the kind means

extension LocationUpdatesStop {
    static let formatVersion = 1

    static let delivery = KindDelivery<LocationUpdatesStop>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
