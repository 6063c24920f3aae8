/// A kind of effect that settles a stimulus exactly once: the decision for a
/// navigation action, the decision for a navigation response, the reply to a
/// script message, the answer to a JavaScript dialog, the end of a scheme
/// task's answer.
///
/// WebKit crashes when such a handler is called twice and hangs or crashes
/// when it is never called, so the replay judges both. The effect kind's
/// description names its settlement (``StandardPayload/settlement``); the
/// matcher, the stuck report and the divergence report look it up there.
struct Settlement: Sendable {
    /// The effect that settles, such as `navigation.decision`.
    let effectKind: EventKind
    /// The stimulus it settles, such as `navigation.action`.
    let causeKind: EventKind
    /// The issue a second settlement is.
    let repeatedIssue: ReplayIssue.Kind
    /// The issue a settlement that never came is.
    let missingIssue: ReplayIssue.Kind
    /// The settled value as a report names it: the policy, the reply's summary.
    let value: @Sendable (any EventPayload) -> String
    /// What a second settlement is reported as, from the cause as named, the first value and the second.
    let repeated: @Sendable (_ cause: String, _ first: String, _ then: String) -> String
    /// What a settlement that never came is reported as, from the cause as
    /// named, the recorded value and the recorded event.
    let missing: @Sendable (_ cause: String, _ recorded: String, _ effectID: Int) -> String
    /// What a settlement other than the recorded one is reported as, from the
    /// cause as named, the recorded summary and what came; `nil` to report it
    /// as any other effect that differs.
    let differs: (@Sendable (_ cause: String, _ expected: String, _ found: any EventPayload) -> String)?

    /// Every kind of settlement: those the kinds' descriptions name.
    static let all: [Settlement] = PayloadRegistry.standardTypes.compactMap { $0.settlement }

    /// The settlement an effect of `kind` is, or `nil` when it settles nothing (its description says which).
    static func of(_ kind: EventKind) -> Settlement? { PayloadRegistry.description(of: kind)?.settlement }

    /// The issues that report a recorded effect missing: a later matching effect turns them into late ones.
    static let missingIssues: Set<ReplayIssue.Kind> = Set(all.map(\.missingIssue)).union([.missingEffect])

    static let navigationDecision = Settlement(
        effectKind: NavigationDecision.eventKind, causeKind: NavigationAction.eventKind,
        repeatedIssue: .decisionRepeated, missingIssue: .decisionMissing,
        value: { ($0 as? NavigationDecision).map { "\($0.policy)" } ?? $0.summary },
        repeated: { cause, first, then in
            "the navigation action \(cause) was decided twice: first \(first), then \(then); call decisionHandler exactly once"
        },
        missing: { cause, recorded, effectID in
            "Completion handler passed to decidePolicy(for:decisionHandler:) was not called for navigation action \(cause); the recording decided \(recorded) in event \(effectID)"
        },
        differs: { cause, expected, found in
            "the decision for navigation action \(cause) differs from the recording: expected \(expected), found \(found.summary)"
        })

    static let navigationResponseDecision = Settlement(
        effectKind: NavigationResponseDecision.eventKind, causeKind: NavigationResponse.eventKind,
        repeatedIssue: .decisionRepeated, missingIssue: .decisionMissing,
        value: { ($0 as? NavigationResponseDecision).map { "\($0.policy)" } ?? $0.summary },
        repeated: { cause, first, then in
            "the navigation response \(cause) was decided twice: first \(first), then \(then); call decisionHandler exactly once"
        },
        missing: { cause, recorded, effectID in
            "Completion handler passed to decidePolicy(for:decisionHandler:) was not called for navigation response \(cause); the recording decided \(recorded) in event \(effectID)"
        },
        differs: { cause, expected, found in
            let policy = (found as? NavigationResponseDecision).map { "\($0.policy)" } ?? found.summary
            return "the decision for navigation response \(cause) differs from the recording: expected \(expected), found \(policy)"
        })

    static let scriptReply = Settlement(
        effectKind: ScriptReply.eventKind, causeKind: ScriptMessage.eventKind,
        repeatedIssue: .replyRepeated, missingIssue: .replyMissing,
        value: { $0.summary },
        repeated: { _, first, then in
            "the message was replied to twice: first \(first), then \(then); a reply handler must be called at most once"
        },
        missing: { _, recorded, effectID in
            "the page awaits a reply to this message and none was sent; the recording replied \(recorded) in event \(effectID)"
        },
        differs: nil)

    static let dialogAnswer = Settlement(
        effectKind: JavaScriptDialogAnswer.eventKind, causeKind: JavaScriptDialog.eventKind,
        repeatedIssue: .answerRepeated, missingIssue: .answerMissing,
        value: { $0.summary },
        repeated: { cause, first, then in
            "the JavaScript dialog \(cause) was answered twice: first \(first), then \(then); call completionHandler exactly once"
        },
        missing: { cause, recorded, effectID in
            "the page waits on the JavaScript dialog \(cause) and its completion handler was not called; the recording answered \(recorded) in event \(effectID)"
        },
        differs: { cause, expected, found in
            "the answer to JavaScript dialog \(cause) differs from the recording: expected \(expected), found \(found.summary)"
        })

    static let schemeCompletion = Settlement(
        effectKind: URLSchemeCompletion.eventKind, causeKind: URLSchemeRequest.eventKind,
        repeatedIssue: .schemeTaskRepeated, missingIssue: .schemeTaskUnfinished,
        value: { $0.summary },
        repeated: { cause, first, then in
            "the scheme task for \(cause) ended twice: first \(first), then \(then); call didFinish() or didFailWithError(_:) exactly once"
        },
        missing: { cause, recorded, effectID in
            "the page waits on the scheme task for \(cause) and it never ended; the recording \(recorded) in event \(effectID); call didFinish() or didFailWithError(_:)"
        },
        differs: { cause, expected, found in
            "the scheme task for \(cause) ended differently from the recording: expected \(expected), found \(found.summary)"
        })
}

extension Settlement {
    /// The issue for `payload`, a second settlement of `cause` after `first`.
    func repeatedIssue(_ payload: any EventPayload, first: any EventPayload, cause: Int, in script: ReplayScript) -> ReplayIssue {
        ReplayIssue(
            kind: repeatedIssue, eventID: cause, eventKind: causeKind,
            message: repeated(script.describe(cause, as: causeKind), value(first), value(payload)),
            actual: "\(payload.kind) \(payload.summary)")
    }

    /// The issue for `effect`, a recorded settlement of `cause` that never came.
    func missingIssue(_ effect: Event, cause: Int, in script: ReplayScript) -> ReplayIssue {
        ReplayIssue(
            kind: missingIssue, eventID: cause, eventKind: causeKind,
            message: missing(script.describe(cause, as: causeKind), value(effect.payload), effect.id))
    }
}

/// One stimulus settled by one kind of settlement, under which the matcher keeps the first.
struct SettlementKey: Hashable, Sendable {
    var kind: EventKind
    var cause: Int
}
