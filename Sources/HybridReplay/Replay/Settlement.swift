/// A kind of effect that settles a stimulus exactly once: the decision for a
/// navigation action, the decision for a navigation response, the reply to a
/// script message, the answer to a JavaScript dialog, the end of a scheme
/// task's answer.
///
/// WebKit crashes when such a handler is called twice and hangs or crashes
/// when it is never called, so the replay judges both. Each effect kind's
/// file writes its settlement whole (``StandardPayload/settlement``); the
/// matcher, the stuck report and the divergence report look it up there.
/// Its issues are structure; ``Wording`` is what the console renderer makes of them.
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
    /// Whether a settlement other than the recorded one is reported by its
    /// value, as a response's policy, rather than by its summary.
    let differenceShowsValue: Bool
    /// What to do about a second settlement, such as `call decisionHandler exactly once`.
    let repeatedHint: String
    /// What to do about a settlement that never came, when the sentence says it.
    let missingHint: String?
    /// How the console words this settlement's issues.
    let wording: Wording

    /// The sentences of a settlement's issues, as templates the console
    /// renderer fills from an issue's fields: `{cause}`, `{expected}`,
    /// `{found}`, `{event}` (the recorded settlement's id) and `{hint}`.
    struct Wording: Sendable {
        /// A second settlement.
        let repeated: String
        /// A settlement that never came.
        let missing: String
        /// A settlement other than the recorded one; `nil` to report it as any other effect that differs.
        let differs: String?
    }

    /// Every kind of settlement: those the kinds' descriptions name.
    static let all: [Settlement] = PayloadRegistry.standardTypes.compactMap { $0.settlement }

    /// The settlement an effect of `kind` is, or `nil` when it settles nothing (its description says which).
    static func of(_ kind: EventKind) -> Settlement? { PayloadRegistry.description(of: kind)?.settlement }

    /// The issues that report a recorded effect missing: a later matching effect turns them into late ones.
    static let missingIssues: Set<ReplayIssue.Kind> = Set(all.map(\.missingIssue)).union([.missingEffect])
}

extension Settlement {
    /// The issue for `payload`, a second settlement of `cause` after `first`;
    /// `unsettled`, an earlier stimulus still waiting for its own, is named beside it.
    func repeatedIssue(
        _ payload: any EventPayload, first: any EventPayload, cause: Int, unsettled: Int? = nil, in script: ReplayScript
    ) -> ReplayIssue {
        ReplayIssue(
            kind: repeatedIssue, eventID: cause, eventKind: causeKind, statement: .settledTwice(effectKind),
            cause: script.reference(cause, as: causeKind), relatedEvent: unsettled.map(script.reference),
            expected: value(first), found: value(payload),
            actual: "\(payload.kind) \(payload.summary)", hint: repeatedHint)
    }

    /// The issue for `effect`, a recorded settlement of `cause` that never came.
    func missingIssue(_ effect: Event, cause: Int, in script: ReplayScript) -> ReplayIssue {
        ReplayIssue(
            kind: missingIssue, eventID: cause, eventKind: causeKind, statement: .neverSettled(effectKind),
            cause: script.reference(cause, as: causeKind), relatedEvent: script.reference(effect.id),
            expected: value(effect.payload), hint: missingHint)
    }

    /// The issue for `found`, a settlement of `cause` other than the recorded
    /// `recorded`; `nil` when this settlement reports it as any other effect that differs.
    func differentIssue(
        _ found: any EventPayload, recorded: Event, cause: Int, differences: [FieldDifference], in script: ReplayScript
    ) -> ReplayIssue? {
        guard wording.differs != nil else { return nil }
        return ReplayIssue(
            kind: .unexpectedEffect, eventID: recorded.id, eventKind: recorded.kind,
            statement: .settledDifferently(effectKind), cause: script.reference(cause, as: causeKind),
            expected: recorded.payload.summary, found: differenceShowsValue ? value(found) : found.summary,
            differences: differences, actual: "\(found.kind) \(found.summary)")
    }
}

/// One stimulus settled by one kind of settlement, under which the matcher keeps the first.
struct SettlementKey: Hashable, Sendable {
    var kind: EventKind
    var cause: Int
}
