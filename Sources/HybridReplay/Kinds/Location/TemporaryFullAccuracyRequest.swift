extension TemporaryFullAccuracyRequest: StandardPayload {
    public static let eventKind = EventKind(.location, "requestFullAccuracy")

    public static let eventDirection = Direction.effect

    public var summary: String { "purpose \(purposeKey)" }

    static func read(_ reader: inout FieldReader) -> TemporaryFullAccuracyRequest? {
        guard let purposeKey = reader.string("purposeKey") else { return nil }
        if purposeKey.isEmpty {
            reader.report("purposeKey", "the purpose key is empty; it names an entry of NSLocationTemporaryUsageDescriptionDictionary")
            return nil
        }
        return TemporaryFullAccuracyRequest(purposeKey: purposeKey)
    }

    func write(_ writer: inout FieldWriter) { writer.write("purposeKey", purposeKey) }
}

// MARK: What the kind means

extension TemporaryFullAccuracyRequest {
    static let formatVersion = 2

    static let delivery = KindDelivery<TemporaryFullAccuracyRequest>.effect(answersOn: .anywhere)

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
