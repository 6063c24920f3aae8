extension ScriptReply: OutcomePayload {
    public static let eventKind = EventKind(.script, "reply")

    public static let eventDirection = Direction.effect
}

// MARK: What the kind means

extension ScriptReply {
    static let formatVersion = 1

    static let delivery = KindDelivery<ScriptReply>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = Settlement(
        effectKind: eventKind, causeKind: ScriptMessage.eventKind,
        repeatedIssue: .replyRepeated, missingIssue: .replyMissing,
        value: { $0.summary }, differenceShowsValue: false,
        repeatedHint: "a reply handler must be called at most once", missingHint: nil,
        wording: Settlement.Wording(
            repeated: "the message was replied to twice: first {expected}, then {found}; {hint}",
            missing: "the page awaits a reply to this message and none was sent; the recording replied {expected} in event {event}",
            differs: nil))

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.onePer(ScriptMessage.eventKind, "a reply")

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        ScriptReply(rewriter.outcome(outcome, &placeholders))
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension ScriptReply: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .answer }
}
