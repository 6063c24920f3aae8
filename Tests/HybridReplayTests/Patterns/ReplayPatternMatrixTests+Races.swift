import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A real race through `Task.detached`: the wrong variant writes the session
/// cookie from a detached task and tells the page it is signed in at once,
/// so the page may look for the cookie before it is there. On a device it
/// goes wrong whenever the detached task runs late. Where the runtime watch
/// holds the jobs a turn of the main actor hands on until the turn is done
/// (Linux, under the watch) the replay plays that order every time, and the
/// matrix requires every wrong run to fail; elsewhere it prints how often.
extension ReplayPatternMatrixTests {
    @MainActor final class SessionCookieBridge: NSObject, ScriptMessageHandler {
        /// How the correct variant awaits the write before it tells the page.
        enum Awaiting: Sendable {
            /// In a main-actor `Task`.
            case task
            /// In the detached task, then back through `await MainActor.run` (a plugin bridge's `Preferences.set`).
            case detachedThenMainActorRun
        }

        let platform: Platform
        let awaitsTheWrite: Bool
        let awaiting: Awaiting

        init(platform: Platform, awaitsTheWrite: Bool, awaiting: Awaiting = .task) {
            self.platform = platform
            self.awaitsTheWrite = awaitsTheWrite
            self.awaiting = awaiting
            super.init()
            platform.webView.add(self, name: "signedIn")
        }

        func didReceive(_ message: ScriptMessage) {
            let cookie = Cookie(name: "session", value: "s-1", domain: "app.example.com")
            let cookieStore = platform.cookieStore
            let webView = platform.webView
            if awaitsTheWrite, awaiting == .detachedThenMainActorRun {
                Task.detached(priority: .utility) {
                    await cookieStore.setCookie(cookie)
                    await MainActor.run { webView.evaluateJavaScript("sessionReady()", completionHandler: nil) }
                }
            } else if awaitsTheWrite {
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

    /// Whether the replay holds the jobs a turn of the main actor hands on, so the race shows in every run.
    static var holdsHandoffs: Bool {
        #if os(Linux)
        watched && RuntimeWatchInstallation.seesDispatch
        #else
        false
        #endif
    }

    @Test(
        "a cookie written from Task.detached before telling the page: correct every time, the race caught every time where the watch holds it",
        arguments: [SessionCookieBridge.Awaiting.task, .detachedThenMainActorRun])
    func detachedCookieRace(_ awaiting: SessionCookieBridge.Awaiting) async {
        let name = awaiting == .task ? "race cookie write from Task.detached" : "race cookie write from Task.detached answered via MainActor.run"
        await Self.measure(name, wrongIsARace: !Self.holdsHandoffs) { correct in
            await Self.underWatch {
                await Replayer(cassette: Self.sessionCookie, options: Self.options(for: nil, correct: correct)).replay { platform in
                    await SessionCookieBridge(platform: platform, awaitsTheWrite: correct, awaiting: awaiting)
                }
            }
        }
    }
}
