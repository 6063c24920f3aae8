import Foundation
import Testing

@testable import HybridReplay

/// A call that exactly repeats one that already happened, made where the
/// recording has a different call due, is reported as the repeat it is.
@Suite("A repeated call made where another is due")
struct RepeatedCallTests {
    /// Fetches with a token it gets once; the buggy one gets a new token for every message.
    @MainActor final class Account: NSObject, ScriptMessageHandler {
        let platform: Platform
        let refreshesEveryTime: Bool
        private var token: String?

        init(platform: Platform, refreshesEveryTime: Bool) {
            self.platform = platform
            self.refreshesEveryTime = refreshesEveryTime
            super.init()
            platform.webView.add(self, name: "account")
        }

        func didReceive(_ message: ScriptMessage) {
            guard case .string(let what) = message.body else { return }
            let transport = platform.transport
            Task {
                if token == nil || refreshesEveryTime {
                    let response = try? await transport.send(HTTPRequest(method: "POST", url: "https://auth.bank.example/token"))
                    token = response?.body?.text
                }
                let request = HTTPRequest(
                    url: "https://api.bank.example/v1/\(what)", headers: [HTTPHeader("Authorization", "Bearer \(token ?? "")")])
                _ = try? await transport.send(request)
            }
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "account", body: "balance")),
        Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(method: "POST", url: "https://auth.bank.example/token")),
        Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 200, body: .text("t1"))),
        Event(
            id: 4, at: 0, cause: 3,
            payload: HTTPRequest(url: "https://api.bank.example/v1/balance", headers: [HTTPHeader("Authorization", "Bearer t1")])),
        Event(id: 5, at: 0, answers: 4, payload: HTTPResponse(status: 200, body: .text("1200.50"))),
        Event(id: 6, at: 1, payload: ScriptMessage(handler: "account", body: "orders")),
        Event(
            id: 7, at: 1, cause: 6,
            payload: HTTPRequest(url: "https://api.bank.example/v1/orders", headers: [HTTPHeader("Authorization", "Bearer t1")])),
        Event(id: 8, at: 1, answers: 7, payload: HTTPResponse(status: 200, body: .text("2 open"))),
    ])

    func replay(refreshesEveryTime: Bool) async -> ReplayReport {
        await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
            await Account(platform: platform, refreshesEveryTime: refreshesEveryTime)
        }
    }

    @Test("the token fetched once replays green")
    func correctPasses() async {
        let report = await replay(refreshesEveryTime: false)
        #expect(report.passed, "\(report)")
    }

    @Test("a second token request for the next message is reported as repeating the first, not as the next request changed")
    func secondRefreshIsARepeat() async throws {
        let report = await replay(refreshesEveryTime: true)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.statement == .repeats, "\(report)")
        #expect(issue.relatedEvent?.id == 2, "\(report)")
        #expect(issue.message.contains("repeats event 2 (http.request POST https://auth.bank.example/token)"), "\(report)")
        // Which message's work made it again.
        #expect(issue.cause?.id == 6, "\(report)")
        #expect(issue.message.contains("which already happened; this one was made in reaction to event 6 ("), "\(report)")
    }
}
