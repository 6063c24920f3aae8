@testable import HybridReplay
import Testing

/// The matcher driven by plain calls: no lock, no task, no clock.
@Suite("Replay matcher")
struct ReplayMatcherTests {
    static let bridge = [
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "bank", body: "balance", expectsReply: true)),
        Event(id: 2, at: 0.01, cause: 1, payload: JavaScriptEvaluation(script: "window.bank.log()")),
        Event(id: 3, at: 0.02, cause: 1, payload: ScriptReply(.value(42))),
        Event(id: 4, at: 0.03, payload: ScriptMessage(handler: "bank", body: "done")),
    ]

    static let navigation = [
        Event(id: 1, at: 0, payload: NavigationAction(url: "https://example.com/next", navigationType: .linkActivated, targetFrame: .main())),
        Event(id: 2, at: 0.001, cause: 1, payload: NavigationDecision(.allow)),
    ]

    static func matcher(_ events: [Event]) -> ReplayMatcher {
        ReplayMatcher(ReplayScript(cassette: makeCassette(events), options: fastReplay))
    }

    static func effect(_ payload: any EventPayload, knownCause: Int? = nil, in matcher: inout ReplayMatcher)
        -> ReplayMatcher.Outcome
    {
        let tree = PayloadComparison.tree(of: ComparedForm.of(payload))
        return matcher.effect(payload, tree: tree, knownCause: knownCause, hint: nil, at: .zero)
    }

    static func matchedID(_ outcome: ReplayMatcher.Outcome) -> Int? {
        guard case .matched(let id) = outcome else { return nil }
        return id
    }

    @Test("a stimulus is ready only once every effect recorded before it has happened")
    func stimulusWaitsForEarlierEffects() throws {
        var matcher = Self.matcher(Self.bridge)
        let first = try #require(matcher.readyStimulus)
        #expect(first.id == 1)
        #expect(matcher.deliver(first, at: .zero) != nil)
        #expect(matcher.readyStimulus == nil)
        #expect(Self.matchedID(Self.effect(JavaScriptEvaluation(script: "window.bank.log()"), in: &matcher)) == 2)
        #expect(matcher.readyStimulus == nil)
        #expect(Self.matchedID(Self.effect(ScriptReply(.value(42)), knownCause: 1, in: &matcher)) == 3)
        #expect(matcher.readyStimulus?.id == 4)
    }

    @Test("a run that delivered and matched everything has no obligations left")
    func everythingPlayedLeavesNoObligations() throws {
        var matcher = Self.matcher(Self.navigation)
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        #expect(matcher.progress.hasObligations(matcher.script))
        #expect(Self.matchedID(Self.effect(NavigationDecision(.allow), knownCause: 1, in: &matcher)) == 2)
        #expect(!matcher.progress.hasObligations(matcher.script))
        #expect(matcher.trace.map(\.eventID) == [1, 2])
    }

    @Test("an effect before its cause diverges, and the snapshot explains it as such")
    func effectBeforeCauseDiverges() throws {
        var matcher = Self.matcher(Self.bridge)
        let outcome = Self.effect(JavaScriptEvaluation(script: "window.bank.log()"), in: &matcher)
        guard case .diverged(let snapshot) = outcome else {
            Issue.record("expected a divergence, got \(outcome)")
            return
        }
        let issue = snapshot.divergence(for: JavaScriptEvaluation(script: "window.bank.log()"), knownCause: nil, hint: nil)
        #expect(issue.kind == .effectBeforeCause)
        #expect(issue.eventID == 2)
        #expect(matcher.trace.last?.eventID == nil)
    }

    /// Delivers the first stimulus of `events`, makes `changed` and then
    /// `next` in reaction to it, and returns the run's first issue.
    static func firstIssue(_ events: [Event], changed: any EventPayload, next: any EventPayload) throws -> ReplayIssue? {
        var matcher = Self.matcher(events)
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        guard case .diverged(let snapshot) = Self.effect(changed, in: &matcher) else { return nil }
        matcher.fail(snapshot.divergence(for: changed, knownCause: nil, hint: nil))
        _ = Self.effect(next, in: &matcher)
        return matcher.issues.first
    }

    @Test("an effect that differs, followed by the recorded one, is an extra effect before it")
    func extraBeforeRecorded() throws {
        let issue = try #require(
            try Self.firstIssue(
                Self.bridge, changed: JavaScriptEvaluation(script: "console.log('x')"),
                next: JavaScriptEvaluation(script: "window.bank.log()")))
        #expect(issue.kind == .unexpectedEffect && issue.statement == .extraBefore, "\(issue)")
        #expect(issue.eventID == nil && issue.relatedEvent?.id == 2, "\(issue)")
    }

    @Test("when the next recorded effect is like the one that differed, what follows cannot tell extra from changed: the difference stands")
    func likeEffectsKeepTheDifference() throws {
        let events = [
            Self.bridge[0],
            Event(id: 2, at: 0.01, cause: 1, payload: JavaScriptEvaluation(script: "window.bank.log()")),
            Event(id: 3, at: 0.02, cause: 1, payload: JavaScriptEvaluation(script: "window.bank.log()")),
        ]
        let issue = try #require(
            try Self.firstIssue(
                events, changed: JavaScriptEvaluation(script: "console.log('x')"), next: JavaScriptEvaluation(script: "window.bank.log()")))
        #expect(issue.kind == .unexpectedEffect && issue.statement == .differs, "\(issue)")
        #expect(issue.eventID == 2, "\(issue)")
        #expect(issue.differences.map(\.path) == ["script"], "\(issue)")
    }

    @Test("a second decision for one navigation action is a repeated settlement that names both policies")
    func secondDecisionRepeats() throws {
        var matcher = Self.matcher(Self.navigation)
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        _ = Self.effect(NavigationDecision(.allow), knownCause: 1, in: &matcher)
        let outcome = Self.effect(NavigationDecision(.cancel), knownCause: 1, in: &matcher)
        guard case .repeated(let settlement, let first, let cause) = outcome else {
            Issue.record("expected a repeated settlement, got \(outcome)")
            return
        }
        let issue = settlement.repeatedIssue(NavigationDecision(.cancel), first: first, cause: cause, in: matcher.script)
        #expect(issue.kind == .decisionRepeated)
        #expect(issue.eventID == 1)
        #expect(issue.expected == "allow" && issue.found == "cancel", "\(issue)")
    }

    @Test("an unsettled reply is due before the other effects, and reported as a missing reply")
    func unsettledReplyComesFirst() throws {
        var matcher = Self.matcher(Self.bridge)
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        let due = matcher.dueEffects()
        #expect(due.map(\.id) == [3, 2])
        let reply = try #require(due.first)
        let issue = try #require(Settlement.of(reply.kind)).missingIssue(reply, cause: 1, in: matcher.script)
        #expect(issue.kind == .replyMissing)
        #expect(issue.expected == "value 42" && issue.relatedEvent?.id == 3, "\(issue)")
    }

    @Test("after a failure no stimulus is ready, and the issues stop at the limit")
    func failureStopsDelivery() {
        var matcher = Self.matcher(Self.bridge)
        for index in 0..<(ReplayMatcher.issueLimit + 5) {
            matcher.fail(ReplayIssue(kind: .missingEffect, eventID: index, eventKind: nil, message: "issue \(index)"))
        }
        #expect(matcher.readyStimulus == nil)
        #expect(matcher.issues.count == ReplayMatcher.issueLimit)
        #expect(matcher.issues.first?.eventID == 0)
    }

    @Test("an effect after the run ended is traced, not judged")
    func effectAfterEndIsUnjudged() {
        var matcher = Self.matcher(Self.bridge)
        matcher.end()
        guard case .unjudged = Self.effect(JavaScriptEvaluation(script: "anything()"), in: &matcher) else {
            Issue.record("expected the effect to go unjudged")
            return
        }
        #expect(matcher.trace.last?.afterEnd == true)
        #expect(matcher.issues.isEmpty)
    }
}
