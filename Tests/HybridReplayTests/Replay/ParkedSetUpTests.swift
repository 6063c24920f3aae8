import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// Hands each `note` to the consumer's stream.
private final class NoteHandler: CustomEventHandler {
    let inbox: AsyncStream<String>.Continuation

    init(inbox: AsyncStream<String>.Continuation) { self.inbox = inbox }

    func didReceive(_ event: CustomEvent) {
        inbox.yield(event.fields["text"]?.stringValue ?? "")
    }
}

/// A task the set-up starts for the screen's life, draining an `AsyncStream`
/// the handler yields into, holds the set-up's work open forever. Where the
/// runtime watch sees that nothing else runs (Linux, the testing glue's
/// replays), the replay neither waits the stall timeout for it before the
/// first stimulus nor after the last event.
@Suite("A set-up's long-lived consumer is parked, not busy")
struct ParkedSetUpTests {
    static let cassette = Cassette(
        header: CassetteHeader(name: "inbox-consumer"),
        events: [
            Event(id: 1, at: 0, payload: CustomEvent(name: "note", direction: .stimulus, fields: ["text": "m1"])),
            Event(id: 2, at: 0, cause: 1, payload: CustomEvent(name: "opened", direction: .effect, fields: ["text": "m1"])),
            Event(id: 3, at: 0, payload: CustomEvent(name: "note", direction: .stimulus, fields: ["text": "m2"])),
            Event(id: 4, at: 0, cause: 3, payload: CustomEvent(name: "opened", direction: .effect, fields: ["text": "m2"])),
        ])

    /// Replays the cassette against a consumer started in set-up; `opens`
    /// says what the consumer sends for each note.
    static func replay(opens: @escaping @Sendable (String) -> String = { $0 }) async -> (ReplayEngine, [ReplayIssue]) {
        // Long enough that a run which waited for the consumer would be seen to have stalled.
        let engine = ReplayEngine(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(30)))
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in
                let custom = platform.custom
                let (stream, inbox) = AsyncStream.makeStream(of: String.self)
                custom.setHandler(NoteHandler(inbox: inbox), forEventNamed: "note")
                Task {
                    for await text in stream {
                        custom.send(CustomEvent(name: "opened", direction: .effect, fields: ["text": .string(opens(text))]))
                    }
                }
                return custom
            }
        }
        return (engine, engine.issues)
    }

    @Test("the replay passes without stalling on the consumer", .enabled(if: WatchedJobsTests.watchesJobs))
    func consumerIsParked() async {
        let (engine, issues) = await Self.replay()
        #expect(issues.isEmpty, "\(issues)")
        #expect(!engine.isStalled, "the run waited the stall timeout for a task that only the replay could wake")
    }

    @Test("a consumer that opens the wrong message still fails, at the effect", .enabled(if: WatchedJobsTests.watchesJobs))
    func wrongConsumerFails() async {
        let (_, issues) = await Self.replay { $0 == "m2" ? "m1" : $0 }
        #expect(issues.first?.eventID == 4, "\(issues)")
    }
}
