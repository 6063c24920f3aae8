import HybridReplay

/// The rules of what WebKit settles exactly once: a navigation decision, a
/// response decision, a script-message reply, a dialog's answer, an
/// authentication challenge's answer, a scheme task's end.
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

    /// Every JavaScript dialog is answered exactly once (WebKit raises an
    /// exception for a completion handler called twice; the page's script
    /// waits forever on one never called).
    public static let dialogAnsweredOnce = PlatformRule(
        name: "dialog-answered-once",
        summary: "Every JavaScript dialog gets exactly one answer.",
        check: { rule, trace in
            settledOnce(trace, stimulus: JavaScriptDialog.eventKind, effect: JavaScriptDialogAnswer.eventKind, rule: rule) { dialog, count in
                count == 0
                    ? "the page's \(dialog.payload.summary) was never answered, so its script waits forever"
                    : "the page's \(dialog.payload.summary) was answered \(count) times; call completionHandler exactly once"
            }
        })

    /// Every authentication challenge is answered exactly once (a load whose
    /// challenge is never answered hangs; WebKit raises on a second answer).
    public static let challengeAnsweredOnce = PlatformRule(
        name: "challenge-answered-once",
        summary: "Every authentication challenge gets exactly one answer.",
        check: { rule, trace in
            settledOnce(
                trace, stimulus: AuthenticationChallenge.eventKind, effect: AuthenticationAnswer.eventKind, rule: rule
            ) { challenge, count in
                count == 0
                    ? "the authentication challenge \(challenge.payload.summary) was never answered, so its load hangs"
                    : "the authentication challenge \(challenge.payload.summary) was answered \(count) times; call completionHandler exactly once"
            }
        })

    /// Every scheme task the page did not stop is ended exactly once, by
    /// `didFinish()` or `didFailWithError(_:)`: the page's load waits forever
    /// on one never ended, and WebKit raises an exception for a second end. A
    /// stopped task is judged by ``schemeTaskAnsweredInOrder``.
    public static let schemeTaskEndedOnce = PlatformRule(
        name: "scheme-task-ended-once",
        summary: "Every scheme task the page did not stop gets exactly one end.",
        check: { rule, trace in
            let stopped = Set(trace.events.compactMap { ($0.payload as? URLSchemeStop)?.urlString })
            return settledOnce(
                trace, stimulus: URLSchemeRequest.eventKind, effect: URLSchemeCompletion.eventKind, rule: rule,
                applies: { event in (event.payload as? URLSchemeRequest).map { !stopped.contains($0.urlString) } ?? false }
            ) { request, count in
                count == 0
                    ? "the page's request \(request.payload.summary) was never ended, so its load waits forever; call didFinish() or didFailWithError(_:)"
                    : "the page's request \(request.payload.summary) was ended \(count) times; WebKit raises an exception for a second end"
            }
        })

    /// Every media-capture request is decided exactly once (the page's
    /// `getUserMedia` waits forever on a decision handler never called;
    /// WebKit raises on a second call).
    public static let mediaCaptureDecidedOnce = PlatformRule(
        name: "media-capture-decided-once",
        summary: "Every camera or microphone request gets exactly one decision.",
        check: { rule, trace in
            settledOnce(
                trace, stimulus: MediaCaptureRequest.eventKind, effect: MediaCaptureDecision.eventKind, rule: rule
            ) { request, count in
                count == 0
                    ? "the page's request for the \(request.payload.summary) was never decided, so its getUserMedia waits forever"
                    : "the page's request for the \(request.payload.summary) was decided \(count) times; call decisionHandler exactly once"
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
