extension NavigationResponseDecision: StandardPayload {
    public static let eventKind = EventKind(.navigation, "responseDecision")

    public static let eventDirection = Direction.effect

    public var summary: String { policy.rawValue }

    static func read(_ reader: inout FieldReader) -> NavigationResponseDecision? {
        reader.known("policy", NavigationResponsePolicy.self).map(NavigationResponseDecision.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("policy", policy) }
}

// MARK: What the kind means

extension NavigationResponseDecision {
    static let formatVersion = 2

    static let delivery = KindDelivery<NavigationResponseDecision>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = Settlement(
        effectKind: eventKind, causeKind: NavigationResponse.eventKind,
        repeatedIssue: .decisionRepeated, missingIssue: .decisionMissing,
        value: { ($0 as? NavigationResponseDecision).map { "\($0.policy)" } ?? $0.summary }, differenceShowsValue: true,
        repeatedHint: "call decisionHandler exactly once", missingHint: nil,
        wording: Settlement.Wording(
            repeated: "the navigation response {cause} was decided twice: first {expected}, then {found}; {hint}",
            missing: "Completion handler passed to decidePolicy(for:decisionHandler:) was not called for navigation response {cause}; the recording decided {expected} in event {event}",
            differs: "the decision for navigation response {cause} differs from the recording: expected {expected}, found {found}"))

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.onePer(NavigationResponse.eventKind, "a decision")

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension NavigationResponseDecision: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .answer }
}
