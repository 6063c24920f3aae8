import Dispatch
import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// App code that delays with `DispatchQueue.main.asyncAfter` makes its call
/// in real time, after a replay on the cassette's clock has found it idle:
/// the report of the missing call says where it went.
@Suite("Blocks delayed in real time")
struct DelayedBlockTests {
    @MainActor final class SearchBox: NSObject, ScriptMessageHandler {
        let webView: any WebView
        let delaysOnTheClock: Bool
        let clock: any Clock<Duration>

        init(platform: Platform, delaysOnTheClock: Bool) {
            webView = platform.webView
            clock = platform.clock
            self.delaysOnTheClock = delaysOnTheClock
            super.init()
            webView.add(self, name: "search")
        }

        func didReceive(_ message: ScriptMessage) {
            let webView = webView
            if delaysOnTheClock {
                let clock = clock
                Task {
                    try await clock.sleep(for: .milliseconds(300))
                    webView.evaluateJavaScript("results()", completionHandler: nil)
                }
            } else {
                // Long enough that no replay, however slow the machine, has judged before it runs.
                DispatchQueue.main.asyncAfter(deadline: .now() + 600) {
                    MainActor.assumeIsolated { webView.evaluateJavaScript("results()", completionHandler: nil) }
                }
            }
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "search", body: .string("rome"))),
        Event(id: 2, at: 0.3, cause: 1, payload: JavaScriptEvaluation(script: "results()")),
        Event(id: 3, at: 0.3, answers: 2, payload: JavaScriptResult(.value(.null))),
    ])

    static func replay(delaysOnTheClock: Bool) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await SearchBox(platform: platform, delaysOnTheClock: delaysOnTheClock)
            }
        }
    }

    @Test("a call delayed with asyncAfter is reported missing, and the report names asyncAfter and the clock to use")
    func asyncAfterIsNamed() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let report = await Self.replay(delaysOnTheClock: false)
        #expect(!report.passed)
        #expect(report.issues.first?.stall?.delayedBlocks == 1, "\(report)")
        #expect("\(report)".contains("handed 1 block to DispatchQueue.asyncAfter, which runs in real time"), "\(report)")
    }

    @Test("the same delay on the platform's clock replays green")
    func clockDelayPasses() async {
        let report = await Self.replay(delaysOnTheClock: true)
        #expect(report.passed, "\(report)")
    }
}
