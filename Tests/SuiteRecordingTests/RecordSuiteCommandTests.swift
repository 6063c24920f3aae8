import CassetteCommands
import Foundation
import SuiteRecording
import Testing

/// What a command run printed, and how it ended.
struct CommandRun {
    var status: ExitCode
    var output: String
    var error: String
}

/// Collects what a command prints.
final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ["", ""]

    func append(_ string: String, to stream: Int) {
        lock.lock()
        text[stream] += string
        lock.unlock()
    }

    var output: String { lock.withLock { text[0] } }
    var error: String { lock.withLock { text[1] } }
}

/// A fresh empty folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-suite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

@Suite("RecordSuiteCommand")
struct RecordSuiteCommandTests {
    /// Two quick scenarios, so the file handling is tested without recording the whole suite.
    let scenarios = [
        Scenario.named("router/push-red.json"), Scenario.named("location/denied.json"),
    ].compactMap { $0 }

    func run(_ arguments: [String], in folder: URL) async -> CommandRun {
        let printed = Printed()
        let console = Console(
            standardOutput: { printed.append($0, to: 0) }, standardError: { printed.append($0, to: 1) })
        let status = await RecordSuiteCommand.main(
            arguments: arguments, currentDirectory: folder, console: console, scenarios: scenarios)
        return CommandRun(status: status, output: printed.output, error: printed.error)
    }

    @Test("--help prints the help word for word on standard output")
    func help() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for flag in ["--help", "-h"] {
            let run = await run(["--check", flag], in: folder)
            #expect(run.status == .success)
            #expect(run.error.isEmpty)
            #expect(
                run.output == """
                    OVERVIEW: Records the conformance suite's scenarios into cassettes.

                    Each scenario plays the platform's side of one session against the simulated
                    platform while its contract's reference implementation runs, and its cassette is
                    written to <directory>/<path>, folders included. Recording an unchanged
                    implementation again gives the same bytes, so only real changes show in a diff.
                    Each file is listed on standard output as 'wrote <path>' or 'unchanged <path>';
                    a .json file in <directory> that no scenario records is reported on standard
                    error as a warning.

                    USAGE: record-suite [--check] [<directory>]

                    ARGUMENTS:
                      <directory>             The suite's folder (default: Cassettes, relative to
                                              the current directory).

                    OPTIONS:
                      --check                 Writes nothing: lists each cassette that differs, is
                                              missing or is recorded by no scenario, and exits with
                                              status 1 if there is one.
                      -h, --help              Prints help information.

                    EXIT STATUS:
                      0   Every cassette is as the scenarios record it, or has been written.
                      1   With --check, a cassette differs, is missing or is recorded by no
                          scenario.
                      64  The command line is wrong.
                      70  A scenario could not be recorded; the reason is on standard error.
                      73  A cassette could not be written.
                      When several apply, the command exits with the highest.

                    """)
        }
    }

    @Test("no help line is wider than 80 columns")
    func helpWidth() {
        for line in RecordSuiteCommand.help.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    @Test("an unknown option is a usage error on standard error, with exit status 64")
    func unknownOption() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await run(["--chek", "Cassettes"], in: folder)
        #expect(run.status == .usageError)
        #expect(run.output.isEmpty)
        #expect(
            run.error == """
                record-suite: error: unknown option '--chek'
                Usage: record-suite [--check] [<directory>]
                See 'record-suite --help'.

                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a second directory is a usage error")
    func twoDirectories() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await run(["One", "Two"], in: folder)
        #expect(run.status == .usageError)
        #expect(
            run.error == """
                record-suite: error: unexpected argument 'Two'
                Usage: record-suite [--check] [<directory>]
                See 'record-suite --help'.

                """)
    }

    @Test("writes each cassette into its folder, then reports it unchanged")
    func writesThenUnchanged() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = await run(["Suite"], in: folder)
        #expect(first.status == .success, "\(first.error)")
        #expect(first.output == "wrote Suite/router/push-red.json\nwrote Suite/location/denied.json\n")
        #expect(first.error.isEmpty)
        let written = FileManager.default.contents(
            atPath: folder.appendingPathComponent("Suite/router/push-red.json").path)
        let recorded = try await scenarios[0].record()
        #expect(written.map(Array.init) == recorded)

        let second = await run(["Suite"], in: folder)
        #expect(second.status == .success)
        #expect(second.output == "unchanged Suite/router/push-red.json\nunchanged Suite/location/denied.json\n")
    }

    @Test("writes into Cassettes when no directory is named")
    func defaultDirectory() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await run([], in: folder)
        #expect(run.status == .success)
        let written = folder.appendingPathComponent("Cassettes/location/denied.json")
        #expect(FileManager.default.fileExists(atPath: written.path))
    }

    @Test("warns about a cassette no scenario records, and leaves it alone")
    func staleWarning() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stale = folder.appendingPathComponent("Suite/custom/feature-flags.json")
        try FileManager.default.createDirectory(
            at: stale.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: stale)
        let run = await run(["Suite"], in: folder)
        #expect(run.status == .success)
        #expect(
            run.error == "record-suite: warning: Suite/custom/feature-flags.json is recorded by no scenario; "
                + "delete it if it is no longer needed\n")
        #expect(FileManager.default.fileExists(atPath: stale.path))
    }

    @Test("--check lists missing, differing and stale cassettes, writes nothing and exits with status 1")
    func checkFailures() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = await run(["--check", "Suite"], in: folder)
        #expect(missing.status == .checkFailed)
        #expect(missing.output == "missing Suite/router/push-red.json\nmissing Suite/location/denied.json\n")
        #expect(
            missing.error == "record-suite: error: 2 cassettes are missing or differ from what their scenarios "
                + "record; run 'swift run record-suite Suite' to write them\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Suite").path))

        _ = await run(["Suite"], in: folder)
        let denied = folder.appendingPathComponent("Suite/location/denied.json")
        try Data("{}\n".utf8).write(to: denied)
        try Data("{}\n".utf8).write(to: folder.appendingPathComponent("Suite/location/old.json"))
        let failing = await run(["Suite", "--check"], in: folder)
        #expect(failing.status == .checkFailed)
        #expect(failing.output == "differs Suite/location/denied.json\nstale Suite/location/old.json\n")
        #expect(
            failing.error
                == "record-suite: error: 1 cassette is missing or differs from what its scenario records; "
                + "run 'swift run record-suite Suite' to write it\n"
                + "record-suite: error: 1 cassette is recorded by no scenario; delete it, "
                + "or add a scenario that records it\n")
        #expect(FileManager.default.contents(atPath: denied.path) == Data("{}\n".utf8))
    }

    @Test("--check passes with a one-line summary when every cassette is as recorded")
    func checkPasses() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = await run(["Suite"], in: folder)
        let run = await run(["--check", "Suite"], in: folder)
        #expect(run.status == .success)
        #expect(run.output.split(separator: "\n").count == 1)
        #expect(run.output.hasSuffix("cassettes are byte-identical to what their scenarios record\n"), "\(run.output)")
        #expect(run.error.isEmpty)
    }

    @Test("a scenario that cannot be recorded is reported on standard error with exit status 70")
    func recordingFailure() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = Scenario("router/broken.json", contract: .navigationRouter, description: "Throws.") { _ in
            struct Broken: Error {}
            throw Broken()
        }
        let printed = Printed()
        let console = Console(
            standardOutput: { printed.append($0, to: 0) }, standardError: { printed.append($0, to: 1) })
        let status = await RecordSuiteCommand(directory: "Suite", scenarios: [broken] + scenarios)
            .run(currentDirectory: folder, console: console)
        #expect(status == .softwareError)
        #expect(printed.error.hasPrefix("Suite/router/broken.json: error: cannot record the scenario: the drive threw"))
        #expect(printed.output.contains("wrote Suite/router/push-red.json"))
    }

    @Test("a cassette that cannot be written is reported with exit status 73")
    func writeFailure() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file where the router folder should be.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Suite"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("Suite/router"))
        let run = await run(["Suite"], in: folder)
        #expect(run.status == .cannotCreate)
        #expect(run.error.hasPrefix("Suite/router/push-red.json: error: cannot create the folder"))
        #expect(run.output == "wrote Suite/location/denied.json\n")
    }

    @Test("an operand after -- may start with a dash")
    func dashDash() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await run(["--", "-suite"], in: folder)
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("wrote -suite/router/push-red.json\n"))
    }
}
