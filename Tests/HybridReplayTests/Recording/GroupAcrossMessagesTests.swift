import Dispatch
import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import HybridReplayTesting
import Testing

/// A `DispatchGroup` whose notification waits for stimuli that come later:
/// a screen that starts its page's work only once the page said it is ready
/// and the data it asked for has come.
@Suite("A DispatchGroup emptied by later stimuli")
struct GroupAcrossMessagesTests {
    @MainActor final class ReadyGate: NSObject, ScriptMessageHandler {
        let webView: any WebView
        let group = DispatchGroup()
        let forgetsToStart: Bool

        init(platform: Platform, forgetsToStart: Bool = false) {
            webView = platform.webView
            self.forgetsToStart = forgetsToStart
            super.init()
            webView.add(self, name: "open")
            webView.add(self, name: "ready")
            webView.add(self, name: "data")
        }

        func didReceive(_ message: ScriptMessage) {
            guard message.name == "open" else {
                group.leave()
                return
            }
            group.enter()
            group.enter()
            let (webView, forgets) = (webView, forgetsToStart)
            group.notify(queue: .main) { @Sendable in
                guard !forgets else { return }
                MainActor.assumeIsolated { webView.evaluateJavaScript("start()", completionHandler: nil) }
            }
        }
    }

    static func record() async throws -> Cassette {
        try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "gate")
            let page = SimulatedWebView()
            let platform = recorder.platform(wrapping: .simulated(webView: page))
            let gate = await ReadyGate(platform: platform)
            try page.postMessage(["screen": "cart"], to: "open")
            try page.postMessage(["ready": true], to: "ready")
            try page.postMessage(["items": 3], to: "data")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
            _ = gate
            return recorder.cassette()
        }
    }

    @Test("a notification registered for one message and run after two later ones replays green, and a forgotten start fails")
    func notificationAfterLaterMessages() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let cassette = try await Self.record()
        #expect(cassette.events.map(\.kind.description) == ["script.message", "script.message", "script.message", "javascript.evaluate", "javascript.result"], "\(outline(cassette.events))")
        let start = try #require(cassette.events.first { ($0.payload as? JavaScriptEvaluation)?.script == "start()" })
        #expect(start.cause == cassette.events.first?.id, "\(outline(cassette.events))")
        for forgets in Array(repeating: false, count: 20) + [true] {
            let report = await RuntimeWatchInstallation.during {
                await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                    await ReadyGate(platform: platform, forgetsToStart: forgets)
                }
            }
            #expect(report.passed == !forgets, "\(report)")
            if forgets {
                #expect(report.issues.first?.kind == .missingEffect, "\(report)")
                #expect(report.issues.first?.eventID == start.id, "\(report)")
                #expect(report.issues.first?.stall?.waitedForUnseenWork == false, "reported at once, not after the stall timeout: \(report)")
            }
        }
    }
}
