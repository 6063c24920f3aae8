import HybridReplay

/// The rules of what WebKit settles exactly once: a navigation decision, a
/// response decision, a script-message reply.
extension PlatformRule {
    /// Every navigation action is decided exactly once (WebKit raises an
    /// exception for a decision handler called twice, and for one never called).
    public static let navigationDecidedOnce = PlatformRule(
        name: "navigation-decided-once",
        summary: "Every navigation action gets exactly one decision.",
        check: { rule, trace in
            settledOnce(trace, stimulus: NavigationAction.eventKind, effect: NavigationDecision.eventKind, rule: rule)
            { action, count in
                count == 0
                    ? "the navigation action \(action.payload.summary) was never decided; WebKit reports \"Completion handler passed to decidePolicyForNavigationAction was not called\""
                    : "the navigation action \(action.payload.summary) was decided \(count) times; WebKit raises an exception on the second call of decisionHandler"
            }
        })

    /// Every navigation response is decided exactly once.
    public static let responseDecidedOnce = PlatformRule(
        name: "response-decided-once",
        summary: "Every navigation response gets exactly one decision.",
        check: { rule, trace in
            settledOnce(
                trace, stimulus: NavigationResponse.eventKind, effect: NavigationResponseDecision.eventKind,
                rule: rule
            ) { response, count in
                count == 0
                    ? "the navigation response \(response.payload.summary) was never decided"
                    : "the navigation response \(response.payload.summary) was decided \(count) times; call decisionHandler exactly once"
            }
        })

    /// Every script message that awaits a reply gets exactly one.
    public static let replyOnce = PlatformRule(
        name: "reply-once",
        summary: "Every script message that expects a reply is replied to exactly once.",
        check: { rule, trace in
            settledOnce(
                trace, stimulus: ScriptMessage.eventKind, effect: ScriptReply.eventKind, rule: rule,
                applies: { ($0.payload as? ScriptMessage)?.expectsReply == true }
            ) { message, count in
                count == 0
                    ? "the page's message \(message.payload.summary) awaits a reply that never came, so its promise never settles"
                    : "the page's message \(message.payload.summary) was replied to \(count) times; WebKit keeps only the first reply"
            }
        })

    private static func settledOnce(
        _ trace: Cassette, stimulus: EventKind, effect: EventKind, rule: PlatformRule,
        applies: (Event) -> Bool = { _ in true }, message: (Event, Int) -> String
    ) -> [RuleViolation] {
        let index = TraceIndex(trace)
        return index.events.compactMap { event in
            guard event.direction == .stimulus, event.kind == stimulus, applies(event) else { return nil }
            let settlements = index.effects(of: effect, causedBy: event.id)
            guard settlements.count != 1 else { return nil }
            return RuleViolation(
                rule: rule, eventIDs: [event.id] + settlements.map(\.id), message: message(event, settlements.count))
        }
    }
}
