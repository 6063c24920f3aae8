import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A real race through `Task.detached`: the wrong variant writes the session
/// cookie from a detached task and tells the page it is signed in at once,
/// so the page may look for the cookie before it is there. It passes
/// whenever the detached task happens to run first — on a device too — so
/// the matrix prints how often the replay catches it instead of requiring
/// every run to.
extension ReplayPatternMatrixTests {
    @MainActor final class SessionCookieBridge: NSObject, ScriptMessageHandler {
        let platform: Platform
        let awaitsTheWrite: Bool

        init(platform: Platform, awaitsTheWrite: Bool) {
            self.platform = platform
            self.awaitsTheWrite = awaitsTheWrite
            super.init()
            platform.webView.add(self, name: "signedIn")
        }

        func didReceive(_ message: ScriptMessage) {
            let cookie = Cookie(name: "session", value: "s-1", domain: "app.example.com")
            let cookieStore = platform.cookieStore
            if awaitsTheWrite {
                Task {
                    await cookieStore.setCookie(cookie)
                    self.platform.webView.evaluateJavaScript("sessionReady()", completionHandler: nil)
                }
            } else {
                Task.detached { await cookieStore.setCookie(cookie) }
                platform.webView.evaluateJavaScript("sessionReady()", completionHandler: nil)
            }
        }
    }

    static let sessionCookie = Cassette(
        header: CassetteHeader(name: "session-cookie"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "signedIn", body: ["user": "ada"])),
            Event(id: 2, at: 0, cause: 1, payload: CookieStoreWrite(Cookie(name: "session", value: "s-1", domain: "app.example.com"))),
            Event(id: 3, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "sessionReady()")),
            Event(id: 4, at: 0, answers: 3, payload: JavaScriptResult(.value(.null))),
        ])

    @Test("a cookie written from Task.detached before telling the page: correct every time, the race caught as often as it shows")
    func detachedCookieRace() async {
        await Self.measure("race cookie write from Task.detached", wrongIsARace: true) { correct in
            await Replayer(cassette: Self.sessionCookie, options: Self.options(for: nil, correct: correct)).replay { platform in
                await SessionCookieBridge(platform: platform, awaitsTheWrite: correct)
            }
        }
    }
}
