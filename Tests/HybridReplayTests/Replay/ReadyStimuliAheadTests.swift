@testable import HybridReplay
import Testing

/// An effect without a cause that is the next one recorded may come before
/// unsolicited stimuli the replay could have delivered at once: a consumer
/// that drains what the page posted acts on the first message while the
/// recording happened to deliver all of them first.
@Suite("Effects ahead of stimuli that nothing holds back")
struct ReadyStimuliAheadTests {
    typealias Matcher = ReplayMatcherTests

    static func inbox(secondAt: Double = 0) -> [Event] {
        [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "inbox", body: "m1")),
            Event(id: 2, at: secondAt, payload: ScriptMessage(handler: "inbox", body: "m2")),
            Event(id: 3, at: secondAt, payload: HTTPRequest(url: "https://api.bank.example/messages/m1")),
            Event(id: 4, at: secondAt, payload: HTTPRequest(url: "https://api.bank.example/messages/m2")),
        ]
    }

    @Test("the next recorded effect may come after the first message and before the second; the second is ready next")
    func nextEffectBeforeReadyMessage() throws {
        var matcher = Matcher.matcher(Self.inbox())
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        let early = Matcher.effect(HTTPRequest(url: "https://api.bank.example/messages/m1"), in: &matcher)
        #expect(Matcher.matchedID(early) == 3)
        #expect(matcher.readyStimulus?.id == 2)
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        #expect(Matcher.matchedID(Matcher.effect(HTTPRequest(url: "https://api.bank.example/messages/m2"), in: &matcher)) == 4)
        #expect(!matcher.progress.hasObligations(matcher.script))
        #expect(matcher.issues.isEmpty)
    }

    @Test("a later effect still waits for the message before it: only the next recorded effect goes ahead")
    func laterEffectStillWaits() throws {
        var matcher = Matcher.matcher(Self.inbox())
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        let outcome = Matcher.effect(HTTPRequest(url: "https://api.bank.example/messages/m2"), in: &matcher)
        guard case .diverged = outcome else {
            Issue.record("expected a divergence, got \(outcome)")
            return
        }
    }

    @Test("a message recorded at a later time holds the effect back: the clock would have to move first")
    func laterTimeHoldsBack() throws {
        var matcher = Matcher.matcher(Self.inbox(secondAt: 1))
        _ = matcher.deliver(try #require(matcher.readyStimulus), at: .zero)
        let outcome = Matcher.effect(HTTPRequest(url: "https://api.bank.example/messages/m1"), in: &matcher)
        guard case .diverged(let snapshot) = outcome else {
            Issue.record("expected a divergence, got \(outcome)")
            return
        }
        let issue = snapshot.divergence(for: HTTPRequest(url: "https://api.bank.example/messages/m1"), knownCause: nil, hint: nil)
        #expect(issue.statement == .beforeStimuliAhead)
    }
}
