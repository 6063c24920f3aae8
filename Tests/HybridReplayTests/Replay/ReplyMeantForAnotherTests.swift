import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A bridge that keeps only the last reply handler and answers every waiting
/// message through it replies twice to the last message and never to the
/// first: the issue for the second reply names the message still waiting.
@Suite("A reply meant for another message")
struct ReplyMeantForAnotherTests {
    /// Answers the two articles the page asks for once both have been asked for.
    @MainActor final class Articles: ScriptMessageHandlerWithReply {
        let keepsEveryHandler: Bool
        private var waiting: [(id: String, reply: @Sendable (Outcome) -> Void)] = []
        private var last: (@Sendable (Outcome) -> Void)?

        init(platform: Platform, keepsEveryHandler: Bool) {
            self.keepsEveryHandler = keepsEveryHandler
            platform.webView.add(self, name: "article")
        }

        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            let id = message.body.stringValue ?? "?"
            waiting.append((id, replyHandler))
            last = replyHandler
            guard waiting.count == 2 else { return }
            for (id, reply) in waiting {
                (keepsEveryHandler ? reply : last)?(.value(.string("article \(id)")))
            }
            waiting = []
        }
    }

    static let cassette = Cassette(
        header: CassetteHeader(name: "articles"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "article", body: "a1", expectsReply: true)),
            Event(id: 2, at: 0.1, payload: ScriptMessage(handler: "article", body: "a2", expectsReply: true)),
            Event(id: 3, at: 0.1, cause: 1, payload: ScriptReply(.value("article a1"))),
            Event(id: 4, at: 0.1, cause: 2, payload: ScriptReply(.value("article a2"))),
        ])

    static func replay(keepsEveryHandler: Bool) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay {
            await Articles(platform: $0, keepsEveryHandler: keepsEveryHandler)
        }
    }

    @Test("the bridge that keeps every handler replays green")
    func correct() async {
        let report = await Self.replay(keepsEveryHandler: true)
        #expect(report.passed, "\(report)")
    }

    @Test("the second reply to the last message names the first, which has had none")
    func namesTheMessageStillWaiting() async throws {
        let report = await Self.replay(keepsEveryHandler: false)
        let issue = try #require(report.issues.first(where: { $0.kind == .replyRepeated }), "\(report)")
        #expect(issue.eventID == 2)
        #expect(issue.relatedEvent?.id == 1, "\(report)")
        #expect(
            issue.message.hasSuffix(
                #"Meanwhile event 1 (script.message article "a1" (expects reply)) has had none, as if its handler were called for this one"#),
            "\(issue.message)")
    }
}
