import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A sign-in that writes the three session cookies from a task of its own,
/// evaluates `didSignIn()` without waiting, and replies with how many it
/// stored. A bug stores only the first: the page's result is then held back
/// by the writes recorded before it, and the reply comes ahead of it. The
/// report names the first missing write, the cause, not only the reply's
/// count, the symptom (an outside app's report read only `value.cookies:
/// expected 3, found 1`).
@Suite("An effect ahead of a stimulus held back by a missing effect")
struct HeldStimulusReasonTests {
    static let names = ["cart_id", "locale", "sid"]

    static func cookie(_ name: String) -> Cookie { Cookie(name: name, value: "v-\(name)", domain: "api.example") }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "account", body: "signIn", expectsReply: true)),
        Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(method: "POST", url: "https://api.example/login")),
        Event(id: 3, at: 0.1, answers: 2, payload: HTTPResponse(status: 200)),
        Event(id: 4, at: 0.1, cause: 1, payload: CookieStoreWrite(cookie("cart_id"))),
        Event(id: 5, at: 0.1, cause: 1, payload: CookieStoreWrite(cookie("locale"))),
        Event(id: 6, at: 0.1, cause: 1, payload: CookieStoreWrite(cookie("sid"))),
        Event(id: 7, at: 0.1, cause: 3, payload: JavaScriptEvaluation(script: "didSignIn()")),
        Event(id: 8, at: 0.1, answers: 7, payload: JavaScriptResult(.value(.null))),
        Event(id: 9, at: 0.1, cause: 1, payload: ScriptReply(.value(["cookies": 3]))),
    ])

    @MainActor
    final class SignIn: ScriptMessageHandlerWithReply {
        private let platform: Platform
        private let stored: [String]

        init(platform: Platform, stored: [String] = HeldStimulusReasonTests.names) {
            self.platform = platform
            self.stored = stored
            platform.webView.addScriptMessageHandler(self, contentWorld: .page, name: "account")
        }

        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            let platform = platform
            let stored = stored
            Task {
                _ = try? await platform.transport.send(HTTPRequest(method: "POST", url: "https://api.example/login"))
                let writes = Task {
                    for name in stored { await platform.cookieStore.setCookie(HeldStimulusReasonTests.cookie(name)) }
                }
                await writes.value
                platform.webView.evaluateJavaScript("didSignIn()", completionHandler: nil)
                replyHandler(.value(["cookies": .number(Double(stored.count))]))
            }
        }
    }

    @Test("the sign-in that stores every cookie replays green")
    func correct() async {
        let report = await Replayer(cassette: Self.cassette, options: fastReplay).replay { await SignIn(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("one that stores the first cookie only is told the second write is missing, which the page's result waits for")
    func firstCookieOnly() async throws {
        let report = await Replayer(cassette: Self.cassette, options: fastReplay).replay {
            await SignIn(platform: $0, stored: ["cart_id"])
        }
        let issue = try #require(report.issues.first, "a sign-in that stores one cookie of three passed")
        #expect(issue.eventID == 9, "\(report)")
        #expect(
            issue.message.contains(
                "Most likely an effect recorded before it is missing: event 5 (http.setCookie locale=v-locale"),
            "\(report)")
        #expect(issue.message.contains("which event 8 waits for, has not happened yet"), "\(report)")
        #expect(issue.differences.map(\.path) == ["value.cookies"], "\(report)")
    }
}
