extension OneShotLocationRequest: StandardPayload {
    public static let eventKind = EventKind(.location, "requestLocation")

    public static let eventDirection = Direction.effect

    public var summary: String { "one fix" }

    static func read(_ reader: inout FieldReader) -> OneShotLocationRequest? { OneShotLocationRequest() }

    func write(_ writer: inout FieldWriter) {}
}

// MARK: What the kind means

extension OneShotLocationRequest {
    static let formatVersion = 2

    static let delivery = KindDelivery<OneShotLocationRequest>.effect(answersOn: .anywhere)

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
