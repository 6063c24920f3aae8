import Foundation
import Testing

@testable import HybridReplay

/// Freezes a card for the page: posts, then replies with what the server said.
/// The planted bugs reply first (the POST comes after), or never post.
private struct CardFreezer: ScriptMessageHandlerWithReply {
    enum Fault: Sendable { case none, repliesFirst, neverPosts }
    let transport: any HTTPTransport
    let fault: Fault

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        let (transport, fault) = (transport, fault)
        Task {
            if fault != .none { replyHandler(.value([:])) }
            if fault == .neverPosts { return }
            let response = try? await transport.send(HTTPRequest(method: "POST", url: "https://bank.example/cards/c1/freeze"))
            if fault == .none { replyHandler(.value(["card": "c1", "frozen": .bool(response?.status == 200)])) }
        }
    }
}

/// An effect that comes before the stimulus it was recorded after, whose
/// call had not happened then: when the call comes later in the run, the
/// effect came early, and the report says so instead of guessing the call missing.
@Suite("An effect that came early")
struct EarlyEffectTests {
    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "card", body: ["op": "freeze"], expectsReply: true)),
        Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(method: "POST", url: "https://bank.example/cards/c1/freeze")),
        Event(id: 3, at: 0.1, answers: 2, payload: HTTPResponse(status: 200)),
        Event(id: 4, at: 0.1, cause: 1, payload: ScriptReply(.value(["card": "c1", "frozen": true]))),
    ])

    fileprivate static func replay(_ fault: CardFreezer.Fault) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(CardFreezer(transport: platform.transport, fault: fault), name: "card")
        }
    }

    @Test("the correct freezer passes")
    func correct() async {
        let report = await Self.replay(.none)
        #expect(report.passed, "\(report)")
    }

    @Test("a reply sent before the POST that the app then makes came early")
    func repliesFirst() async throws {
        let report = await Self.replay(.repliesFirst)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.missingCall?.id == 2 && issue.missingCallCameLater, "\(report)")
        #expect(issue.headline.contains("It came early: the call the recording made first, event 2"), "\(issue.headline)")
        #expect(!issue.headline.contains("Most likely"), "\(issue.headline)")
    }

    @Test("a reply sent by an app that never posts still names the call as missing")
    func neverPosts() async throws {
        let report = await Self.replay(.neverPosts)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.missingCall?.id == 2 && !issue.missingCallCameLater, "\(report)")
        #expect(issue.headline.contains("Most likely the call the recording made first is missing: event 2"), "\(issue.headline)")
    }
}
