import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// On "fetch" the page's stock check races the answer of an "ask" against a
/// 2 s timeout on the platform's clock, in a task group, and reports what it
/// got. The answer wins at once; the correct code cancels the timeout.
private final class RacingHandler: CustomEventHandler, @unchecked Sendable {
    let custom: any CustomSeam
    let clock: any Clock<Duration>
    /// A bug: the group is left to wait for the timeout before it returns.
    let keepsTimeout: Bool

    init(custom: any CustomSeam, clock: any Clock<Duration>, keepsTimeout: Bool) {
        self.custom = custom
        self.clock = clock
        self.keepsTimeout = keepsTimeout
    }

    func didReceive(_ event: CustomEvent) {
        Task { [custom, clock, keepsTimeout] in
            let answer = await withTaskGroup(of: String?.self) { group in
                group.addTask { try? await clock.sleep(for: .seconds(2)); return nil }
                group.addTask { "in stock" }
                let first = await group.next() ?? nil
                if !keepsTimeout { group.cancelAll() }
                return first
            }
            custom.send(CustomEvent(name: "shown", direction: .effect, fields: ["text": .string(answer ?? "unknown")]))
        }
    }
}

/// An effect the recording makes at once, which the run can make only once
/// the replay's clock reaches a later deadline, is missing: where the runtime
/// watch sees that nothing but that sleeper and work waiting on the replay is
/// left, the replay says so at once, naming the deadline, rather than after
/// the stall timeout as if work it cannot see might still make it.
@Suite("A missing effect beside a later timer on the replay's clock", .enabled(if: WatchedJobsTests.watchesJobs))
struct WaitingPastMissingEffectTests {
    static let cassette = Cassette(
        header: CassetteHeader(name: "stock-race"),
        events: [
            Event(id: 1, at: 0, payload: CustomEvent(name: "fetch", direction: .stimulus)),
            Event(id: 2, at: 0.4, cause: 1, payload: CustomEvent(name: "shown", direction: .effect, fields: ["text": "in stock"])),
        ])

    static func replay(keepsTimeout: Bool) async -> ReplayEngine {
        // Long enough that a run which waited the stall timeout would be seen to have stalled.
        let engine = ReplayEngine(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(30)))
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in
                let handler = RacingHandler(custom: platform.custom, clock: platform.clock, keepsTimeout: keepsTimeout)
                platform.custom.setHandler(handler, forEventNamed: "fetch")
                return handler
            }
        }
        return engine
    }

    @Test("the race that cancels its timeout passes")
    func cancelledTimeoutPasses() async {
        let engine = await Self.replay(keepsTimeout: false)
        #expect(engine.issues.isEmpty, "\(engine.issues)")
        #expect(!engine.isStalled)
    }

    @Test("the race that waits for its timeout is missing the effect, reported at once with the timer's deadline")
    func keptTimeoutIsMissingAtOnce() async throws {
        let engine = await Self.replay(keepsTimeout: true)
        let issue = try #require(engine.issues.first, "the bug replayed green")
        #expect(engine.issues.count == 1, "\(engine.issues)")
        // The end of the run cancels the sleep, and the group then makes the effect: the trace has it, and the
        // issue says when it came and why, from work the replay follows.
        #expect(issue.kind == .lateEffect && issue.reportedAs == .missingEffect, "\(engine.issues)")
        #expect(issue.eventID == 2 && issue.cause?.id == 1, "\(engine.issues)")
        #expect(issue.stall?.sleeperDeadline == .seconds(2), "\(engine.issues)")
        #expect(issue.stall?.stillWaitedOnReplay == false, "the replay waited the stall timeout: \(engine.issues)")
        #expect(!engine.isStalled, "the replay waited the stall timeout before reporting the effect missing")
        let text = ConsoleIssueRenderer.lines(of: issue).joined(separator: "\n")
        #expect(text.contains("waiting on the replay clock until 2 s, later than the 0.4 s"), "\(text)")
        #expect(text.hasPrefix("event 2 (custom.shown): expected effect did not happen"), "\(text)")
        #expect(text.contains("; it came only after the replay had reported it missing, once the end of the run had cancelled"), "\(text)")
        #expect(!text.contains("stall timeout") && !text.contains("could not see"), "\(text)")
    }
}
