import Foundation
import HybridReplay
import HybridReplaySimulation
@testable import HybridReplayTesting
import Testing

@Suite("Recording by record mode")
struct RecordModesTests {
    let folder = TemporaryDirectory()

    /// Calls `replayCassette("echo", …)` with the echo router as if the environment held only `environment`.
    @discardableResult
    func replayEcho(
        _ environment: [String: String], record: RecordMode? = nil, prefix: String = "",
        recording: RecordingSession? = Echo.session(), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ReplayReport? {
        await RecordEnvironment.$override.withValue(environment) {
            await replayCassette(
                "echo", directory: folder.path, record: record, options: Echo.fast, recording: recording,
                sourceLocation: sourceLocation
            ) { EchoRouter.install(on: $0, prefix: prefix) }
        }
    }

    func comments(_ issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }

    var cassetteExists: Bool { FileManager.default.fileExists(atPath: folder.file("echo").path) }

    @Test("missing records an absent cassette, says so, and the next run replays it")
    func missingRecords() async throws {
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "missing"])
        } matching: { issue in
            comments(issue) == "recorded \(folder.file("echo").path) (2 events); "
                + "run the test again without HYBRIDREPLAY_RECORD to verify it"
        }
        let recorded = try folder.read("echo")
        #expect(recorded.header.name == "echo")
        #expect(recorded.events.map(\.kind) == [ScriptMessage.eventKind, NativeRoute.eventKind])

        let report = await replayEcho([:])
        #expect(report?.passed == true)
    }

    @Test("a RecordingSession's volatile fields are written in the recorded cassette's header")
    func sessionVolatileFields() async throws {
        var session = Echo.session()
        let field = try VolatileField(parsing: "script.message body.callbackId")
        session.volatile = [field]
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "missing"], recording: session)
        }
        #expect(try folder.read("echo").header.volatile == [field])
    }

    @Test("a recording warns about a likely secret its redaction left, at its line and column, with what to do")
    func warnsAboutSecrets() async throws {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXZhbHVl"
        let found = Locked<[String]>([])
        // A value any rule finds is hidden wherever it appears, so only a session
        // recorded without rules leaves the token for the scan: in the body and the route.
        var session = Echo.session(words: [jwt])
        session.redaction = .none
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "missing"], recording: session)
        } matching: { issue in
            if comments(issue).contains(": warning: ") { found.withLock { $0.append(comments(issue)) } }
            return true
        }
        let warnings = found.withLock { $0 }
        let path = folder.file("echo").path
        #expect(warnings.count == 2, "\(warnings)")
        for warning in warnings {
            #expect(warning.hasPrefix("\(path):"), "\(warnings)")
            #expect(warning.contains(": warning: this string looks like a JSON Web Token; redact it"), "\(warnings)")
            #expect(warning.contains("docs/secrets.md"), "\(warnings)")
        }
    }

    @Test("missing replays a cassette that is there")
    func missingReplays() async throws {
        try folder.write(Echo.cassette(), as: "echo.json")
        let report = await replayEcho(["HYBRIDREPLAY_RECORD": "missing"])
        #expect(report?.passed == true)
    }

    @Test("never does not record: the issue gives the command that does")
    func neverDoesNotRecord() async {
        await withKnownIssue {
            let report = await replayEcho([:])
            #expect(report == nil)
        } matching: { issue in
            comments(issue) == "\(folder.file("echo").path): error: no cassette 'echo'. Record it with: "
                + "HYBRIDREPLAY_RECORD=missing swift test --filter "
                + "'HybridReplayTestingTests.RecordModesTests/neverDoesNotRecord\\('"
        }
        #expect(!cassetteExists)
    }

    @Test("a call that says record: .never names it, not a command it would ignore, when its cassette is missing")
    func neverOnTheCallIsNamed() async {
        await withKnownIssue {
            let report = await replayEcho(["HYBRIDREPLAY_RECORD": "missing"], record: .never)
            #expect(report == nil)
        } matching: { issue in
            comments(issue) == "\(folder.file("echo").path): error: no cassette 'echo'; the call says record: .never, "
                + "which the environment cannot override, so it is not recorded here: take out record: .never, then run "
                + "HYBRIDREPLAY_RECORD=missing swift test --filter "
                + "'HybridReplayTestingTests.RecordModesTests/neverOnTheCallIsNamed\\('"
        }
        #expect(!cassetteExists)
    }

    @Test("a test with no RecordingSession is not told to record a missing cassette it cannot record")
    func missingWithoutSessionSaysWhere() async {
        await withKnownIssue {
            let report = await replayEcho([:], recording: nil)
            #expect(report == nil)
        } matching: { issue in
            comments(issue).hasPrefix(
                "\(folder.file("echo").path): error: no cassette 'echo'; this test only replays (replayCassette was given "
                    + "no RecordingSession), so it cannot record it")
        }
        #expect(!cassetteExists)
    }

    @Test("all overwrites a cassette that is there")
    func allOverwrites() async throws {
        try folder.write(Echo.cassette(words: ["stale"]), as: "echo.json")
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "all"], recording: Echo.session(words: ["fresh"]))
        } matching: { issue in
            comments(issue).contains("re-recorded \(folder.file("echo").path) (2 events), overwriting")
        }
        #expect(try folder.read("echo").events.last?.payload as? NativeRoute == NativeRoute(name: "fresh"))
    }

    @Test("failed leaves a passing cassette alone")
    func failedKeepsPassingCassettes() async throws {
        try folder.write(Echo.cassette(), as: "echo.json")
        let before = try Data(contentsOf: folder.file("echo"))
        let report = await replayEcho(["HYBRIDREPLAY_RECORD": "failed"])
        #expect(report?.passed == true)
        #expect(try Data(contentsOf: folder.file("echo")) == before)
    }

    @Test("failed re-records a failing cassette and still reports the failure")
    func failedReRecordsFailures() async throws {
        try folder.write(Echo.cassette(), as: "echo.json")
        await withKnownIssue {
            let report = await replayEcho(["HYBRIDREPLAY_RECORD": "failed"], prefix: "x-")
            #expect(report?.passed == false)
        } matching: { issue in
            let text = comments(issue)
            return (text.contains("replay failed") && text.contains("event 2"))
                || text.contains("re-recorded \(folder.file("echo").path) (2 events) because its replay failed")
        }
        #expect(try folder.read("echo").events.last?.payload as? NativeRoute == NativeRoute(name: "x-hello"))
    }

    @Test("CI never records, even with HYBRIDREPLAY_RECORD=all or a record override")
    func ciNeverRecords() async {
        for (environment, record) in [(["CI": "1", "HYBRIDREPLAY_RECORD": "all"], nil), (["CI": "1"], RecordMode.all)] {
            await withKnownIssue {
                await replayEcho(environment, record: record)
            } matching: { issue in
                comments(issue).contains("no cassette 'echo'; CI is set, so it is not recorded here")
            }
            #expect(!cassetteExists)
        }
    }

    @Test("a record override on the call wins over HYBRIDREPLAY_RECORD, and the notice names it")
    func overrideWins() async {
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "never"], record: .missing)
        } matching: { issue in
            comments(issue).hasSuffix("run the test again without record: .missing to verify it")
        }
        #expect(cassetteExists)
    }

    @Test("a trait's record mode applies", .cassette("echo", record: .all))
    func traitRecordMode() async {
        await withKnownIssue {
            await RecordEnvironment.$override.withValue([:]) {
                _ = await replayCassette(directory: folder.path, recording: Echo.session()) { EchoRouter.install(on: $0) }
            }
        } matching: { issue in
            comments(issue).hasPrefix("recorded \(folder.file("echo").path)")
        }
        #expect(cassetteExists)
    }

    @Test("recording without a RecordingSession is an issue saying one is needed")
    func needsARecordingSession() async {
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "missing"], recording: nil)
        } matching: { issue in
            comments(issue).contains("replayCassette needs a RecordingSession to record")
        }
        #expect(!cassetteExists)
    }

    @Test("a drive that throws writes nothing and says why")
    func driveThrows() async {
        struct PageCrashed: Error {}
        let session = RecordingSession(platform: .simulated()) { throw PageCrashed() }
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "all"], recording: session)
        } matching: { issue in
            comments(issue).contains("recording 'echo' failed, so nothing was written: PageCrashed()")
        }
        #expect(!cassetteExists)
    }

    @Test("a drive waiting for an effect that never comes writes nothing and names what it waited for")
    func driveWaitsInVain() async {
        let page = SimulatedWebView()
        let session = RecordingSession(platform: .simulated(webView: page)) { recorder in
            try page.postMessage("hello", to: "echo")
            try await recorder.waitForEvents(JavaScriptEvaluation.eventKind, patience: .milliseconds(5))
        }
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "all"], recording: session)
        } matching: { issue in
            comments(issue).contains(
                "recording 'echo' failed, so nothing was written: waited 0.005 seconds for 1 javascript.evaluate "
                    + "event, in vain; recorded so far: script.message, navigation.route")
        }
        #expect(!cassetteExists)
    }

    @Test("a drive that takes the recorder waits for the effect, and the recording replays")
    func driveWaitsForEffect() async throws {
        let page = SimulatedWebView()
        let session = RecordingSession(platform: .simulated(webView: page)) { recorder in
            try page.postMessage("hello", to: "echo")
            try await recorder.waitForEvents(NativeRoute.eventKind)
        }
        await withKnownIssue {
            await replayEcho(["HYBRIDREPLAY_RECORD": "all"], recording: session)
        } matching: { issue in
            comments(issue).hasPrefix("recorded ")
        }
        let report = try #require(await replayEcho([:]))
        #expect(report.passed)
        #expect(report.trace.events.map(\.kind) == [ScriptMessage.eventKind, NativeRoute.eventKind])
    }

    @Test("a recording goes into a folder that does not exist yet")
    func createsTheFolder() async throws {
        let nested = folder.url.appendingPathComponent("router/present", isDirectory: true)
        await withKnownIssue {
            await RecordEnvironment.$override.withValue(["HYBRIDREPLAY_RECORD": "missing"]) {
                _ = await replayCassette("echo", directory: nested.path, recording: Echo.session()) {
                    EchoRouter.install(on: $0)
                }
            }
        } matching: { issue in
            comments(issue).hasPrefix("recorded ")
        }
        #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("echo.json").path))
    }
}
