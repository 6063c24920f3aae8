import Foundation
@testable import HybridReplay
import Testing

/// A verdict never contradicts the trace: an effect that comes after the
/// replay reported it missing is reported as late.
@Suite("Late effects")
struct LateEffectTests {
    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "bank", body: "balance")),
        Event(id: 2, at: 0.01, cause: 1, payload: JavaScriptEvaluation(script: "window.bank.resolve(42)")),
    ])

    /// An engine that has reported event 2 missing.
    static func engineThatReportedTheAnswerMissing() -> ReplayEngine {
        let engine = ReplayEngine(cassette: cassette, options: fastReplay)
        engine.state.withLock { state in
            _ = state.matcher.deliver(cassette.events[0], at: .zero)
            state.matcher.judgeMissing([cassette.events[1]])
        }
        engine.fail(
            ReplayIssue(kind: .missingEffect, eventID: 2, eventKind: JavaScriptEvaluation.eventKind, message: "expected effect did not happen"))
        return engine
    }

    @Test("the missing effect arriving after the verdict turns the issue into a late effect, keeping what was said")
    func lateEffectAmendsTheIssue() throws {
        let engine = Self.engineThatReportedTheAnswerMissing()
        engine.effect(JavaScriptEvaluation(script: "window.bank.resolve(42)"))
        let issue = try #require(engine.issues.first)
        #expect(issue.kind == .lateEffect)
        #expect(issue.reportedAs == .missingEffect)
        #expect(issue.statement == .told("expected effect did not happen"), "what was said is kept")
        #expect(engine.issues.count == 1)
    }

    @Test("a different effect after the verdict leaves the missing effect missing")
    func differentEffectLeavesItMissing() throws {
        let engine = Self.engineThatReportedTheAnswerMissing()
        engine.effect(JavaScriptEvaluation(script: "window.bank.resolve(0)"))
        #expect(engine.issues.first?.kind == .missingEffect)
    }

    @Test("the late effect counts once: a second copy is not late again")
    func lateEffectCountsOnce() throws {
        let engine = Self.engineThatReportedTheAnswerMissing()
        engine.effect(JavaScriptEvaluation(script: "window.bank.resolve(42)"))
        engine.effect(JavaScriptEvaluation(script: "window.bank.resolve(42)"))
        #expect(engine.issues.filter { $0.kind == .lateEffect }.count == 1, "\(engine.issues)")
        #expect(engine.issues.first?.kind == .lateEffect)
    }
}
