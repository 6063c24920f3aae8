import Foundation
import HybridReplay
import Testing

/// A page bridge written as iOS code often is: each message is answered at
/// once, and a `DispatchQueue.main.async` block the handler hands over
/// changes what the next answer says (a chain `depth` blocks long).
@MainActor final class TurnTakingBridge: ScriptMessageHandler {
    let webView: any WebView
    let depth: Int
    /// Whether the next evaluation asks for a result, which it answers on the main actor.
    let asksForResults: Bool
    private var mode = "old"

    init(platform: Platform, depth: Int, asksForResults: Bool = false) {
        webView = platform.webView
        self.depth = depth
        self.asksForResults = asksForResults
        platform.webView.add(self, name: "turns")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let body) = message.body else { return }
        if asksForResults {
            webView.evaluateJavaScript("ask('\(body)')") { result in
                MainActor.assumeIsolated {
                    guard case .success(.number(let value)) = result else { return }
                    self.webView.evaluateJavaScript("got(\(Int(value)), '\(self.mode)')", completionHandler: nil)
                }
            }
        } else {
            webView.evaluateJavaScript("saw('\(body)', '\(mode)')", completionHandler: nil)
        }
        change(after: depth)
    }

    /// Sets the mode to "new" in the `remaining`-th main-queue block from here.
    private func change(after remaining: Int) {
        DispatchQueue.main.async {
            if remaining <= 1 { self.mode = "new" } else { self.change(after: remaining - 1) }
        }
    }
}

/// What ReplayEngine+MainQueuePasses.swift promises: a replay that stays on
/// the main actor between deliveries there hands each one over behind what
/// app code gave the main queue, as the platform's next callback comes.
@Suite("Staying on the main actor between deliveries")
struct MainQueuePassesTests {
    /// Two messages, the second `later` seconds after the first; the bridge
    /// saw the second after its main-queue block had run.
    static func twoMessages(later: Double) -> Cassette {
        makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "turns", body: "one")),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "saw('one', 'old')")),
            Event(id: 3, at: later, payload: ScriptMessage(handler: "turns", body: "two")),
            Event(id: 4, at: later, cause: 3, payload: JavaScriptEvaluation(script: "saw('two', 'new')")),
        ])
    }

    static func replay(_ cassette: Cassette, depth: Int, asksForResults: Bool = false) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await TurnTakingBridge(platform: platform, depth: depth, asksForResults: asksForResults)
        }
    }

    @Test("a message recorded at the same moment as the one before comes after the block that one's handler handed the main queue")
    func sameMomentComesBehindTheBlock() async {
        for _ in 1...20 {
            let report = await Self.replay(Self.twoMessages(later: 0), depth: 1)
            #expect(report.passed, "\(report)")
        }
    }

    @Test("a message recorded later comes after a chain of three main-queue blocks the handler started")
    func laterComesBehindAChain() async {
        for _ in 1...20 {
            let report = await Self.replay(Self.twoMessages(later: 0.5), depth: 3)
            #expect(report.passed, "\(report)")
        }
    }

    @Test("a bridge whose second answer does not wait for its block fails, every time")
    func answerThatIgnoresTheBlockFails() async throws {
        var cassette = Self.twoMessages(later: 0.5)
        cassette.events[3].payload = JavaScriptEvaluation(script: "saw('two', 'old')")
        for _ in 1...20 {
            let report = await Self.replay(cassette, depth: 1)
            let issue = try #require(report.issues.first, "\(report)")
            #expect(issue.eventID == 4, "\(report)")
        }
    }

    @Test("an evaluation's result, which comes on the main actor, comes after the block the handler handed the main queue")
    func resultComesBehindTheBlock() async {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "turns", body: "one")),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "ask('one')")),
            Event(id: 3, at: 0, answers: 2, payload: JavaScriptResult(.value(.number(42)))),
            Event(id: 4, at: 0, cause: 3, payload: JavaScriptEvaluation(script: "got(42, 'new')")),
        ])
        for _ in 1...20 {
            let report = await Self.replay(cassette, depth: 1, asksForResults: true)
            #expect(report.passed, "\(report)")
        }
    }
}
