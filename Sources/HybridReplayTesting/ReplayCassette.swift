import HybridReplay
import Testing

/// Replays the test's cassette against the implementation `setUp` builds,
/// recording it first when the record mode says so, and reports every
/// divergence as an issue at the call.
///
/// ```swift
/// @Test("presents yellow", .cassette("navigate-present"))
/// func presentsYellow() async {
///     await replayCassette { Router(platform: $0) }
/// }
/// ```
///
/// The cassette is `<directory>/<name>.json`, `directory` being
/// `Cassettes` next to the test file unless the call or the test's
/// ``CassetteTrait`` says otherwise. What happens depends on the record
/// mode (the call's, the trait's, else `HYBRIDREPLAY_RECORD`; always
/// ``RecordMode/never`` when `CI` is set):
///
/// - ``RecordMode/never``: replay; a missing file fails with the command that records it.
/// - ``RecordMode/missing``: record when the file is missing, else replay.
/// - ``RecordMode/failed``: replay, and re-record when the replay fails or the file is missing.
/// - ``RecordMode/all``: record, overwriting the file.
///
/// Recording needs `recording`. A run that records still fails, with an
/// issue naming the file, so that a recording is never mistaken for a pass.
/// A failed replay is one issue with the report, field by field, and the
/// command that re-records, with the actual trace attached as
/// `<name>.actual.json` and the issues' structure as `<name>.issues.json`
/// (`swift test --attachments-path <folder>` saves them).
///
/// - Parameters:
///   - name: The cassette's name; the trait's by default.
///   - directory: The cassette's folder: absolute, or relative to the test file's folder.
///   - record: The record mode in place of the trait's and `HYBRIDREPLAY_RECORD`.
///   - options: How to replay; the trait's, else the defaults. A `nil`
///     ``ReplayOptions/recordCommand`` is filled in for the calling test.
///   - recording: How to record for real, when the mode asks for it.
///   - sourceLocation: Where issues are reported; the call by default.
///   - setUp: Builds the implementation from the platform and registers its
///     handlers and delegates; what it returns is kept alive until the run ends.
/// - Returns: The replay's report, or `nil` when the cassette was not replayed
///   (it was recorded, missing or unreadable).
@discardableResult
public func replayCassette<Subject>(
    _ name: String? = nil, directory: String? = nil, record: RecordMode? = nil, options: ReplayOptions? = nil,
    recording: RecordingSession? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ setUp: (Platform) async throws -> Subject
) async -> ReplayReport? {
    let run: CassetteRun
    do {
        run = try CassetteRun.prepare(
            name: name, directory: directory, record: record, options: options, recording: recording,
            filePath: sourceLocation.filePath, testFilter: Test.current.map(testFilter(for:)))
    } catch {
        report([error], at: sourceLocation)
        return nil
    }
    let outcome = await run.run(setUp)
    report(outcome.failures, at: sourceLocation)
    return outcome.report
}

/// Replays one cassette of a folder, for conformance tests; never records.
///
/// ```swift
/// @Test(arguments: try CassetteCase.all(in: "Cassettes/router"))
/// func conforms(_ cassette: CassetteCase) async {
///     await replayCassette(cassette) { Router(platform: $0) }
/// }
/// ```
///
/// - Parameters:
///   - cassette: The cassette file.
///   - options: How to replay; the trait's, else the defaults.
///   - sourceLocation: Where issues are reported; the call by default.
///   - setUp: Builds the implementation from the platform.
/// - Returns: The replay's report, or `nil` when the file could not be read,
///   in which case the issue lists the reader's `path:line:column: error:` diagnostics.
@discardableResult
public func replayCassette<Subject>(
    _ cassette: CassetteCase, options: ReplayOptions? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ setUp: (Platform) async throws -> Subject
) async -> ReplayReport? {
    let outcome = await CassetteRun.replaying(cassette, options: options).run(setUp)
    report(outcome.failures, at: sourceLocation)
    return outcome.report
}

/// Records each failure as an issue at `sourceLocation`, attaching its
/// trace and its replay issues (see ``IssueAttachment``) under names that
/// share one stem and that no file of `attachmentsFolder` has yet (see ``AttachmentNames``).
func report(
    _ failures: [CassetteFailure], at sourceLocation: SourceLocation, attachmentsFolder: String? = AttachmentNames.folder
) {
    for failure in failures {
        var message = failure.message
        if let trace = failure.trace, let name = failure.traceName {
            let (traceName, issuesName) = AttachmentNames.pair(forTrace: name, in: attachmentsFolder)
            let bytes = Array(CassetteWriter.canonicalBytes(of: trace))
            Attachment.record(bytes, named: traceName, sourceLocation: sourceLocation)
            if failure.issues.isEmpty {
                message += "\nThe actual trace is attached as \(traceName); `swift test --attachments-path <folder>` saves it into an existing folder."
            } else {
                Attachment.record(IssueAttachment.bytes(of: failure.issues), named: issuesName, sourceLocation: sourceLocation)
                message = failure.message(listingDifferencesIn: "the attached \(issuesName)")
                message += "\nThe actual trace is attached as \(traceName), the issues as \(issuesName); "
                    + "`swift test --attachments-path <folder>` saves them into an existing folder."
            }
        }
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// The `swift test --filter` pattern that runs just `test`, such as
/// `RouterTests.Navigation/presentsYellow\(`.
///
/// The pattern is a regular expression that may match anywhere in a test's
/// name (`RouterTests.Navigation/presentsYellow(to:)`), so the name ends with
/// its parameter list's opening parenthesis: without it, the command that
/// re-records `presentsYellow` would run `presentsYellowTwice` too, and record
/// over a cassette another test is replaying.
func testFilter(for test: Test) -> String {
    var components = test.id.nameComponents
    if let last = components.last, let parenthesis = last.firstIndex(of: "(") {
        components[components.count - 1] = String(last[..<parenthesis]) + "\\("
    }
    return ([test.id.moduleName] + [components.joined(separator: "/")]).filter { !$0.isEmpty }.joined(separator: ".")
}
