extension NavigationDecision: StandardPayload {
    public static let eventKind = EventKind(.navigation, "decision")

    public static let eventDirection = Direction.effect

    public var summary: String { policy.rawValue + (preferences.map { " (\($0.summary))" } ?? "") }

    static func read(_ reader: inout FieldReader) -> NavigationDecision? {
        let policy = reader.known("policy", NavigationPolicy.self)
        let preferences = reader.nested("preferences", required: false, WebpagePreferences.read)
        return policy.map { NavigationDecision($0, preferences: preferences) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("policy", policy)
        if let preferences { writer.writeObject("preferences", preferences.write) }
    }
}

// MARK: What the kind means

extension NavigationDecision {
    static let formatVersion = 1

    static let delivery = KindDelivery<NavigationDecision>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = Settlement(
        effectKind: eventKind, causeKind: NavigationAction.eventKind,
        repeatedIssue: .decisionRepeated, missingIssue: .decisionMissing,
        value: { ($0 as? NavigationDecision).map { "\($0.policy)" } ?? $0.summary }, differenceShowsValue: false,
        repeatedHint: "call decisionHandler exactly once", missingHint: nil,
        wording: Settlement.Wording(
            repeated: "the navigation action {cause} was decided twice: first {expected}, then {found}; {hint}",
            missing: "Completion handler passed to decidePolicy(for:decisionHandler:) was not called for navigation action {cause}; the recording decided {expected} in event {event}",
            differs: "the decision for navigation action {cause} differs from the recording: expected {expected}, found {found}"))

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.onePer(NavigationAction.eventKind, "a decision")

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension NavigationDecision: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .answer }
}
