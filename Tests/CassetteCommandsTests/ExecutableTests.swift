import CassetteCommands
import Foundation
import Testing

/// The `cassette` executable `swift build` or `swift test` produced.
enum BuiltExecutable {
    /// Its location: `CASSETTE_EXECUTABLE` if set, else beside the test
    /// bundle, else in the package's `.build/debug`; `nil` when not built.
    static let url: URL? = {
        if let path = ProcessInfo.processInfo.environment["CASSETTE_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        return locate("cassette")
    }()

    /// The executable called `name` the same build produced, found as ``url`` is; `nil` when not built.
    static func locate(_ name: String) -> URL? {
        var folders = [Bundle.main.bundleURL, Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        folders.append(packageRoot.appendingPathComponent(".build/debug"))
        return folders.lazy.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private final class BundleMarker {}

    /// Runs the executable in `directory` and collects its streams apart.
    static func run(_ arguments: String..., in directory: URL) async throws -> CommandResult {
        try await runProcess(try #require(url), arguments: arguments, in: directory)
    }
}

/// Runs `executable` in `directory` and collects its streams apart.
///
/// It waits for the process without blocking a thread of the cooperative
/// pool, which the replay tests running alongside need.
///
/// - Parameter environment: Variables to set on top of the test's own.
func runProcess(
    _ executable: URL, arguments: [String], in directory: URL, environment: [String: String] = [:]
) async throws -> CommandResult {
    let streams = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-streams-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: streams, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: streams) }
    let outputURL = streams.appendingPathComponent("stdout")
    let errorURL = streams.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let output = try FileHandle(forWritingTo: outputURL)
    let error = try FileHandle(forWritingTo: errorURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, set in set }
    process.standardOutput = output
    process.standardError = error
    await withCheckedContinuation { (exited: CheckedContinuation<Void, Never>) in
        process.terminationHandler = { _ in exited.resume() }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            exited.resume()
        }
    }
    #expect(!process.isRunning, "\(executable.lastPathComponent) could not be started")
    try output.close()
    try error.close()
    #expect(process.terminationReason == .exit)
    return CommandResult(
        status: ExitCode(rawValue: process.terminationStatus),
        standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
        standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

@Suite(
    .enabled(
        if: BuiltExecutable.url != nil,
        "the cassette executable is not built; run 'swift build' or set CASSETTE_EXECUTABLE to its path"))
struct ExecutableTests {
    @Test("the executable prints its version on standard output and exits 0")
    func version() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await BuiltExecutable.run("--version", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == "cassette \(CassetteCLI.version)\n")
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("the executable prints the same help as the library")
    func help() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await BuiltExecutable.run("help", "fmt", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == CassetteCLI.help(for: FormatCommand.self))
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("a usage error goes to standard error only, with exit 64")
    func usageError() async throws {
        try await withTemporaryDirectory { directory in
            let result = try await BuiltExecutable.run("lint", "--pedantic", "x.json", in: directory)
            #expect(result.status == .usageError)
            #expect(result.standardOutput.isEmpty)
            #expect(result.errorLines == [
                "cassette: error: unknown option '--pedantic'", "Usage: cassette lint [--strict] <path> ...",
                "See 'cassette lint --help'.",
            ])
        }
    }

    @Test("lint sends diagnostics to standard error and exits 65")
    func lintDiagnostics() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.brokenJSON, to: "broken.json")
            try directory.write(Samples.canonical(), to: "good.json")
            let result = try await BuiltExecutable.run("lint", ".", in: directory)
            #expect(result.status == .dataError)
            #expect(result.standardOutput.isEmpty)
            #expect(result.errorLines.first?.hasPrefix("broken.json:5:1: error: ") == true)
            #expect(result.errorLines.last == "1 file with problems, 1 error")
        }
    }

    @Test("a missing path exits 66 after the other paths are processed")
    func missingPath() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.reindented(), to: "x.json")
            let result = try await BuiltExecutable.run("fmt", "missing.json", "x.json", in: directory)
            #expect(result.status == .noInput)
            #expect(result.standardOutput == "formatted x.json\n")
            #expect(result.standardError == "cassette: error: no such file or directory: missing.json\n")
            #expect(try directory.text(of: "x.json") == Samples.canonical())
        }
    }

    @Test("fmt --check lists files on standard output, hints on standard error and exits 1")
    func check() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.reindented(), to: "x.json")
            let result = try await BuiltExecutable.run("fmt", "--check", "x.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.standardOutput == "x.json\n")
            #expect(result.standardError.hasPrefix("cassette: error: 1 cassette is not in canonical form"))
        }
    }

    @Test("show prints the same timeline as the library, on standard output")
    func show() async throws {
        try await withTemporaryDirectory { directory in
            try directory.write(Samples.canonical(Samples.http), to: "x.json")
            let result = try await BuiltExecutable.run("show", "x.json", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == Timeline.text(for: Samples.http))
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("verify prints PASS on standard output and exits 0")
    func verifyPass() async throws {
        try await withTemporaryDirectory { directory in
            try await RouterRecording.write("Cassettes/router/present.json", in: directory)
            let result = try await BuiltExecutable.run("verify", "Cassettes", in: directory)
            #expect(result.status == .success)
            #expect(result.standardOutput == """
                PASS Cassettes/router/present.json (navigation-router)
                1 cassette verified: 1 passed, 0 failed

                """)
            #expect(result.standardError.isEmpty)
        }
    }

    @Test("verify prints FAIL and the report on standard output, writes JUnit XML and exits 1")
    func verifyFail() async throws {
        try await withTemporaryDirectory { directory in
            let recorded = try await RouterRecording.record("b", links: [RouterRecording.presentYellow])
            try directory.write(VerifyCommandTests.altered(recorded), to: "b.json")
            let result = try await BuiltExecutable.run("verify", "--repeat", "2", "--junit", "report.xml", "b.json", in: directory)
            #expect(result.status == .checkFailed)
            #expect(result.outputLines.first == "FAIL b.json (navigation-router)")
            #expect(result.outputLines.dropFirst().first == "    b.json: replay failed in run 1 of 2: 1 issue")
            #expect(result.outputLines.last == "1 cassette verified: 0 passed, 1 failed, 2 runs each")
            #expect(result.standardError.isEmpty)
            #expect(try directory.text(of: "report.xml").contains("<failure message=\"event 2 (navigation.route): "))
        }
    }
}
