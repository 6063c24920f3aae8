import Foundation
import HybridReplay
import HybridReplayRuntimeWatch

/// One `replayCassette` call, decided and carried out the same way for
/// Swift Testing and XCTest: replay, record, or both, by record mode.
///
/// It never reports anything itself; it returns what went wrong for a
/// reporter to turn into issues or `XCTFail`s at the caller's location.
struct CassetteRun {
    /// Where the cassette is recorded, and where else it may be read from.
    var location: CassetteLocation
    /// The cassette's name.
    var name: String
    /// The cassette file.
    var file: URL
    var mode: RecordMode
    /// What turned recording on, such as `HYBRIDREPLAY_RECORD`, to say what to drop to verify.
    var modeSetting: String
    /// Whether `CI` is set, which forbids recording.
    var isCI: Bool
    var options: ReplayOptions
    var recording: RecordingSession?
    /// The `--filter` argument that runs just the calling test, when known.
    var testFilter: String?
    /// Whether the cassette can be recorded from this call: not for
    /// conformance cases, which replay files recorded elsewhere.
    var isRecordable = true
    /// The name the actual trace is attached or saved under.
    var traceName: String
    /// Whether the re-record advice is written once the cassette is read: a
    /// call without a ``RecordingSession`` cannot record, so its advice names
    /// where the cassette was recorded instead of a command that would fail.
    var advisesFromHeader = false

    /// Whether the call (or its test's scope) passed `record: .never`: a test
    /// that must never record, such as one that plants a bug, is not told how
    /// to record here.
    var neverRecordsHere = false

    /// Resolves a call's cassette, record mode and options against the
    /// test's ``CassetteScope`` and the environment.
    ///
    /// - Parameters:
    ///   - name: The cassette name the call passed, if any.
    ///   - directory: The folder the call passed, if any.
    ///   - record: The record mode the call passed, if any.
    ///   - options: The options the call passed, if any.
    ///   - recording: How to record, if the test can.
    ///   - filePath: The calling test file.
    ///   - testFilter: The `--filter` that runs just the calling test.
    /// - Returns: The run.
    /// - Throws: The failure that keeps it from starting: no name, or a bad record mode.
    static func prepare(
        name: String?, directory: String?, record: RecordMode?, options: ReplayOptions?, recording: RecordingSession?,
        filePath: String, testFilter: String?
    ) throws(CassetteFailure) -> CassetteRun {
        let scope = CassetteScope.current
        guard let location = CassetteLocation.resolve(name: name, directory: directory, scope: scope, filePath: filePath)
        else {
            throw CassetteFailure(
                message: "replayCassette needs a cassette name: pass one, as in "
                    + "replayCassette(\"navigate-present\") { … }, "
                    + "or give the test the trait .cassette(\"navigate-present\")")
        }
        let environment = RecordEnvironment.current
        let mode: (mode: RecordMode, setting: String)
        do {
            mode = try RecordEnvironment.mode(override: record ?? scope?.record, environment: environment)
        } catch {
            throw CassetteFailure(message: "\(location.file.path): cannot replay '\(location.name)': \(error)")
        }
        var run = CassetteRun(
            location: location, mode: mode.mode, modeSetting: mode.setting, isCI: RecordMode.isCI(environment),
            options: options ?? scope?.options ?? ReplayOptions(), recording: recording, testFilter: testFilter)
        if run.options.recordCommand == nil {
            if recording == nil {
                run.advisesFromHeader = true
                run.neverRecordsHere = (record ?? scope?.record) == .never
            } else {
                run.options.recordCommand = run.command(mode: .failed)
            }
        }
        return run
    }

    /// A run that only replays `cassette`, for conformance tests over a folder.
    static func replaying(_ cassette: CassetteCase, options: ReplayOptions?) -> CassetteRun {
        var run = CassetteRun(
            location: CassetteLocation(name: cassette.name, file: cassette.url), mode: .never, modeSetting: "",
            isCI: false, options: options ?? CassetteScope.current?.options ?? ReplayOptions(), recording: nil,
            testFilter: nil)
        run.isRecordable = false
        // Cassettes of different folders may share a name; their traces must not.
        let path = cassette.relativePath
        let stem = path.hasSuffix(".json") ? String(path.dropLast(".json".count)) : path
        run.traceName = stem.replacingOccurrences(of: "/", with: "-") + ".actual.json"
        return run
    }

    init(
        location: CassetteLocation, mode: RecordMode, modeSetting: String, isCI: Bool, options: ReplayOptions,
        recording: RecordingSession?, testFilter: String?
    ) {
        self.location = location
        self.name = location.name
        self.file = location.file
        self.mode = mode
        self.modeSetting = modeSetting
        self.isCI = isCI
        self.options = options
        self.recording = recording
        self.testFilter = testFilter
        self.traceName = "\(location.name).actual.json"
    }

    /// The cassette file as messages show it.
    var path: String { file.path }

    /// The command that runs the calling test in `mode`.
    func command(mode: RecordMode) -> String {
        let xcode = RecordEnvironment.isXcode(RecordEnvironment.current)
        let command = Self.command(mode: mode, testFilter: testFilter, xcode: xcode)
        guard !xcode, let launcher = recording?.launcher else { return command }
        return launcher.command(command)
    }

    /// The command that runs the test again in `mode`: `swift test --filter`,
    /// or under Xcode an `xcodebuild` line with the `TEST_RUNNER_` prefix.
    static func command(mode: RecordMode, testFilter: String?, xcode: Bool) -> String {
        let variable = RecordMode.environmentVariable
        guard xcode else {
            return "\(variable)=\(mode) swift test --filter \(testFilter.map { "'\($0)'" } ?? "<test>")"
        }
        // `Module.Suite/test` is `Module/Suite/test()` to -only-testing.
        let identifier = testFilter.map { filter -> String in
            guard let dot = filter.firstIndex(of: ".") else { return filter + "()" }
            return filter[..<dot] + "/" + filter[filter.index(after: dot)...] + "()"
        } ?? "<Target>/<Suite>/<test>()"
        return "TEST_RUNNER_\(variable)=\(mode) xcodebuild test -scheme <scheme> -destination <destination> "
            + "-only-testing:'\(identifier)' (or set \(variable)=\(mode) in the test plan's or scheme's environment)"
    }

    /// What to do to re-record a cassette the calling test cannot record
    /// itself, from what its header says recorded it.
    ///
    /// - Parameters:
    ///   - header: The header of the cassette replayed.
    ///   - neverHere: Whether the call passed `record: .never`, which no setting overrides.
    static func recordElsewhere(_ header: CassetteHeader, neverHere: Bool = false) -> String {
        let tool = header.recordedBy
        let engine = tool.engine.map { " with \($0)" } ?? ""
        let version = tool.version.map { " \($0)" } ?? ""
        if neverHere {
            // A test that plants a bug fails here on purpose: it must not be pointed at recording.
            return "this call passes `record: .never`, so this test never records: if the new behaviour is right, "
                + "record the cassette again where it was recorded (by \(tool.tool)\(version)\(engine)) and replace the file"
        }
        return "this test only replays (replayCassette was given no RecordingSession), and the cassette was "
            + "recorded by \(tool.tool)\(version)\(engine): record it again the same way and replace the file, "
            + "or pass replayCassette a `recording:` session so that HYBRIDREPLAY_RECORD=failed can record it here"
    }

    // MARK: Running

    /// Replays or records, as the mode says.
    ///
    /// - Parameter setUp: Builds the implementation from a platform.
    /// - Returns: The replay report, when there was a replay, and every failure.
    func run<Subject>(_ setUp: (Platform) async throws -> Subject) async -> CassetteOutcome {
        // Recording writes to the source folder; replaying also finds a copy in the test bundle.
        let source = mode == .all ? file : location.readable()
        let exists = FileManager.default.fileExists(atPath: source.path)
        if mode == .all {
            return CassetteOutcome(failures: await record(setUp, reason: exists ? .overwriting : .absent))
        }
        guard exists else {
            if mode == .never { return CassetteOutcome(failures: [missingFailure()]) }
            return CassetteOutcome(failures: await record(setUp, reason: .absent))
        }
        let replayed = await replay(setUp, from: source)
        guard !replayed.failures.isEmpty, mode == .failed else { return replayed }
        let recorded = await record(setUp, reason: .failing)
        return CassetteOutcome(report: replayed.report, failures: replayed.failures + recorded)
    }

    /// Reads the cassette and replays it.
    private func replay<Subject>(_ setUp: (Platform) async throws -> Subject, from source: URL) async -> CassetteOutcome {
        var replayer: Replayer
        do {
            replayer = try Replayer(contentsOf: source, displayPath: source.path, options: options)
        } catch {
            // In `failed` mode the file is re-recorded next; elsewhere, say how.
            let fix =
                !isRecordable ? "\nFix the file, or record it again where it was recorded."
                : mode == .failed ? "" : "\nFix the file, or re-record it: \(command(mode: .all))"
            return CassetteOutcome(failures: [CassetteFailure(message: error.description + fix)])
        }
        if advisesFromHeader {
            replayer.options.recordCommand = Self.recordElsewhere(replayer.cassette.header, neverHere: neverRecordsHere)
        }
        // The runtime watch sees the work the replay cannot track (Task.detached, Dispatch on Linux).
        let report = await RuntimeWatchInstallation.during { await replayer.replay(setUp) }
        guard !report.passed else { return CassetteOutcome(report: report) }
        let failure = CassetteFailure(report: report, traceName: traceName)
        return CassetteOutcome(report: report, failures: [failure])
    }
}
