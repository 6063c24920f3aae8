extension JavaScriptResult: OutcomePayload {
    public static let eventKind = EventKind(.javascript, "result")

    public static let eventDirection = Direction.stimulus
}

// MARK: What the kind means

extension JavaScriptResult {
    static let formatVersion = 1

    static let delivery = KindDelivery<JavaScriptResult>.answer

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.pageStimulus

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.answers([JavaScriptEvaluation.eventKind], required: true)

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        JavaScriptResult(rewriter.outcome(outcome, &placeholders))
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension JavaScriptResult: WebHalfPageStep {
    var pageDoes: String { "give the evaluation's result (\(summary))" }
}
