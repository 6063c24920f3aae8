import Foundation
import HybridReplayRuntimeWatch
@testable import HybridReplay
import Testing

/// Correct code whose effect comes from a sibling task still sleeping in real
/// time, computing or hopping to the main actor, while another task of the same
/// handler waits on the replay, replays green: a missing effect beside a wait is
/// judged only once the implementation has finished or the stall timeout has
/// passed (``ReplayerStrictnessTests/missingEffectBesideAWait()``). (Judging it as
/// soon as the work left was only waiting, where the runtime watch saw nothing
/// handed where it cannot follow, failed the sleeping sibling in a whole-suite run.)
@Suite("Work beside a wait on the replay")
struct WorkBesideAWaitTests {
    /// A minute: the verdict waits for the sibling's request, whatever the machine's load;
    /// only the stall timeout could end that wait, and none of these replays should reach it.
    static let patient = ReplayOptions(stallTimeout: .seconds(60), recordCommand: fastReplay.recordCommand)

    static let dataThenLog = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
        Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://a.example/data")),
        Event(id: 3, at: 0, cause: 1, payload: HTTPRequest(url: "https://a.example/log")),
        // The answer to /data comes after /log, so the task that awaits it waits on the replay.
        Event(id: 4, at: 0.1, answers: 2, payload: HTTPResponse(status: 200)),
    ])

    struct AsyncLetSleepsThenLogs: ScriptMessageHandler {
        let transport: any HTTPTransport
        func didReceive(_ message: ScriptMessage) {
            let transport = transport
            Task {
                async let data = transport.send(HTTPRequest(url: "https://a.example/data"))
                async let log: Void = {
                    try? await Task.sleep(for: .milliseconds(100))
                    _ = try? await transport.send(HTTPRequest(url: "https://a.example/log"))
                }()
                _ = try? await data
                await log
            }
        }
    }

    struct TaskSleepsThenLogs: ScriptMessageHandler {
        let transport: any HTTPTransport
        func didReceive(_ message: ScriptMessage) {
            let transport = transport
            Task { _ = try? await transport.send(HTTPRequest(url: "https://a.example/data")) }
            Task {
                try? await Task.sleep(for: .milliseconds(100))
                _ = try? await transport.send(HTTPRequest(url: "https://a.example/log"))
            }
        }
    }

    struct TaskComputesAndHopsThenLogs: ScriptMessageHandler {
        let transport: any HTTPTransport
        func didReceive(_ message: ScriptMessage) {
            let transport = transport
            Task { _ = try? await transport.send(HTTPRequest(url: "https://a.example/data")) }
            Task {
                var x = 0
                for i in 0..<3_000_000 { x &+= i }
                await MainActor.run { _ = x }
                _ = try? await transport.send(HTTPRequest(url: "https://a.example/log"))
            }
        }
    }

    @Test("a sibling Task that sleeps in real time before its request, beside one waiting on the replay, replays green", arguments: 0..<10)
    func taskSleeps(_ run: Int) async throws {
        let report = await Replayer(cassette: Self.dataThenLog, options: Self.patient).replay { platform in
            platform.webView.add(TaskSleepsThenLogs(transport: platform.transport), name: "go")
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a sibling Task that computes and hops through MainActor.run before its request replays green", arguments: 0..<10)
    func taskHops(_ run: Int) async throws {
        let report = await Replayer(cassette: Self.dataThenLog, options: Self.patient).replay { platform in
            platform.webView.add(TaskComputesAndHopsThenLogs(transport: platform.transport), name: "go")
        }
        #expect(report.passed, "\(report)")
    }

    @Test("an async let child that sleeps in real time before its request, beside one waiting on the replay, replays green", arguments: 0..<10)
    func asyncLet(_ run: Int) async throws {
        let report = await Replayer(cassette: Self.dataThenLog, options: Self.patient).replay { platform in
            platform.webView.add(AsyncLetSleepsThenLogs(transport: platform.transport), name: "go")
        }
        #expect(report.passed, "\(report)")
    }

    /// Under the runtime watch, work that only waits on the replay with
    /// nothing else on its way is judged at once (``WaitingPastMissingEffectTests``):
    /// a sibling asleep in real time, computing or hopping is on its way, and waited for.
    @Test(
        "under the runtime watch, a sibling that sleeps, computes or hops before its request still replays green",
        .enabled(if: WatchedJobsTests.watchesJobs), arguments: 0..<10)
    func watched(_ run: Int) async throws {
        let handlers: [@Sendable (any HTTPTransport) -> any ScriptMessageHandler] = [
            { TaskSleepsThenLogs(transport: $0) }, { TaskComputesAndHopsThenLogs(transport: $0) },
            { AsyncLetSleepsThenLogs(transport: $0) },
        ]
        for handler in handlers {
            let report = await RuntimeWatchInstallation.during {
                await Replayer(cassette: Self.dataThenLog, options: Self.patient).replay { platform in
                    platform.webView.add(handler(platform.transport), name: "go")
                }
            }
            #expect(report.passed, "\(report)")
        }
    }
}

/// A retry that backs off on the platform's clock longer than the recording did:
/// the request the recording has at 0.5 s is missing while the retry sleeps on the
/// replay's clock until 1 s, and nothing else of the implementation runs.
@Suite("A backoff on the platform's clock longer than recorded")
struct LongerBackoffTests {
    struct RetriesAfter503: ScriptMessageHandler {
        let transport: any HTTPTransport
        let clock: any Clock<Duration>
        let backoff: Duration
        func didReceive(_ message: ScriptMessage) {
            let (transport, clock, backoff) = (transport, clock, backoff)
            Task {
                let inbox = HTTPRequest(url: "https://mail.example/api/inbox")
                guard let first = try? await transport.send(inbox), first.status == 503 else { return }
                try await clock.sleep(for: backoff)
                _ = try? await transport.send(inbox)
            }
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "inbox", body: .string("load"))),
        Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://mail.example/api/inbox")),
        Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 503)),
        Event(id: 4, at: 0.5, cause: 1, payload: HTTPRequest(url: "https://mail.example/api/inbox")),
        Event(id: 5, at: 0.5, answers: 4, payload: HTTPResponse(status: 200)),
    ])

    static func replay(backoff: Duration) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(RetriesAfter503(transport: platform.transport, clock: platform.clock, backoff: backoff), name: "inbox")
        }
    }

    @Test("the recorded backoff replays green")
    func recordedBackoff() async {
        let report = await Self.replay(backoff: .milliseconds(500))
        #expect(report.passed, "\(report)")
    }

    @Test("a longer backoff is reported as the missing retry, with the sleeper's deadline, once the stall timeout has passed")
    func longerBackoff() async throws {
        var options = fastReplay
        options.stallTimeout = .milliseconds(200)
        let report = await Replayer(cassette: Self.cassette, options: options).replay { platform in
            platform.webView.add(
                RetriesAfter503(transport: platform.transport, clock: platform.clock, backoff: .seconds(1)), name: "inbox")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect)
        #expect(issue.eventID == 4, "\(report)")
        let stall = try #require(issue.stall, "\(issue)")
        // Judged after the stall timeout, whichever way the bound ran out: with the retry asleep on
        // the replay's clock, or (on a loaded machine) before the first request's task has run at all.
        #expect(stall.stillWaitedOnReplay || stall.wasBusy, "\(issue)")
        if stall.stillWaitedOnReplay {
            #expect(stall.sleeperDeadline == .seconds(1), "\(issue)")
            #expect(stall.recordedAt == .milliseconds(500), "\(issue)")
            #expect(
                issue.message.contains("waiting on the replay clock until 1 s, later than the 0.5 s at which the recording has this effect"),
                "\(issue)")
        }
        #expect(report.issues.count == 1, "\(report)")
    }
}
