import Foundation
import HybridReplay
@testable import HybridReplayTesting
import Testing

/// A folder shared by the tests that name their cassette's directory in a trait.
private let traitFolder = TemporaryDirectory()

@Suite("Replaying a cassette in a Swift Testing test")
struct ReplayCassetteTests {
    /// Runs `body` as if the environment held only `environment`.
    func withEnvironment(_ environment: [String: String], _ body: () async throws -> Void) async rethrows {
        try await RecordEnvironment.$override.withValue(environment, operation: body)
    }

    @Test("a correct implementation passes without issues and returns the report")
    func passes() async throws {
        let folder = TemporaryDirectory()
        try folder.write(Echo.cassette(words: ["hello", "world"]), as: "echo.json")
        await withEnvironment([:]) {
            let report = await replayCassette("echo", directory: folder.path, options: Echo.fast) {
                EchoRouter.install(on: $0)
            }
            #expect(report?.passed == true)
            #expect(report?.trace.events.count == 4)
        }
    }

    @Test("the trait names the cassette and its folder", .cassette("traited", directory: traitFolder.path))
    func traitNamesTheCassette() async throws {
        try traitFolder.write(Echo.cassette(named: "traited"), as: "traited.json")
        await withEnvironment([:]) {
            let report = await replayCassette(options: Echo.fast) { EchoRouter.install(on: $0) }
            #expect(report?.cassettePath == traitFolder.file("traited").path)
            #expect(report?.passed == true)
        }
    }

    @Test("a name passed to the call wins over the trait's", .cassette("not-there", directory: traitFolder.path))
    func callNameWins() async throws {
        try traitFolder.write(Echo.cassette(named: "explicit"), as: "explicit.json")
        await withEnvironment([:]) {
            let report = await replayCassette("explicit", options: Echo.fast) { EchoRouter.install(on: $0) }
            #expect(report?.cassettePath == traitFolder.file("explicit").path)
        }
    }

    @Test("a failing replay is one issue with the event id, the differences and the re-record command")
    func failingReplay() async throws {
        let folder = TemporaryDirectory()
        try folder.write(Echo.cassette(), as: "echo.json")
        let command =
            "HYBRIDREPLAY_RECORD=failed swift test --filter 'HybridReplayTestingTests.ReplayCassetteTests/failingReplay\\('"
        await withEnvironment([:]) {
            await withKnownIssue {
                let report = await replayCassette(
                    "echo", directory: folder.path, options: Echo.fast, recording: Echo.session()
                ) {
                    EchoRouter.install(on: $0, prefix: "x-")
                }
                #expect(report?.passed == false)
                #expect(report?.recordCommand == command)
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("replay failed") && text.contains("event 2") && text.contains("name")
                    && text.contains(command) && text.contains(#/attached as echo((-[0-9]+)?)\.actual\.json, the issues as echo\1\.issues\.json/#)
            }
        }
        #expect(FileManager.default.fileExists(atPath: folder.file("echo").path))
    }

    /// A folder holding the echo cassette, its header saying it was recorded on WebKitGTK.
    static func folderWithEchoRecordedOnWebKitGTK() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        var cassette = Echo.cassette()
        cassette.header.recordedBy = RecordingTool(tool: "HybridReplay", version: "0.1.0", engine: "WebKitGTK 6.0")
        try folder.write(cassette, as: "echo.json")
        return folder
    }

    @Test("a replay-only test's failure says where the cassette was recorded, not a command that cannot record")
    func replayOnlyAdvice() async throws {
        let folder = try Self.folderWithEchoRecordedOnWebKitGTK()
        await withEnvironment([:]) {
            await withKnownIssue {
                let report = await replayCassette("echo", directory: folder.path, options: Echo.fast) {
                    EchoRouter.install(on: $0, prefix: "x-")
                }
                #expect(report?.passed == false)
                let advice = report?.recordCommand ?? ""
                #expect(advice.contains("recorded by HybridReplay 0.1.0 with WebKitGTK 6.0"), "\(advice)")
                #expect(advice.contains("pass replayCassette a `recording:` session"), "\(advice)")
                #expect(!advice.contains("swift test --filter"), "\(advice)")
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("this test only replays")
            }
        }
    }

    @Test("a replay-only test that passes record: .never is not told how to record here")
    func neverRecordingAdvice() async throws {
        let folder = try Self.folderWithEchoRecordedOnWebKitGTK()
        await withEnvironment([:]) {
            await withKnownIssue {
                let report = await replayCassette("echo", directory: folder.path, record: .never, options: Echo.fast) {
                    EchoRouter.install(on: $0, prefix: "x-")
                }
                #expect(report?.passed == false)
                let advice = report?.recordCommand ?? ""
                #expect(advice.contains("passes `record: .never`, so this test never records"), "\(advice)")
                #expect(advice.contains("where it was recorded (by HybridReplay 0.1.0 with WebKitGTK 6.0)"), "\(advice)")
                #expect(!advice.contains("`recording:` session") && !advice.contains("HYBRIDREPLAY_RECORD"), "\(advice)")
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("so this test never records")
            }
        }
    }

    @Test("a record command the caller set is kept")
    func keepsTheCallersRecordCommand() async throws {
        let folder = TemporaryDirectory()
        try folder.write(Echo.cassette(), as: "echo.json")
        var options = Echo.fast
        options.recordCommand = "make record"
        await withEnvironment([:]) {
            await withKnownIssue {
                let report = await replayCassette("echo", directory: folder.path, options: options) {
                    EchoRouter.install(on: $0, prefix: "x-")
                }
                #expect(report?.recordCommand == "make record")
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("re-record the cassette:\n    make record")
            }
        }
    }

    @Test("without a name or a trait the issue says how to name the cassette")
    func needsAName() async {
        await withKnownIssue {
            let report = await replayCassette { EchoRouter.install(on: $0) }
            #expect(report == nil)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("replayCassette needs a cassette name")
        }
    }

    @Test("a bad HYBRIDREPLAY_RECORD is an issue listing the valid values")
    func badRecordMode() async {
        let folder = TemporaryDirectory()
        await withEnvironment(["HYBRIDREPLAY_RECORD": "sometimes"]) {
            await withKnownIssue {
                await replayCassette("echo", directory: folder.path, recording: Echo.session()) {
                    EchoRouter.install(on: $0)
                }
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("use one of: all, failed, missing, never")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("echo").path))
    }

    @Test("the test filter names the module, suite and function, ended where its parameters start")
    func testFilterOfTheCurrentTest() throws {
        let test = try #require(Test.current)
        #expect(testFilter(for: test) == #"HybridReplayTestingTests.ReplayCassetteTests/testFilterOfTheCurrentTest\("#)
    }
}
