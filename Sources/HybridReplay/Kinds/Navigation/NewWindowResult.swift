extension NewWindowResult: StandardPayload {
    public static let eventKind = EventKind(.navigation, "newWindowResult")

    public static let eventDirection = Direction.effect

    public var summary: String { returnedWebView ? "web view" : "nil" }

    static func read(_ reader: inout FieldReader) -> NewWindowResult? {
        reader.bool("returnedWebView").map(NewWindowResult.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("returnedWebView", returnedWebView) }
}

// MARK: What the kind means

extension NewWindowResult {
    static let formatVersion = 2

    static let delivery = KindDelivery<NewWindowResult>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.onePer(NewWindowRequest.eventKind, "a result")

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
