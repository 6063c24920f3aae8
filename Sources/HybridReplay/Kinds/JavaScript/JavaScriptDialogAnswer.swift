extension JavaScriptDialogAnswer: StandardPayload {
    public static let eventKind = EventKind(.javascript, "dialogAnswer")

    public static let eventDirection = Direction.effect

    public var summary: String {
        confirmed ? "OK" + (text.map { " \(JavaScriptLiteral.string($0))" } ?? "") : "Cancel"
    }

    static func read(_ reader: inout FieldReader) -> JavaScriptDialogAnswer? {
        let confirmed = reader.bool("confirmed")
        let text = reader.optionalString("text")
        if confirmed == false, text != nil {
            reader.report("text", "a dialog answered with Cancel has no 'text'")
        }
        guard let confirmed else { return nil }
        return JavaScriptDialogAnswer(confirmed: confirmed, text: confirmed ? text : nil)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("confirmed", confirmed)
        writer.write("text", text)
    }
}

// MARK: What the kind means

extension JavaScriptDialogAnswer {
    static let formatVersion = 2

    static let delivery = KindDelivery<JavaScriptDialogAnswer>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = Settlement(
        effectKind: eventKind, causeKind: JavaScriptDialog.eventKind,
        repeatedIssue: .answerRepeated, missingIssue: .answerMissing,
        value: { $0.summary }, differenceShowsValue: false,
        repeatedHint: "call completionHandler exactly once", missingHint: nil,
        wording: Settlement.Wording(
            repeated: "the JavaScript dialog {cause} was answered twice: first {expected}, then {found}; {hint}",
            missing: "the page waits on the JavaScript dialog {cause} and its completion handler was not called; the recording answered {expected} in event {event}",
            differs: "the answer to JavaScript dialog {cause} differs from the recording: expected {expected}, found {found}"))

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.onePer(JavaScriptDialog.eventKind, "an answer")

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var answer = self
        answer.text = text.map { rewriter.text($0, &placeholders) }
        return answer
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension JavaScriptDialogAnswer: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .answer }
}
