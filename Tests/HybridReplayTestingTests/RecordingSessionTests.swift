import Foundation
import HybridReplay
import HybridReplaySimulation
@testable import HybridReplayTesting
import Testing

/// A session whose engine is made only when a recording runs: replaying its
/// committed cassette makes nothing (no engine, no display), and every
/// re-record hint is a command that works for the engine it names.
@Suite("RecordingSession")
struct RecordingSessionTests {
    let folder = TemporaryDirectory()

    /// Something that cannot be made here, as a WebKitGTK web view without a display.
    struct NoDisplay: Error, CustomStringConvertible {
        var description: String { "GTK could not open a display" }
    }

    /// An echo session that makes its simulated page lazily, counting how often, or throws `failure` instead.
    static func lazySession(made: Locked<Int>, engine: String? = nil, failure: NoDisplay? = nil) -> RecordingSession {
        RecordingSession(engine: engine) {
            if let failure { throw failure }
            made.withLock { $0 += 1 }
            return SimulatedWebView()
        } platform: { page in
            .simulated(webView: page)
        } drive: { page, _ in
            try page.postMessage("hello", to: "echo", frame: nil)
        }
    }

    @discardableResult
    func replayEcho(
        _ environment: [String: String], recording: RecordingSession, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ReplayReport? {
        await RecordEnvironment.$override.withValue(environment) {
            await replayCassette(
                "echo", directory: folder.path, options: Echo.fast, recording: recording, sourceLocation: sourceLocation
            ) { EchoRouter.install(on: $0, prefix: "") }
        }
    }

    func comments(_ issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }

    @Test("replaying a committed cassette makes nothing: an engine that cannot be made here is never asked")
    func replayMakesNothing() async throws {
        try folder.write(Echo.cassette(), as: "echo.json")
        let made = Locked(0)
        let report = await replayEcho([:], recording: Self.lazySession(made: made, failure: NoDisplay()))
        #expect(report?.passed == true)
        #expect(made.withLock { $0 } == 0)
    }

    @Test("recording makes the engine once, and what it made is what the drive plays")
    func recordingMakesTheEngineOnce() async throws {
        let made = Locked(0)
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "missing"], recording: Self.lazySession(made: made))
        } matching: { issue in
            comments(issue).hasPrefix("recorded \(folder.file("echo").path) (2 events)")
        }
        #expect(made.withLock { $0 } == 1)
        #expect(try folder.read("echo").events.map(\.kind) == [ScriptMessage.eventKind, NativeRoute.eventKind])
    }

    @Test("an engine that cannot be made fails the recording, writes nothing, and says how to record under Xvfb")
    func unmadeEngineFailsTheRecording() async throws {
        let session = Self.lazySession(made: Locked(0), engine: "WebKitGTK 6.0", failure: NoDisplay())
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "missing"], recording: session)
        } matching: { issue in
            comments(issue) == "\(folder.file("echo").path): recording 'echo' failed, so nothing was written: "
                + "GTK could not open a display; fix the implementation or the RecordingSession's drive, then run "
                + "HYBRIDREPLAY_RECORD=missing xvfb-run -a swift test --filter "
                + "'HybridReplayTestingTests.RecordingSessionTests/unmadeEngineFailsTheRecording\\('"
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("echo").path))
    }

    @Test("a missing cassette of a WebKitGTK session is recorded, the hint says, under xvfb-run")
    func missingHintRunsUnderXvfb() async {
        await withKnownIssue {
            await replayEcho([:], recording: Self.lazySession(made: Locked(0), engine: "WebKitGTK 6.0"))
        } matching: { issue in
            comments(issue) == "\(folder.file("echo").path): error: no cassette 'echo'. Record it with: "
                + "HYBRIDREPLAY_RECORD=missing xvfb-run -a swift test --filter "
                + "'HybridReplayTestingTests.RecordingSessionTests/missingHintRunsUnderXvfb\\('"
        }
    }

    @Test("a failing replay's report gives the re-record command with the session's launcher")
    func failingReplayHintUsesTheLauncher() async throws {
        // The router shows the word it was sent; this cassette records another.
        try folder.write(
            Cassette(
                header: CassetteHeader(name: "echo"),
                events: [
                    Event(id: 1, at: 0, payload: ScriptMessage(handler: "echo", body: "hello")),
                    Event(id: 2, at: 0, cause: 1, payload: NativeRoute(name: "other")),
                ]),
            as: "echo.json")
        var session = Self.lazySession(made: Locked(0), engine: "WebKitGTK 6.0")
        session.launcher = .custom("Scripts/with-webkitgtk")
        var report: ReplayReport?
        await withKnownIssue {
            report = await replayEcho([:], recording: session)
        }
        #expect(report?.passed == false)
        #expect(report?.recordCommand == "HYBRIDREPLAY_RECORD=failed Scripts/with-webkitgtk swift test --filter "
            + "'HybridReplayTestingTests.RecordingSessionTests/failingReplayHintUsesTheLauncher\\('")
    }

    @Test("a session on the simulation, or on no named engine, records with the command as it is")
    func simulatedSessionsNeedNoLauncher() {
        #expect(Echo.session().launcher == .direct)
        #expect(Self.lazySession(made: Locked(0)).launcher == .direct)
        #expect(Self.lazySession(made: Locked(0), engine: "WebKitGTK 6.0").launcher == .virtualDisplay)
        var named = Echo.session()
        named.engine = "WebKitGTK 6.0"
        #expect(named.launcher == .virtualDisplay, "an engine named after the session was made")
        named.launcher = .direct
        #expect(named.launcher == .direct, "a launcher set wins over the engine's")
        #expect(RecordingLauncher.virtualDisplay.command("HYBRIDREPLAY_RECORD=all swift test")
            == "HYBRIDREPLAY_RECORD=all xvfb-run -a swift test")
        #expect(RecordingLauncher.virtualDisplay.command("swift test") == "xvfb-run -a swift test")
        #expect(RecordingLauncher.direct.command("swift test") == "swift test")
    }
}
