import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// A request raced against a timeout on the platform's clock: the timeout
/// wins, and the app cancels the request (`group.cancelAll()`). The
/// recording has the request's cancellation at the moment the timeout
/// fired; the replay must move its clock to that moment, so the timeout
/// fires and the app cancels, before it judges whether the app ever did.
@Suite("A request raced against a timeout on the platform's clock")
struct TimeoutCancelsRequestTests {
    /// Recorded with the timeout at `timeout` seconds and the drive moving the clock by `moved`.
    static func cassette(cancelledAt moved: Double) -> Cassette {
        makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "stock", body: .string("B7"))),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://api.example/stock/B7")),
            Event(id: 3, at: moved, answers: 2, payload: HTTPTransportFailure(code: -999, message: "cancelled")),
            Event(id: 4, at: moved, cause: 1, payload: JavaScriptEvaluation(script: "stockUnknown()")),
            Event(id: 5, at: moved, answers: 4, payload: JavaScriptResult(.value(.null))),
        ])
    }

    /// Races the request against a 2 s sleep on the platform's clock; `cancelsOnTimeout: false`
    /// is the bug of leaving the request running once the timeout has won.
    struct StockChecker: ScriptMessageHandler {
        let platform: Platform
        let cancelsOnTimeout: Bool

        func didReceive(_ message: ScriptMessage) {
            let (transport, clock, webView) = (platform.transport, platform.clock, platform.webView)
            let cancelsOnTimeout = cancelsOnTimeout
            Task {
                let answered: Bool
                do {
                    answered = try await withThrowingTaskGroup(of: Bool.self) { group in
                        group.addTask {
                            _ = try await transport.send(HTTPRequest(url: "https://api.example/stock/B7"))
                            return true
                        }
                        group.addTask {
                            try await clock.sleep(for: .seconds(2))
                            return false
                        }
                        let first = try await group.next() ?? false
                        if cancelsOnTimeout { group.cancelAll() }
                        return first
                    }
                } catch {
                    answered = false
                }
                _ = try? await webView.evaluateJavaScript(answered ? "stockKnown()" : "stockUnknown()")
            }
        }
    }

    /// Replays with the runtime watch following app code's jobs (Linux, the testing glue) or without it.
    static func replay(_ cassette: Cassette, cancelsOnTimeout: Bool, watched: Bool) async -> ReplayReport {
        var options = fastReplay
        // The wrong variant leaves a request nothing answers: judged once the stall timeout has passed.
        if !cancelsOnTimeout { options.stallTimeout = .milliseconds(300) }
        let replayer = Replayer(cassette: cassette, options: options)
        let setUp: @Sendable (Platform) -> Void = { platform in
            platform.webView.add(StockChecker(platform: platform, cancelsOnTimeout: cancelsOnTimeout), name: "stock")
        }
        guard watched else { return await replayer.replay(setUp) }
        return await RuntimeWatchInstallation.during { await replayer.replay(setUp) }
    }

    static let ways = [(2.0, false), (2.0, true), (2.5, false), (2.5, true)]

    @Test("the timeout fires and cancels the request, as recorded", arguments: ways)
    func timeoutCancels(movedBy moved: Double, watched: Bool) async {
        let report = await Self.replay(Self.cassette(cancelledAt: moved), cancelsOnTimeout: true, watched: watched)
        #expect(report.passed, "\(report)")
    }

    @Test("an app that leaves the request running once the timeout has won fails at the cancellation", arguments: [false, true])
    func requestLeftRunningFails(watched: Bool) async {
        let report = await Self.replay(Self.cassette(cancelledAt: 2), cancelsOnTimeout: false, watched: watched)
        #expect(report.issues.first?.eventID == 3, "\(report)")
        #expect(report.issues.first?.message.contains("never cancelled") == true, "\(report)")
    }
}
