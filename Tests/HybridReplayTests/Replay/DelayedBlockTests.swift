import Dispatch
import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// App code that delays with `DispatchQueue.main.asyncAfter` hands the block
/// over with a deadline in real time. Under the runtime watch (Linux, the
/// testing glue) the block is held on the replay's clock and runs, carrying
/// the work's context, when the clock reaches its deadline: the call is made
/// as recorded, however slow the machine, and a delay longer than recorded
/// is reported with the block's deadline.
@Suite("Blocks delayed in real time")
struct DelayedBlockTests {
    @MainActor final class SearchBox: NSObject, ScriptMessageHandler {
        enum Delay: Sendable {
            /// `Task` and `platform.clock.sleep`: the cassette's clock.
            case onTheClock
            /// `DispatchQueue.main.asyncAfter(deadline: .now() + seconds)`: real time.
            case asyncAfter(seconds: Double)
        }

        let webView: any WebView
        let delay: Delay
        let clock: any Clock<Duration>
        /// Set when the delayed block has run.
        let ran = OnceSignal()

        init(platform: Platform, delay: Delay) {
            webView = platform.webView
            clock = platform.clock
            self.delay = delay
            super.init()
            webView.add(self, name: "search")
        }

        func didReceive(_ message: ScriptMessage) {
            let webView = webView
            switch delay {
            case .onTheClock:
                let clock = clock
                Task {
                    try await clock.sleep(for: .milliseconds(300))
                    webView.evaluateJavaScript("results()", completionHandler: nil)
                }
            case .asyncAfter(let seconds):
                let ran = ran
                DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
                    ran.set()
                    MainActor.assumeIsolated { webView.evaluateJavaScript("results()", completionHandler: nil) }
                }
            }
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "search", body: .string("rome"))),
        Event(id: 2, at: 0.3, cause: 1, payload: JavaScriptEvaluation(script: "results()")),
        Event(id: 3, at: 0.3, answers: 2, payload: JavaScriptResult(.value(.null))),
    ])

    static func replay(_ delay: SearchBox.Delay) async -> (ReplayReport, SearchBox?) {
        let box = Locked<SearchBox?>(nil)
        let report = await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                let made = await SearchBox(platform: platform, delay: delay)
                box.withLock { $0 = made }
                return made
            }
        }
        return (report, box.withLock { $0 })
    }

    @Test(
        "a call delayed with asyncAfter replays as recorded, on the cassette's clock",
        .enabled(if: DelayedBlockTests.holds, "the watch holds blocks handed to dispatch_after on Linux only"))
    func asyncAfterReplays() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let (report, box) = await Self.replay(.asyncAfter(seconds: 0.3))
        #expect(report.passed, "\(report)")
        #expect(try #require(box).ran.isSet, "the block had not run when the replay judged")
    }

    @Test(
        "a delay longer than recorded is reported missing, naming asyncAfter and the block's deadline",
        .enabled(if: DelayedBlockTests.holds, "the watch holds blocks handed to dispatch_after on Linux only"))
    func longerDelayIsNamed() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        // Ten minutes: waited out in real time it would outlast any test; held, it is judged at once.
        let (report, _) = await Self.replay(.asyncAfter(seconds: 600))
        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 2, "\(report)")
        #expect(report.issues.first?.stall?.delayedBlocksOnClock == 1, "\(report)")
        #expect(
            "\(report)".contains(
                "its work handed 1 block to DispatchQueue.asyncAfter, held on the replay clock until its deadline, "
                    + "waiting on the replay clock until 600 s, later than the 0.3 s at which the recording has this effect"),
            "\(report)")
    }

    @Test(
        "a block delayed with asyncAfter that is due at once runs before the verdict, as the replay's work",
        .enabled(if: DelayedBlockTests.holds, "the watch holds blocks handed to dispatch_after on Linux only"))
    func dueBlockRunsAtOnce() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let (report, box) = await Self.replay(.asyncAfter(seconds: 0))
        #expect(report.passed, "\(report)")
        #expect(try #require(box).ran.isSet, "the block had not run when the replay judged")
    }

    @Test(
        "a 300 ms asyncAfter beside busy main-queue work replays green in every run, as it does alone",
        .enabled(if: DelayedBlockTests.holds, "the watch holds blocks handed to dispatch_after on Linux only"))
    func slowReplayStillReplaysTheDelay() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        for run in 1...5 {
            // Other tests' main-queue work slows the replay down: the block still runs at the cassette's 0.3 s.
            let report = await MainQueueFlood.beside { await Self.replay(.asyncAfter(seconds: 0.3)).0 }
            #expect(report.passed, "run \(run): \(report)")
        }
    }

    /// Debounces each key with a `DispatchWorkItem` handed to `asyncAfter`;
    /// the buggy one never cancels the item of the key before.
    @MainActor final class DebouncedBox: NSObject, ScriptMessageHandler {
        let webView: any WebView
        let cancels: Bool
        private var pending: DispatchWorkItem?

        init(platform: Platform, cancels: Bool) {
            webView = platform.webView
            self.cancels = cancels
            super.init()
            webView.add(self, name: "search")
        }

        func didReceive(_ message: ScriptMessage) {
            if cancels { pending?.cancel() }
            let webView = webView
            let item = DispatchWorkItem {
                MainActor.assumeIsolated { webView.evaluateJavaScript("results()", completionHandler: nil) }
            }
            pending = item
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: item)
        }
    }

    /// Two keys 100 ms apart, one search 300 ms after the second.
    static let twoKeys = makeCassette([
        Event(id: 1, at: 0, payload: ScriptMessage(handler: "search", body: .string("r"))),
        Event(id: 2, at: 0.1, payload: ScriptMessage(handler: "search", body: .string("ro"))),
        Event(id: 3, at: 0.4, cause: 2, payload: JavaScriptEvaluation(script: "results()")),
        Event(id: 4, at: 0.4, answers: 3, payload: JavaScriptResult(.value(.null))),
    ])

    @Test(
        "an asyncAfter debounce that cancels the key before replays green, and one that does not fails every run",
        .enabled(if: DelayedBlockTests.holds, "the watch holds blocks handed to dispatch_after on Linux only"),
        arguments: 0..<5)
    func uncancelledWorkItemIsCaught(run: Int) async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        for cancels in [true, false] {
            let report = await RuntimeWatchInstallation.during {
                await Replayer(cassette: Self.twoKeys, options: fastReplay).replay { platform in
                    await DebouncedBox(platform: platform, cancels: cancels)
                }
            }
            #expect(report.passed == cancels, "\(report)")
            if !cancels {
                // The first key's search, due first, is matched to the recorded one; the second's is the repeat.
                #expect(report.issues.first?.message.hasPrefix("unexpected effect: it repeats event 3") == true, "\(report)")
            }
        }
    }

    @Test("the same delay on the platform's clock replays green")
    func clockDelayPasses() async {
        let (report, _) = await Self.replay(.onTheClock)
        #expect(report.passed, "\(report)")
    }

    @Test("a replay not run under the watch holds no delayed block")
    func outsideTheWatchNothingIsHeld() async {
        // A replay another test runs beside one under the watch: the watch is in, this one is not under it.
        let report = await RuntimeWatchInstallation.during {
            await RuntimeWatch.$ordersThisReplay.withValue(false) {
                await Replayer(cassette: Self.cassette, options: fastReplay).replay { platform in
                    await SearchBox(platform: platform, delay: .asyncAfter(seconds: 600))
                }
            }
        }
        #expect(report.issues.first?.stall?.delayedBlocks == 0, "\(report)")
        #expect(report.issues.first?.stall?.delayedBlocksOnClock == 0, "\(report)")
    }

    #if os(Linux)
    static let holds = true
    #else
    static let holds = false
    #endif
}

/// Main-queue work of other tests in the same process, as `swift test` runs
/// them: for 300 ms a thread keeps a block that sleeps 4 ms waiting on the
/// main queue. Bounded: a replay waits for the main queue to go quiet before
/// it judges, so a flood without end would only make it wait out its stall timeout.
/// Set once; `wait()` returns once it is, however late.
final class OnceSignal: Sendable {
    private let state = Locked<(isSet: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    var isSet: Bool { state.withLock { $0.isSet } }

    func set() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isSet = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isSet = state.withLock { state -> Bool in
                if !state.isSet { state.waiters.append(continuation) }
                return state.isSet
            }
            if isSet { continuation.resume() }
        }
    }
}

enum MainQueueFlood {
    static func beside<Result: Sendable>(_ body: () async -> Result) async -> Result {
        let queued = Locked(0)
        let flooding = OnceSignal()
        let thread = Thread {
            let end = ContinuousClock.now + .milliseconds(300)
            while ContinuousClock.now < end {
                if queued.withLock({ $0 }) < 2 {
                    queued.withLock { $0 += 1 }
                    DispatchQueue.main.async {
                        Thread.sleep(forTimeInterval: 0.004)
                        queued.withLock { $0 -= 1 }
                    }
                    flooding.set()
                } else {
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
        }
        thread.start()
        // Busy before the replay starts: the main queue holds the flood's first block.
        await flooding.wait()
        return await body()
    }
}
