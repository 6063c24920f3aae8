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

    /// Two replays in one process, and one job address: a task that finished
    /// in a job of the first leaves its memory to a child the second's work
    /// makes before the first job's run is told over. Told apart by the key
    /// each handover was watched under, each replay counts its own job until
    /// it has run. Counted by address, the child counted as the first
    /// replay's work, and the second, exploring, found its work idle before
    /// the child had run and gave up its request (docs/variants.md).
    @Test("a job counts for the replay whose work hands it over, though another replay's job at its address has not been told over")
    func reusedAddressCountsForTheReplayThatHandsItOver() {
        let first = ReplayEngine(cassette: Self.cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
        let second = ReplayEngine(cassette: Self.cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
        let job = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer {
            WatchedJobs.forget(first)
            WatchedJobs.forget(second)
            job.deallocate()
        }
        let firstKey = first.withLease { WatchedJobs.handingOver(job, running: 0) }
        let secondKey = second.withLease { WatchedJobs.handingOver(job, running: 0) }
        #expect(firstKey != 0 && secondKey != 0 && firstKey != secondKey)
        #expect(second.runsWatchedJobs, "the second replay's child counts as its work until it has run")
        WatchedJobs.ran(job, key: firstKey)
        #expect(!first.runsWatchedJobs)
        #expect(second.runsWatchedJobs, "the first replay's job having run ends nothing of the second's")
        // A job the second's watched job hands over, outside every lease (a Task.detached's), is the second's too.
        let next = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { next.deallocate() }
        #expect(WatchedJobs.handingOver(next, running: secondKey) == secondKey)
        #expect(!first.runsWatchedJobs)
        WatchedJobs.ran(job, key: secondKey)
        WatchedJobs.ran(next, key: secondKey)
        #expect(!second.runsWatchedJobs)
    }

    @Test("a job of a replay whose run is over, told over late, ends nothing of a replay whose job took its address")
    func lateJobOfAnEndedReplayEndsNothing() {
        let first = ReplayEngine(cassette: Self.cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
        let second = ReplayEngine(cassette: Self.cassette, options: ReplayOptions(stallTimeout: .seconds(60)))
        let job = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer {
            WatchedJobs.forget(second)
            job.deallocate()
        }
        let firstKey = first.withLease { WatchedJobs.handingOver(job, running: 0) }
        #expect(firstKey != 0)
        // The first run is over (as `finish` ends it) while its job is still running.
        WatchedJobs.forget(first)
        let secondKey = second.withLease { WatchedJobs.handingOver(job, running: 0) }
        #expect(secondKey != 0)
        WatchedJobs.ran(job, key: firstKey)
        #expect(second.runsWatchedJobs, "the second replay's job has not run yet")
        WatchedJobs.ran(job, key: secondKey)
        #expect(!second.runsWatchedJobs)
    }
}
