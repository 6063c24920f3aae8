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
        guard case .repeated(let settlement, let first, let cause, _) = outcome else {
            Issue.record("expected a repeated settlement, got \(outcome)")
            return
        }
        let issue = settlement.repeatedIssue(NavigationDecision(.cancel), first: first, cause: cause, in: matcher.script)
        #expect(issue.kind == .decisionRepeated)
        #expect(issue.eventID == 1)
        #expect(issue.expected == "allow" && issue.found == "cancel", "\(issue)")
    }

    @Test("a second decision after a first that differed and stopped the run is still a repeated settlement")
    func secondDecisionAfterDifferenceRepeats() throws {
        var matcher = Self.matcher(Self.navigation)
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        guard case .diverged(let snapshot) = Self.effect(NavigationDecision(.cancel), knownCause: 1, in: &matcher) else {
            Issue.record("expected the first decision to differ from the recorded allow")
            return
        }
        matcher.fail(snapshot.divergence(for: NavigationDecision(.cancel), knownCause: 1, hint: nil))
        // The second call matches the recording, but WebKit acted on the first: it is not taken as the decision.
        let outcome = Self.effect(NavigationDecision(.allow), knownCause: 1, in: &matcher)
        guard case .repeated(_, let first, let cause, _) = outcome else {
            Issue.record("expected a repeated settlement, got \(outcome)")
            return
        }
        #expect((first as? NavigationDecision)?.policy == .cancel && cause == 1)
        #expect(matcher.issues.first?.statement == .settledDifferently(NavigationDecision.eventKind), "\(matcher.issues)")
        #expect(!matcher.progress.matched.contains(2))
    }

    @Test("a second decision made after the run ended is still a repeated settlement")
    func secondDecisionAfterEndRepeats() throws {
        var matcher = Self.matcher(Self.navigation)
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        #expect(Self.matchedID(Self.effect(NavigationDecision(.allow), knownCause: 1, in: &matcher)) == 2)
        matcher.end()
        let outcome = Self.effect(NavigationDecision(.cancel), knownCause: 1, in: &matcher)
        guard case .repeated(_, let first, let cause, _) = outcome else {
            Issue.record("expected a repeated settlement, got \(outcome)")
            return
        }
        #expect((first as? NavigationDecision)?.policy == .allow && cause == 1)
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

    /// A message, the same message again (a `duplicate` variant), the
    /// request the first caused and its answer; `second` is the second message's body.
    static func sentTwice(second: JSONValue = "product") -> [Event] {
        [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "card", body: "product")),
            Event(id: 2, at: 0, payload: ScriptMessage(handler: "card", body: second)),
            Event(id: 3, at: 0.01, cause: 1, payload: HTTPRequest(url: "https://shop.example/p/7/price")),
            Event(id: 4, at: 0.02, answers: 3, payload: HTTPResponse(status: 200, body: .text("19.99 EUR"))),
        ]
    }

    /// Explores `events`, delivers both messages, then makes the request
    /// from the task of each message in `order`; returns what each matched.
    static func exploringRequests(_ events: [Event], from order: [Int]) throws -> [Int: Int?] {
        var matcher = ReplayMatcher(ReplayScript(cassette: makeCassette(events), options: fastReplay, explores: true))
        for _ in 0..<2 { _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero) }
        var matched: [Int: Int?] = [:]
        for stimulus in order {
            let request = HTTPRequest(url: "https://shop.example/p/7/price")
            let tree = PayloadComparison.tree(of: ComparedForm.of(request))
            matched[stimulus] = Self.matchedID(matcher.effect(request, tree: tree, knownCause: nil, hint: stimulus, at: .zero))
        }
        return matched
    }

    @Test("exploring the same message sent twice, the request recorded for the first goes to the first's task, whichever task asks first")
    func sameStimulusTwiceMatchesByDelivery() throws {
        #expect(try Self.exploringRequests(Self.sentTwice(), from: [1, 2]) == [1: 3, 2: nil])
        #expect(try Self.exploringRequests(Self.sentTwice(), from: [2, 1]) == [1: 3, 2: nil])
        // Another message's task may still make it: the recorder may have put it down to
        // the message that woke a task the first started (a consumer draining a stream).
        #expect(try Self.exploringRequests(Self.sentTwice(second: "stock"), from: [2, 1]) == [2: 3, 1: nil])
    }
}
