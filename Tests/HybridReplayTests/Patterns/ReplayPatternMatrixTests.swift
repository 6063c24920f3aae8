import Foundation
@testable import HybridReplay
import HybridReplayRuntimeWatch
import Testing

/// The ways iOS code hops back after an answer, each replayed many times
/// correct and wrong: a correct bridge must pass every time, a wrong one
/// fail every time. `Scripts/replay-patterns N` runs it with N replays of
/// each variant and prints one line per pattern. Each replay runs with the
/// runtime watch installed, as the testing glue runs it.
@Suite("Replay pattern matrix")
struct ReplayPatternMatrixTests {
    /// Replays of each variant: `REPLAY_PATTERNS_RUNS`, or 5 in the ordinary test run.
    static let runs = ProcessInfo.processInfo.environment["REPLAY_PATTERNS_RUNS"].flatMap(Int.init) ?? 5
    /// For the wrong variants: short, so the rows whose wrong variant waits the stall
    /// timeout finish (the default is 2 s). A wrong variant fails however long the
    /// machine holds its work back, so its verdict depends on no scheduling.
    static let stallTimeout = Duration.milliseconds(500)
    /// For the correct variants: a bound a passing replay never waits out, so a
    /// starved machine (ThreadSanitizer, four busy processes) cannot fail one.
    static let passingStallTimeout = Duration.seconds(60)
    /// Whether the hop rows replay with the runtime watch installed, as the testing
    /// glue does; `REPLAY_PATTERNS_WATCH=off` replays them blind, as `cassette verify`
    /// does, where the replay counts no main-queue block and passes barriers instead.
    static let watched = ProcessInfo.processInfo.environment["REPLAY_PATTERNS_WATCH"] != "off"

    /// The page asks for the balance, the bank answers 42, the bridge resolves the page's promise.
    static let balance = Cassette(
        header: CassetteHeader(name: "bank-balance"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "bank", body: ["op": "balance", "id": 1])),
            Event(id: 2, at: 0.001, cause: 1, payload: HTTPRequest(url: "https://bank.example/balance")),
            Event(id: 3, at: 0.05, answers: 2, payload: HTTPResponse(status: 200, body: .text("42"))),
            Event(id: 4, at: 0.051, cause: 3, payload: JavaScriptEvaluation(script: "window.bank.resolve(1, 42)")),
        ])

    /// A link decided 30 ms after it was tapped.
    static let delayedLink = Cassette(
        header: CassetteHeader(name: "delayed-link"),
        events: [
            Event(
                id: 1, at: 0,
                payload: NavigationAction(url: "https://bank.example/statement", navigationType: .linkActivated, targetFrame: .main())),
            Event(id: 2, at: 0.03, cause: 1, payload: NavigationDecision(.allow)),
        ])

    /// What one pattern needs of the replay's options: the defaults, but for
    /// a block on a global queue where the replay cannot see Dispatch (Apple
    /// platforms, or a build whose executable does not export `dispatch_async`).
    /// A blind replay sees neither, so it is told to expect unseen work for both rows.
    static func options(for hop: Hop?, correct: Bool) -> ReplayOptions {
        let seesDispatch = watched && RuntimeWatchInstallation.seesDispatch
        let unseen = (hop == .dispatchGlobal && !seesDispatch) || (hop == .taskDetached && !watched)
        return ReplayOptions(
            stallTimeout: correct ? passingStallTimeout : stallTimeout,
            unseenWork: unseen ? .expected : .detected)
    }

    /// Runs `body` with the runtime watch installed, unless the matrix runs blind.
    static func underWatch<Result>(_ body: () async -> Result) async -> Result {
        watched ? await RuntimeWatchInstallation.during(body) : await body()
    }

    static func replay(_ hop: Hop, correct: Bool) async -> ReplayReport {
        await underWatch {
            await Replayer(cassette: balance, options: options(for: hop, correct: correct)).replay { platform in
                if hop == .direct {
                    let bridge = AsyncBankBridge(webView: platform.webView, transport: platform.transport, answers: correct)
                    platform.webView.add(bridge, name: "bank")
                    return bridge as any Sendable
                }
                return await BankBridge(platform: platform, hop: hop, answers: correct) as any Sendable
            }
        }
    }

    static func replayDelayedDecision(correct: Bool) async -> ReplayReport {
        await underWatch {
            await Replayer(cassette: delayedLink, options: options(for: nil, correct: correct)).replay { platform in
                await DelayedRouter(platform: platform, decidesTwice: !correct)
            }
        }
    }

    /// Runs `replay` for both variants and checks every verdict; with
    /// `wrongIsARace`, the wrong variant is a real race that passes when its
    /// work happens to run in the recorded order, so how often it fails is
    /// printed, not checked. With `correctIsARace`, the code as written races
    /// on a device too (a receiver replaced from `Task.detached` while the
    /// page acts), so how often it passes is printed, not checked.
    static func measure(
        _ name: String, wrongIsARace: Bool = false, correctIsARace: Bool = false,
        _ replay: @Sendable (Bool) async -> ReplayReport
    ) async {
        var passed = 0
        var failed = 0
        var verdicts: [Duration] = []
        for _ in 0..<runs {
            for correct in [true, false] {
                let start = ContinuousClock.now
                let report = await replay(correct)
                verdicts.append(start.duration(to: .now))
                if correct {
                    if report.passed { passed += 1 }
                    if !correctIsARace { #expect(report.passed, "\(name), correct: \(report)") }
                } else {
                    if !report.passed { failed += 1 }
                    if !wrongIsARace { #expect(!report.passed, "\(name), wrong: the replay passed") }
                }
            }
        }
        verdicts.sort()
        let p99 = verdicts[min(verdicts.count - 1, Int((Double(verdicts.count) * 0.99).rounded(.up)) - 1)]
        let milliseconds = Double(p99.components.seconds) * 1000 + Double(p99.components.attoseconds) / 1e15
        if ProcessInfo.processInfo.environment["REPLAY_PATTERNS_RUNS"] != nil {
            print(
                "pattern \(name.replacingOccurrences(of: " ", with: "_")) correct=\(passed)/\(runs) wrong=\(failed)/\(runs) verdict_ms_p99=\(String(format: "%.1f", milliseconds))"
            )
        }
    }

    @Test("a bridge replays green when correct and fails when it forgets to answer, however it hops back", arguments: Hop.allCases)
    func hop(_ hop: Hop) async {
        #if os(Linux)
        if hop == .runLoopMainPerform {
            // An async test process on Linux never runs RunLoop.main: the block would not run on
            // the platform either. Apple platforms run the main run loop, which drains it.
            if ProcessInfo.processInfo.environment["REPLAY_PATTERNS_RUNS"] != nil {
                print("pattern \(hop.rawValue.replacingOccurrences(of: " ", with: "_")) skipped: RunLoop.main does not run in an async process on Linux")
            }
            return
        }
        #endif
        await Self.measure(hop.rawValue) { correct in await Self.replay(hop, correct: correct) }
    }

    @Test("a decision delayed on the platform's clock replays green, and a late second decision fails at once")
    func delayedDecision() async {
        await Self.measure("DispatchQueue.main.asyncAfter via platform.clock") { correct in
            await Self.replayDelayedDecision(correct: correct)
        }
    }

    @Test(
        "a forgotten answer after a detached task is reported once the stall timeout passes, naming the unseen work",
        .enabled(if: watched, "a blind replay does not see a detached task start"))
    func detachedMissingNamesUnseenWork() async throws {
        let report = await Self.replay(.taskDetached, correct: false)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect)
        let stall = try #require(issue.stall, "\(issue)")
        #expect(stall.waitedForUnseenWork || stall.wasBusy || stall.stillWaitedOnReplay, "\(issue)")
        #expect(stall.wasBusy || stall.unseenWork?.contains("Task.detached") == true, "\(issue)")
    }

    @Test("a forgotten answer after a main-queue hop is reported without waiting for unseen work")
    func mainQueueMissingIsReportedAtOnce() async throws {
        let report = await Self.replay(.dispatchMain, correct: false)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect)
        let stall = try #require(issue.stall, "\(issue)")
        #expect(!stall.wasBusy && !stall.waitedForUnseenWork && !stall.stillWaitedOnReplay, "\(issue)")
    }
}
