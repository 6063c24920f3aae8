import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// Starts a consumer task when the page says "start": it drains an
/// `AsyncStream` each later "note" is yielded into, for the screen's life.
private final class StartingHandler: CustomEventHandler, @unchecked Sendable {
    let custom: any CustomSeam
    let opens: @Sendable (String) -> String
    /// A bug: after the last note the consumer waits a moment in real time, then opens one more.
    let opensLateExtra: Bool
    let (stream, inbox) = AsyncStream.makeStream(of: String.self)

    init(custom: any CustomSeam, opens: @escaping @Sendable (String) -> String, opensLateExtra: Bool) {
        self.custom = custom
        self.opens = opens
        self.opensLateExtra = opensLateExtra
    }

    func didReceive(_ event: CustomEvent) {
        if event.name == "start" {
            Task { [stream, custom, opens, opensLateExtra] in
                for await text in stream {
                    let opened = opens(text)
                    // A bug may open nothing for a note.
                    if opened.isEmpty { continue }
                    custom.send(CustomEvent(name: "opened", direction: .effect, fields: ["text": .string(opened)]))
                    if opensLateExtra, text == "m3" {
                        try? await Task.sleep(for: .milliseconds(100))
                        custom.send(CustomEvent(name: "opened", direction: .effect, fields: ["text": "m4"]))
                    }
                }
            }
        } else {
            inbox.yield(event.fields["text"]?.stringValue ?? "")
        }
    }
}

/// A consumer a delivery started (tracking begun when the page asked) is
/// suspended in `for await` once the run has stopped: nothing but the
/// replay's deliveries could wake it. Where the runtime watch sees that
/// nothing else runs, a failing replay ends without waiting the stall
/// timeout for it, and a passing one too.
@Suite("A delivery's long-lived consumer does not hold the end of the run", .enabled(if: WatchedJobsTests.watchesJobs))
struct ParkedConsumerAtEndTests {
    static let cassette = Cassette(
        header: CassetteHeader(name: "started-consumer"),
        events: [
            Event(id: 1, at: 0, payload: CustomEvent(name: "start", direction: .stimulus)),
            Event(id: 2, at: 0, payload: CustomEvent(name: "note", direction: .stimulus, fields: ["text": "m1"])),
            Event(id: 3, at: 0, cause: 2, payload: CustomEvent(name: "opened", direction: .effect, fields: ["text": "m1"])),
            Event(id: 4, at: 1, payload: CustomEvent(name: "note", direction: .stimulus, fields: ["text": "m2"])),
            Event(id: 5, at: 1, cause: 4, payload: CustomEvent(name: "opened", direction: .effect, fields: ["text": "m2"])),
            Event(id: 6, at: 2, payload: CustomEvent(name: "note", direction: .stimulus, fields: ["text": "m3"])),
            Event(id: 7, at: 2, cause: 6, payload: CustomEvent(name: "opened", direction: .effect, fields: ["text": "m3"])),
        ])

    static func replay(
        opens: @escaping @Sendable (String) -> String = { $0 }, opensLateExtra: Bool = false
    ) async -> ReplayEngine {
        // Long enough that a run which waited for the consumer would be seen to have stalled.
        let engine = ReplayEngine(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(30)))
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in
                let custom = platform.custom
                let handler = StartingHandler(custom: custom, opens: opens, opensLateExtra: opensLateExtra)
                custom.setHandler(handler, forEventNamed: "start")
                custom.setHandler(handler, forEventNamed: "note")
                return (custom, handler)
            }
        }
        return engine
    }

    @Test("a correct consumer passes without stalling")
    func correctConsumerPasses() async {
        let engine = await Self.replay()
        #expect(engine.issues.isEmpty, "\(engine.issues)")
        #expect(!engine.isStalled, "the run waited the stall timeout for a task only the replay could wake")
    }

    @Test("a consumer that opens the wrong note fails at that effect and ends without stalling")
    func wrongConsumerEndsAtOnce() async {
        let engine = await Self.replay { $0 == "m2" ? "m9" : $0 }
        #expect(engine.issues.map(\.eventID) == [5], "\(engine.issues)")
        #expect(!engine.isStalled, "the failed run waited the stall timeout for a task only the replay could wake")
    }

    /// What is parked is what nothing but the replay could wake: a task
    /// sleeping in real time is on its way, and what it does then is judged.
    @Test("a consumer that opens one more note after a real-time sleep still fails")
    func lateExtraIsJudged() async {
        let engine = await Self.replay(opensLateExtra: true)
        #expect(engine.issues.map(\.kind) == [.unexpectedEffect], "\(engine.issues)")
    }

    /// A recorded effect whose cause was delivered, with nothing left that
    /// could make it but a task waiting for the replay, is missing: reported
    /// with its cause, not after the stall timeout as busy work.
    @Test("a consumer that skips the last note is reported missing that effect at once")
    func skippedLastIsMissing() async {
        let engine = await Self.replay { $0 == "m3" ? "" : $0 }
        let issue = engine.issues.first
        #expect(engine.issues.count == 1, "\(engine.issues)")
        #expect(issue?.kind == .missingEffect && issue?.eventID == 7, "\(engine.issues)")
        #expect(issue?.cause?.id == 6, "\(engine.issues)")
        #expect(issue?.stall?.wasBusy == false, "\(engine.issues)")
        #expect(!engine.isStalled, "the replay waited the stall timeout before reporting the effect missing")
    }
}
