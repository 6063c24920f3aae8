import Dispatch
import Foundation
@testable import HybridReplay
import HybridReplaySimulation
import HybridReplayTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A bridge that answers through `NotificationCenter`: it posts from its
/// main-actor message handler to its own observer on `queue: .main`, which
/// evaluates the answer. On a device the observer runs inline; on Linux the
/// post waits for the observer on the main queue it occupies, for good.
@MainActor
private final class NotifyingBridge: ScriptMessageHandler {
    private let answered = Notification.Name("NotifyingBridge.answered.\(UUID().uuidString)")
    private var observer: (any NSObjectProtocol)?

    init(platform: Platform) {
        let webView = platform.webView
        observer = NotificationCenter.default.addObserver(forName: answered, object: nil, queue: .main) { note in
            guard let script = note.userInfo?["script"] as? String else { return }
            webView.evaluateJavaScript(script, completionHandler: nil)
        }
        platform.webView.add(self, name: "bridge")
    }

    isolated deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    func didReceive(_ message: ScriptMessage) {
        NotificationCenter.default.post(name: answered, object: nil, userInfo: ["script": "window.bridge.answered()"])
    }
}

@Suite("MainQueueWatch")
struct MainQueueWatchTests {
    /// Set in the child process the first test starts; only there does the deadlocking replay run.
    private static let childVariable = "HYBRIDREPLAY_MAIN_QUEUE_WATCH_CHILD"
    private static let isChild = ProcessInfo.processInfo.environment[childVariable] == "1"
    /// A folder of the parent's, where the recording child writes.
    private static let folderVariable = "HYBRIDREPLAY_MAIN_QUEUE_WATCH_FOLDER"

    /// How long the parent waits for the child: far beyond the child's stall
    /// timeout (half a second, ten times that under ThreadSanitizer), small
    /// beside a hang.
    private static let patience: Duration = .seconds(120)

    /// The page asks the bridge; the bridge answers through its observer.
    static let asked = Cassette(
        header: CassetteHeader(name: "notifying-bridge"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "bridge", body: ["op": "ask"])),
            Event(id: 2, at: 0.001, cause: 1, payload: JavaScriptEvaluation(script: "window.bridge.answered()")),
        ])

    #if os(Linux)
    /// Asks the kernel to kill this process when the parent test process goes, so a child
    /// that hangs never outlives a parent that was killed. `prctl(2)` is variadic in C,
    /// which Swift does not import; its arguments are four unsigned longs.
    private static func dieWithParent() {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return }
        let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
        _ = unsafeBitCast(symbol, to: Prctl.self)(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
        if getppid() == 1 { kill(getpid(), SIGKILL) }
    }

    /// The replay the child runs: on Linux it blocks the main queue for good.
    @Test(.enabled(if: isChild, "runs only in the child process of the test below"))
    func childReplaysABridgeThatPostsFromTheMainActor() async {
        Self.dieWithParent()
        let report = await Replayer(cassette: Self.asked, options: ReplayOptions(stallTimeout: .milliseconds(500)))
            .replay { @MainActor platform in NotifyingBridge(platform: platform) }
        // Reached only if the post did not block the main queue for good.
        print("child: replay returned, passed=\(report.passed)")
    }

    /// The recording the child runs, of the same bridge on a simulated page, through the testing glue.
    @Test(.enabled(if: isChild, "runs only in the child process of the test below"))
    func childRecordsABridgeThatPostsFromTheMainActor() async throws {
        Self.dieWithParent()
        let folder = try #require(ProcessInfo.processInfo.environment[Self.folderVariable])
        let page = SimulatedWebView()
        let session = RecordingSession(platform: Platform(webView: page)) {
            try page.postMessage(["op": "ask"], to: "bridge", frame: nil)
        }
        await replayCassette(
            "notifying-bridge", directory: folder, record: .all,
            options: ReplayOptions(stallTimeout: .milliseconds(500)), recording: session
        ) { @MainActor platform in NotifyingBridge(platform: platform) }
        print("child: recording returned")
    }

    /// Runs the child test `name` in a child process of this test binary and
    /// waits for it to end, at most ``patience``; what it printed and how it ended.
    private static func runChild(_ name: String) throws -> (ended: Bool, reason: Process.TerminationReason, status: Int32, printed: String) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("main-queue-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files, not pipes: a child that hangs must not hang a read to the end of its output.
        let output = folder.appendingPathComponent("stdout.txt")
        let errors = folder.appendingPathComponent("stderr.txt")
        for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer {
            try? outputHandle.close()
            try? errorHandle.close()
        }

        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = ["--testing-library", "swift-testing", "--filter", name]
        var environment = ProcessInfo.processInfo.environment
        // The child records on purpose: on CI (`CI` set) the testing glue would refuse to.
        environment["CI"] = nil
        environment[childVariable] = "1"
        environment[folderVariable] = folder.path
        child.environment = environment
        child.standardOutput = outputHandle
        child.standardError = errorHandle
        try child.run()
        defer {
            if child.isRunning { kill(child.processIdentifier, SIGKILL) }
            child.waitUntilExit()
        }
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while child.isRunning, clock.now < deadline { usleep(20_000) }
        let ended = !child.isRunning
        let printed = [output, errors].map { String(decoding: (try? Data(contentsOf: $0)) ?? Data(), as: UTF8.self) }
        return (
            ended, ended ? child.terminationReason : .exit, ended ? child.terminationStatus : -1,
            printed.joined(separator: "\n")
        )
    }

    /// Checks that the child ended with the watch's status and report, naming `run`.
    private static func expectReport(_ child: (ended: Bool, reason: Process.TerminationReason, status: Int32, printed: String), naming run: String) {
        let printed = child.printed
        #expect(child.ended, "the child still hung \(patience) after it started; it printed:\n\(printed)")
        guard child.ended else { return }
        #expect(
            child.reason == .exit && child.status == MainQueueWatch.exitStatus,
            "the child ended with \(child.reason) \(child.status); it printed:\n\(printed)")
        #expect(printed.contains("the main queue is blocked: a block handed to it has waited"), "\(printed)")
        #expect(printed.contains(run), "\(printed)")
        #expect(printed.contains("NotificationCenter.post from main-actor code"), "\(printed)")
        #expect(printed.contains("Observe with `queue: nil`"), "\(printed)")
        #expect(printed.contains("docs/writing-app-code-that-replays.md#notificationcenter-observers-on-queue-main"), "\(printed)")
        #expect(!printed.contains("child: "), "the child went on past the blocked main queue:\n\(printed)")
    }

    @Test("a replay whose handler posts from the main actor to an observer on .main ends with a report, not a hang")
    func replayDeadlockEndsTheProcessWithAReport() throws {
        let child = try Self.runChild("childReplaysABridgeThatPostsFromTheMainActor")
        Self.expectReport(
            child,
            naming: "the replay of \"notifying-bridge\" waited for it; the last stimulus it delivered was event 1 (script.message")
    }

    @Test("a recording whose handler posts from the main actor to an observer on .main ends with a report, not a hang")
    func recordingDeadlockEndsTheProcessWithAReport() throws {
        let child = try Self.runChild("childRecordsABridgeThatPostsFromTheMainActor")
        Self.expectReport(child, naming: "the recording of \"notifying-bridge\" waited for it")
    }
    #endif
}

@Suite("MainQueueBlockage")
struct MainQueueBlockageTests {
    private let tick = Duration.milliseconds(200)

    @Test("ticks in which the machine could have run the main queue count, and a main queue that runs starts again from zero")
    func countsOnlyTicksTheMachineCouldRun() {
        var blockage = MainQueueBlockage()
        blockage.count(tick: tick, mainQueueRan: false, late: .milliseconds(5), globalExecutorHeldBack: .milliseconds(1))
        blockage.count(tick: tick, mainQueueRan: false, late: .zero, globalExecutorHeldBack: .zero)
        #expect(blockage.blockedFor == tick * 2)
        blockage.count(tick: tick, mainQueueRan: true, late: .zero, globalExecutorHeldBack: .zero)
        #expect(blockage.blockedFor == .zero)
    }

    @Test("a tick the watch woke late in, or whose global-executor probe did not run, is the machine's and does not count")
    func starvedTicksDoNotCount() {
        var blockage = MainQueueBlockage()
        blockage.count(tick: tick, mainQueueRan: false, late: tick, globalExecutorHeldBack: .zero)
        blockage.count(tick: tick, mainQueueRan: false, late: .zero, globalExecutorHeldBack: nil)
        blockage.count(tick: tick, mainQueueRan: false, late: .zero, globalExecutorHeldBack: tick * 3)
        #expect(blockage.blockedFor == .zero)
    }

    @Test("the NotificationCenter signature ends the process after the stall timeout, never before the least wait")
    func limitWithTheSignature() {
        let least = Duration.seconds(2)
        #expect(MainQueueBlockage.limit(stallTimeout: .seconds(5), operationQueueMainWaits: true, leastBlocked: least) == .seconds(5))
        #expect(MainQueueBlockage.limit(stallTimeout: .milliseconds(50), operationQueueMainWaits: true, leastBlocked: least) == least)
    }

    @Test("a main queue blocked without the signature is waited for as long as the stall watchdog lets executors be held back")
    func limitWithoutTheSignature() {
        let limit = MainQueueBlockage.limit(stallTimeout: .seconds(2), operationQueueMainWaits: false, leastBlocked: .seconds(2))
        #expect(limit == ReplayEngine.mostStarved(for: .seconds(2)))
        #expect(limit >= .seconds(120))
    }

    @Test("the least wait is the default stall timeout as this process counts it")
    func leastBlockedScales() {
        #expect(MainQueueBlockage.leastBlocked == ReplayOptions().stallTimeout * ThreadSanitizerScaling.factor)
    }

    @Test("the report without the signature names the other ways code blocks the main queue, not only NotificationCenter")
    func reportWithoutTheSignature() {
        let text = MainQueueWatch.report(
            MainQueueWatch.Blocked(blockedFor: .seconds(120), operationQueueMainWaits: false, runs: ["the replay of \"x\" waited for it"]))
        #expect(text.contains("a block handed to it has waited 120.0 seconds"), "\(text)")
        #expect(text.contains("while the replay of \"x\" waited for it."), "\(text)")
        #expect(text.contains("DispatchQueue.main.sync, a semaphore"), "\(text)")
        #expect(!text.contains("OperationQueue.main holds an operation"), "\(text)")
        #expect(text.contains("exits now with status \(MainQueueWatch.exitStatus)"), "\(text)")
    }

    @Test("the page the report points to has the anchor it names")
    func reportLinksToAnAnchorThatExists() throws {
        let text = MainQueueWatch.report(MainQueueWatch.Blocked(blockedFor: .seconds(2), operationQueueMainWaits: true, runs: ["x"]))
        let word = try #require(text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("docs/") })
        let link = word.hasSuffix(".") ? String(word.dropLast()) : String(word)
        let parts = link.split(separator: "#", maxSplits: 1).map(String.init)
        try #require(parts.count == 2, "\(link)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent(parts[0]), encoding: .utf8)
        #expect(page.contains("<a id=\"\(parts[1])\"></a>"), "\(parts[0]) has no anchor \(parts[1])")
    }

    @Test("the report with the signature names the NotificationCenter deadlock, its fix and every run in progress")
    func reportWithTheSignature() {
        let text = MainQueueWatch.report(
            MainQueueWatch.Blocked(
                blockedFor: .seconds(2), operationQueueMainWaits: true,
                runs: ["the replay of \"a\" waited for it", "the recording of \"b\" waited for it"]))
        #expect(text.contains("the replay of \"a\" waited for it; and the recording of \"b\" waited for it."), "\(text)")
        #expect(text.contains("NotificationCenter.post from main-actor code to an observer added with `queue: .main` deadlocks"), "\(text)")
        #expect(text.contains("Observe with `queue: nil`, or post from off the main actor."), "\(text)")
    }
}
