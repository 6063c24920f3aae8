import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// Fetches a reservation for the page, and once more after a 503, after a
/// backoff on the platform's clock; replies with what the second fetch got.
private struct RetryingFetcher: ScriptMessageHandlerWithReply {
    let transport: any HTTPTransport
    let clock: any Clock<Duration>
    let backoff: Duration

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        let (transport, clock, backoff) = (transport, clock, backoff)
        Task {
            let request = HTTPRequest(url: "https://api.example/v1/reservations/SL-1")
            var response = try? await transport.send(request)
            if response?.status == 503 {
                try? await clock.sleep(for: backoff)
                response = try? await transport.send(request)
            }
            replyHandler(.value(["status": .number(Double(response?.status ?? 0))]))
        }
    }
}

/// One divergence, one issue: a reply recorded after the answer to a call
/// that never came waits for that call, so the call is the issue, and the
/// reply not sent is its consequence, not a second issue ahead of it.
@Suite("A reply that waits for a missing call", .enabled(if: WatchedJobsTests.watchesJobs))
struct ConsequenceNotReportedTests {
    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "reservation", body: ["code": "SL-1"], expectsReply: true)),
        Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://api.example/v1/reservations/SL-1")),
        Event(id: 3, at: 0.12, answers: 2, payload: HTTPResponse(status: 503)),
        Event(id: 4, at: 0.62, cause: 1, payload: HTTPRequest(url: "https://api.example/v1/reservations/SL-1")),
        Event(id: 5, at: 0.71, answers: 4, payload: HTTPResponse(status: 200)),
        Event(id: 6, at: 0.71, cause: 1, payload: ScriptReply(.value(["status": 200]))),
    ])

    static func replay(backoff: Duration) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                platform.webView.add(
                    RetryingFetcher(transport: platform.transport, clock: platform.clock, backoff: backoff), name: "reservation")
            }
        }
    }

    @Test("the recorded backoff passes")
    func recordedBackoff() async {
        let report = await Self.replay(backoff: .milliseconds(500))
        #expect(report.passed, "\(report)")
    }

    @Test("a longer backoff is one issue: the retry, not the reply it holds back")
    func longerBackoff() async throws {
        let report = await Self.replay(backoff: .seconds(2))
        #expect(report.issues.map(\.eventID) == [4], "\(report)")
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect || issue.reportedAs == .missingEffect, "\(report)")
        #expect(issue.stall?.sleeperDeadline == .milliseconds(2120), "\(report)")
    }

    /// A reply the app forgets, with nothing missing before it, is still its own issue.
    @Test("a reply never sent after everything before it happened is the issue")
    func forgottenReply() async throws {
        let report = await RuntimeWatchInstallation.during {
            await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
                struct Forgets: ScriptMessageHandlerWithReply {
                    let inner: RetryingFetcher
                    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
                        inner.didReceive(message) { _ in }
                    }
                }
                platform.webView.add(
                    Forgets(inner: RetryingFetcher(transport: platform.transport, clock: platform.clock, backoff: .milliseconds(500))),
                    name: "reservation")
            }
        }
        #expect(report.issues.map(\.eventID) == [1], "\(report)")
        #expect(report.issues.first?.kind == .missingEffect || report.issues.first?.eventKind == ScriptMessage.eventKind, "\(report)")
    }
}
