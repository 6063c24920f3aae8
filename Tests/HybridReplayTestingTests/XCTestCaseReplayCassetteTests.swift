import Foundation
import HybridReplay
@testable import HybridReplayTesting
import XCTest

/// Runs `replayCassette` from XCTest and keeps the failures it reports
/// instead of failing, to check them.
final class XCTestCaseReplayCassetteTests: XCTestCase {
    // XCTest makes one instance per test method, so each test has its own.
    private var failures: [(message: String, line: Int)] = []
    private let folder = TemporaryDirectory()

    #if canImport(ObjectiveC)
        override func record(_ issue: XCTIssue) {
            failures.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
        }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            failures.append((description, lineNumber))
        }
    #endif

    func testPassingReplayReportsNothing() async throws {
        try folder.write(Echo.cassette(), as: "echo.json")
        let report = await RecordEnvironment.$override.withValue([:]) {
            await replayCassette("echo", directory: folder.path, options: Echo.fast) { EchoRouter.install(on: $0) }
        }
        let messages = failures.map(\.message)
        XCTAssertEqual(report?.passed, true)
        XCTAssertEqual(messages, [])
    }

    func testFailingReplayFailsAtTheCallWithTheTraceAndTheCommand() async throws {
        try folder.write(Echo.cassette(), as: "echo.json")
        let line = #line + 2
        let report = await RecordEnvironment.$override.withValue([:]) {
            await replayCassette("echo", directory: folder.path, options: Echo.fast, recording: Echo.session()) {
                EchoRouter.install(on: $0, prefix: "x-")
            }
        }
        let recorded = failures
        XCTAssertEqual(report?.passed, false)
        XCTAssertEqual(recorded.count, 1)
        guard let failure = recorded.first else { return }
        XCTAssertEqual(failure.line, line)
        XCTAssertTrue(failure.message.contains("event 2 (navigation.route)"), failure.message)
        XCTAssertTrue(
            failure.message.contains(
                "HYBRIDREPLAY_RECORD=failed swift test --filter 'HybridReplayTestingTests.XCTestCaseReplayCassetteTests/"
                    + "testFailingReplayFailsAtTheCallWithTheTraceAndTheCommand$'"),
            failure.message)
        #if !canImport(ObjectiveC)
            let saved = TraceFile.directory.appendingPathComponent("echo.actual.json")
            XCTAssertTrue(failure.message.hasSuffix("The actual trace is saved at \(saved.path)"), failure.message)
            let trace = try CassetteReader().read(contentsOf: saved)
            XCTAssertEqual(trace.events.last?.payload as? NativeRoute, NativeRoute(name: "x-hello"))
        #endif
    }

    func testMissingCassetteGivesTheRecordCommand() async {
        await RecordEnvironment.$override.withValue([:]) {
            _ = await replayCassette("echo", directory: folder.path) { EchoRouter.install(on: $0) }
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                "\(folder.file("echo").path): error: no cassette 'echo'; this test only replays (replayCassette was given "
                    + "no RecordingSession), so it cannot record it: record it with the test that has its RecordingSession, "
                    + "or pass this call `recording: RecordingSession(platform: …) { … }` and run "
                    + "HYBRIDREPLAY_RECORD=missing swift test --filter "
                    + "'HybridReplayTestingTests.XCTestCaseReplayCassetteTests/testMissingCassetteGivesTheRecordCommand$'"
            ])
    }

    func testMissingModeRecordsAndFails() async throws {
        await RecordEnvironment.$override.withValue(["HYBRIDREPLAY_RECORD": "missing"]) {
            _ = await replayCassette("echo", directory: folder.path, recording: Echo.session()) {
                EchoRouter.install(on: $0)
            }
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                "recorded \(folder.file("echo").path) (2 events); "
                    + "run the test again without HYBRIDREPLAY_RECORD to verify it"
            ])
        XCTAssertEqual(try folder.read("echo").events.count, 2)
    }

    func testTraceFileIsSavedAndNamedInTheMessage() throws {
        let trace = Echo.cassette(words: ["saved"])
        let message = TraceFile.save(trace, named: "echo.actual.json", message: "replay failed", in: folder.url)
        let url = folder.url.appendingPathComponent("echo.actual.json")
        XCTAssertEqual(message, "replay failed\nThe actual trace is saved at \(url.path)")
        XCTAssertEqual(try CassetteReader().read(contentsOf: url), trace)
    }

    func testTraceFileThatCannotBeSavedSaysWhy() throws {
        try folder.write(text: "not a folder", as: "blocked")
        let message = TraceFile.save(
            Echo.cassette(), named: "echo.actual.json", message: "replay failed",
            in: folder.url.appendingPathComponent("blocked"))
        XCTAssertTrue(message.hasPrefix("replay failed\nThe actual trace could not be saved to "), message)
    }
}
