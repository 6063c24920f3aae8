import Foundation
import HybridReplay
import XCTest

extension XCTestCase {
    /// Replays a cassette against the implementation `setUp` builds,
    /// recording it first when the record mode says so, and fails the test
    /// at the call for every divergence.
    ///
    /// It behaves as the Swift Testing `replayCassette` does; see there for
    /// the record modes. A failed replay's actual trace is attached to the
    /// test where XCTest supports attachments, and elsewhere saved as
    /// `<temporary directory>/HybridReplay/<name>.actual.json`, whose path
    /// the failure gives.
    ///
    /// - Parameters:
    ///   - name: The cassette's name; its file is `<directory>/<name>.json`.
    ///   - directory: The cassette's folder: absolute, or relative to the test
    ///     file's folder; `Cassettes` next to the test file by default.
    ///   - record: The record mode in place of `HYBRIDREPLAY_RECORD`; `CI` still forces ``RecordMode/never``.
    ///   - options: How to replay. A `nil` ``ReplayOptions/recordCommand`` is filled in for the calling test.
    ///   - recording: How to record for real, when the mode asks for it.
    ///   - file: Where failures are reported; the call by default.
    ///   - line: Where failures are reported; the call by default.
    ///   - setUp: Builds the implementation from the platform.
    /// - Returns: The replay's report, or `nil` when the cassette was not replayed.
    @discardableResult
    public func replayCassette<Subject>(
        _ name: String, directory: String? = nil, record: RecordMode? = nil, options: ReplayOptions? = nil,
        recording: RecordingSession? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ setUp: (Platform) async throws -> Subject
    ) async -> ReplayReport? {
        let run: CassetteRun
        do {
            run = try CassetteRun.prepare(
                name: name, directory: directory, record: record, options: options, recording: recording,
                filePath: "\(file)", testFilter: cassetteTestFilter)
        } catch {
            XCTFail(error.message, file: file, line: line)
            return nil
        }
        let outcome = await run.run(setUp)
        for failure in outcome.failures {
            XCTFail(keepTrace(of: failure), file: file, line: line)
        }
        return outcome.report
    }

    /// Replays the web half of a cassette (docs/web-half.md): plays its
    /// recorded native side into `page` in the web view `makeWebView` makes,
    /// and fails the test at the call for every way the page diverged.
    ///
    /// It behaves as the Swift Testing `replayWebHalf` does. A failed
    /// replay's trace of what the page did is kept as ``replayCassette(_:directory:record:options:recording:file:line:_:)`` keeps one.
    ///
    /// - Parameters:
    ///   - name: The cassette's name; its file is `<directory>/<name>.json`.
    ///   - directory: The cassette's folder: absolute, or relative to the test file's folder.
    ///   - page: The page under test, in place of the first page the cassette loads; `nil` plays the recorded loads.
    ///   - options: How to match and how long to wait for the page.
    ///   - file: Where failures are reported; the call by default.
    ///   - line: Where failures are reported; the call by default.
    ///   - makeWebView: Makes a fresh web view for each run.
    /// - Returns: The report, or `nil` when the cassette could not be read.
    @discardableResult
    @MainActor
    public func replayWebHalf(
        _ name: String, directory: String = "Cassettes", page: WebPage?,
        options: WebHalfReplayOptions = WebHalfReplayOptions(), file: StaticString = #filePath, line: UInt = #line,
        in makeWebView: () async throws -> any WebView
    ) async -> ReplayReport? {
        let (report, failure) = await WebHalfRun.run(
            at: WebHalfRun.file(name: name, directory: directory, testFile: "\(file)"),
            shownAs: "\(directory)/\(name).json", page: page, options: options, makeWebView)
        if let failure { XCTFail(keepTrace(of: failure), file: file, line: line) }
        return report
    }

    /// The `swift test --filter` pattern that runs just this test, such as
    /// `AppTests.RouterTests/testPresentsYellow$` (a regular expression: without
    /// the `$`, `testPresentsYellowTwice` would run too).
    var cassetteTestFilter: String {
        let type = String(reflecting: Swift.type(of: self))
        // `name` is `-[RouterTests testPresentsYellow]` on Apple platforms and
        // `RouterTests.testPresentsYellow` elsewhere.
        let separators: Set<Character> = [" ", "."]
        let method = name.split(whereSeparator: { separators.contains($0) }).last.map {
            String($0.filter { $0 != "]" })
        }
        return method.map { "\(type)/\($0)$" } ?? type
    }

    /// Keeps `failure`'s actual trace, as an attachment or a file, and
    /// returns the failure's message saying where it is.
    private func keepTrace(of failure: CassetteFailure) -> String {
        guard let trace = failure.trace, let traceName = failure.traceName else { return failure.message }
        #if canImport(ObjectiveC)
            let attachment = XCTAttachment(
                data: Data(CassetteWriter.canonicalBytes(of: trace)), uniformTypeIdentifier: "public.json")
            attachment.name = traceName
            attachment.lifetime = .keepAlways
            add(attachment)
            return failure.message + "\nThe actual trace is attached as \(traceName)."
        #else
            return TraceFile.save(trace, named: traceName, message: failure.message)
        #endif
    }
}
