import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySeams
import Testing

@testable import HybridReplay

/// A call the recording does not have still gets its completion handler
/// called where the platform calls it: WebKit calls an evaluation's handler
/// on the main thread, so code that relies on that (`MainActor.assumeIsolated`)
/// must see a report, not a crash, when the replay diverges.
@Suite("A diverged call's completion handler is called where the platform calls it")
struct DivergedCallCallbackTests {
    /// Where each completion handler ran: `true` on the main queue.
    final class Calls: Sendable {
        private let onMainQueue = Locked<[Bool]>([])
        func note() { onMainQueue.withLock { $0.append(MainQueue.isCurrent) } }
        var seen: [Bool] { onMainQueue.current }
    }

    /// Shows a count; the diverged variant shows another one than recorded,
    /// from the message handler or from a detached task.
    @MainActor final class Counter: NSObject, ScriptMessageHandler {
        enum Origin { case mainActor, detachedTask }
        let platform: Platform
        let script: String
        let origin: Origin
        let calls: Calls

        init(platform: Platform, script: String, origin: Origin, calls: Calls) {
            self.platform = platform
            self.script = script
            self.origin = origin
            self.calls = calls
            super.init()
            platform.webView.add(self, name: "count")
        }

        func didReceive(_ message: ScriptMessage) {
            let (webView, script, calls) = (platform.webView, script, calls)
            switch origin {
            case .mainActor:
                webView.evaluateJavaScript(script) { _ in calls.note() }
            case .detachedTask:
                Task.detached { webView.evaluateJavaScript(script) { _ in calls.note() } }
            }
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "count", body: .null)),
        Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "showCount(1)")),
        Event(id: 3, at: 0, answers: 2, payload: JavaScriptResult(.value(.null))),
    ])

    @Test("the handler of an evaluation that differs from the recording runs on the main actor", arguments: [
        Counter.Origin.mainActor, .detachedTask,
    ])
    func divergedEvaluation(_ origin: Counter.Origin) async throws {
        let calls = Calls()
        // With the runtime watch in, as the testing glue has it, the replay follows the detached task's call.
        let report = await RuntimeWatchInstallation.during {
            await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
                await Counter(platform: platform, script: "showCount(2)", origin: origin, calls: calls)
            }
        }
        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 2, "\(report)")
        #expect(calls.seen == [true], "\(report)")
    }

    @Test("the handler of the recorded evaluation runs on the main actor", arguments: [
        Counter.Origin.mainActor, .detachedTask,
    ])
    func matchedEvaluation(_ origin: Counter.Origin) async throws {
        let calls = Calls()
        // With the runtime watch in, as the testing glue has it, the replay follows the detached task's call.
        let report = await RuntimeWatchInstallation.during {
            await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
                await Counter(platform: platform, script: "showCount(1)", origin: origin, calls: calls)
            }
        }
        #expect(report.passed, "\(report)")
        #expect(calls.seen == [true], "\(report)")
    }
}
