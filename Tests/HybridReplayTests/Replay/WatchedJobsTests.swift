import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// Answers the flags with the generation it was made for, so a stimulus
/// that reaches a replaced handler shows in the effect.
private final class FlagsHandler: CustomEventHandler {
    let custom: any CustomSeam
    let generation: Int

    init(custom: any CustomSeam, generation: Int) {
        self.custom = custom
        self.generation = generation
    }

    func didReceive(_ event: CustomEvent) {
        custom.send(CustomEvent(name: "applied", direction: .effect, fields: ["generation": .number(Double(generation))]))
    }
}

/// The jobs of a `Task.detached` the replay's work starts are the
/// implementation's work until they have run, so the replay delivers the
/// next stimulus after them (Linux, under the runtime watch, where the watch
/// sees jobs handed to Dispatch).
///
/// Each test makes the detached task run late on purpose, without sleeping:
/// it goes on only once the scheduler has either delivered the stimulus or
/// waits for the implementation, whichever comes first. A replay that does
/// not wait for the task's jobs delivers first, every time.
@Suite("Jobs a replay follows until they have run")
struct WatchedJobsTests {
    #if os(Linux)
    static let watchesJobs = true
    #else
    static let watchesJobs = false
    #endif

    /// The flags arrive; the handler the recording had by then (generation 2) applies them.
    static let cassette = Cassette(
        header: CassetteHeader(name: "replaced-from-detached"),
        events: [
            Event(id: 1, at: 0, payload: CustomEvent(name: "flags", direction: .stimulus, fields: ["dark": true])),
            Event(id: 2, at: 0, cause: 1, payload: CustomEvent(name: "applied", direction: .effect, fields: ["generation": 2])),
        ])

    /// Whether the scheduler has delivered the first stimulus, or waits for the implementation.
    static func schedulerMovedOn(_ engine: ReplayEngine) -> Bool {
        engine.state.withLock { $0.work.waiter != nil || !$0.matcher.progress.delivered.isEmpty }
    }

    /// Replays a set-up that sets handler 1 at once and replaces it with handler 2
    /// from a detached task that goes on only once the scheduler has moved on.
    static func replayReplacedLate(hopsToTheMainActor: Bool) async -> [ReplayIssue] {
        let engine = ReplayEngine(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in
                let custom = platform.custom
                custom.setHandler(FlagsHandler(custom: custom, generation: 1), forEventNamed: "flags")
                Task.detached {
                    // Handed back to the global executor each time round: a job the replay follows.
                    while !Self.schedulerMovedOn(engine) { await Task.yield() }
                    let replacement = FlagsHandler(custom: custom, generation: 2)
                    if hopsToTheMainActor {
                        await MainActor.run { custom.setHandler(replacement, forEventNamed: "flags") }
                    } else {
                        custom.setHandler(replacement, forEventNamed: "flags")
                    }
                }
                return custom
            }
        }
        return engine.issues
    }

    @Test(
        "a handler replaced from Task.detached through MainActor.run receives the stimulus, however late the task runs",
        .enabled(if: watchesJobs, "the watch sees jobs handed to Dispatch on Linux only"))
    func replacedThroughMainActor() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        let issues = await Self.replayReplacedLate(hopsToTheMainActor: true)
        #expect(issues.isEmpty, "\(issues.map { $0.message })")
    }

    @Test(
        "a handler replaced from Task.detached off the main actor receives the stimulus, however late the task runs",
        .enabled(if: watchesJobs, "the watch sees jobs handed to Dispatch on Linux only"))
    func replacedOffTheMainActor() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        let issues = await Self.replayReplacedLate(hopsToTheMainActor: false)
        #expect(issues.isEmpty, "\(issues.map { $0.message })")
    }

    @Test(
        "the jobs of a detached task count as work only while they are handed over or run, and not after the replay",
        .enabled(if: watchesJobs, "the watch sees jobs handed to Dispatch on Linux only"))
    func countsOnlyUntilRun() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        let engine = ReplayEngine(cassette: Self.cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
        let (seen, sawJobs) = AsyncStream<Bool>.makeStream()
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in
                let custom = platform.custom
                custom.setHandler(FlagsHandler(custom: custom, generation: 2), forEventNamed: "flags")
                Task.detached {
                    // Running now, as a job the replay follows.
                    sawJobs.yield(engine.runsWatchedJobs)
                    sawJobs.finish()
                }
                return custom
            }
        }
        var iterator = seen.makeAsyncIterator()
        let whileRunning = await iterator.next()
        #expect(whileRunning == true)
        #expect(engine.issues.isEmpty, "\(engine.issues.map { $0.message })")
        // The run is over: nothing it watched is still counted, and nothing new is.
        #expect(!engine.runsWatchedJobs)
        #expect(!engine.beginWatchedJob(1))
    }

    @Test(
        "a detached task resumed by the answer to its seam call counts as work until it has run",
        .enabled(if: watchesJobs, "the watch sees jobs handed to Dispatch on Linux only"))
    func resumedByAnAnswer() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async_f through the watch")
        let balance = Cassette(
            header: CassetteHeader(name: "detached-request"),
            events: [
                Event(id: 1, at: 0, payload: HTTPRequest(url: "https://bank.example/balance")),
                Event(id: 2, at: 0.05, answers: 1, payload: HTTPResponse(status: 200, body: .text("42"))),
            ])
        let engine = ReplayEngine(cassette: balance, options: ReplayOptions(stallTimeout: .seconds(60)))
        let (seen, sawJobs) = AsyncStream<Bool>.makeStream()
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in
                let transport = platform.transport
                Task.detached {
                    _ = try? await transport.send(HTTPRequest(url: "https://bank.example/balance"))
                    // Going on after the engine answered: without the watch, nothing the replay waits for.
                    sawJobs.yield(engine.runsWatchedJobs)
                    sawJobs.finish()
                }
                return transport
            }
        }
        var iterator = seen.makeAsyncIterator()
        let afterTheAnswer = await iterator.next()
        #expect(afterTheAnswer == true)
        #expect(engine.issues.isEmpty, "\(engine.issues.map { $0.message })")
    }
}
