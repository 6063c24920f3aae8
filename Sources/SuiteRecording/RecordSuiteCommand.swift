import CassetteCommands
import Foundation

/// `record-suite [--check] [<directory>]`: records every scenario and writes
/// its cassette into the suite's folder, or with `--check` lists the
/// cassettes that are not as the scenarios record them.
package struct RecordSuiteCommand: Sendable {
    /// The name the command is run under.
    package static let commandName = "record-suite"
    /// The folder used when none is named, relative to the current directory.
    package static let defaultDirectory = "Cassettes"

    /// `--check`: write nothing, list what differs.
    package static let checkFlag = Flag(
        "check",
        help: "Writes nothing: lists each cassette that differs, is missing or is recorded by no scenario, "
            + "and exits with status 1 if there is one.")

    /// The name, abstract, arguments and exit statuses; the parser and `--help` both read it.
    package static let configuration = CommandConfiguration(
        commandName: commandName,
        abstract: "Records the conformance suite's scenarios into cassettes.",
        discussion: """
            Each scenario plays the platform's side of one session against the simulated platform while its \
            contract's reference implementation runs, and its cassette is written to <directory>/<path>, folders \
            included. Recording an unchanged implementation again gives the same bytes, so only real changes show \
            in a diff. Each file is listed on standard output as 'wrote <path>' or 'unchanged <path>'; a .json file \
            in <directory> that no scenario records is reported on standard error as a warning.
            """,
        flags: [checkFlag],
        operands: .optional(
            "directory", help: "The suite's folder (default: \(defaultDirectory), relative to the current directory)."),
        exitStatuses: [
            (.success, "Every cassette is as the scenarios record it, or has been written."),
            (.checkFailed, "With --check, a cassette differs, is missing or is recorded by no scenario."),
            (.usageError, "The command line is wrong."),
            (.softwareError, "A scenario could not be recorded; the reason is on standard error."),
            (.cannotCreate, "A cassette could not be written."),
        ],
        exitsWithHighest: true)

    /// The text `--help` prints.
    package static var help: String { configuration.help }

    /// The suite's folder, as the user named it.
    package var directory: String
    /// Whether to list what differs instead of writing.
    package var check: Bool
    /// The scenarios to record.
    package var scenarios: [Scenario]

    /// Creates the command.
    ///
    /// - Parameters:
    ///   - directory: The suite's folder, relative to the current directory unless absolute.
    ///   - check: Whether to list what differs instead of writing.
    ///   - scenarios: The scenarios to record; the whole suite by default.
    package init(directory: String = defaultDirectory, check: Bool = false, scenarios: [Scenario] = Scenario.all) {
        self.directory = directory
        self.check = check
        self.scenarios = scenarios
    }

    /// Parses `arguments`, then runs the command or prints help.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the command's name.
    ///   - currentDirectory: What a relative directory is relative to.
    ///   - console: Where to print.
    ///   - scenarios: The scenarios to record; the whole suite by default.
    /// - Returns: The status to exit with.
    package static func main(
        arguments: [String], currentDirectory: URL, console: Console = .standard,
        scenarios: [Scenario] = Scenario.all
    ) async -> ExitCode {
        let command: RecordSuiteCommand
        do throws(UsageError) {
            let parsed = try CommandLineParser.parse(arguments, for: configuration)
            if parsed.isHelpRequested {
                console.standardOutput(help)
                return .success
            }
            command = try RecordSuiteCommand(parsed, scenarios: scenarios)
        } catch {
            console.reportUsageError(error, for: configuration)
            return .usageError
        }
        return await command.run(currentDirectory: currentDirectory, console: console)
    }

    /// Builds the command from arguments that fit ``configuration``.
    ///
    /// - Parameters:
    ///   - arguments: The parsed command line.
    ///   - scenarios: The scenarios to record.
    /// - Throws: `UsageError` when the directory is empty.
    init(_ arguments: ParsedArguments, scenarios: [Scenario]) throws(UsageError) {
        let directory = arguments.operands.first ?? Self.defaultDirectory
        if directory.isEmpty { throw UsageError("the <directory> is empty; name a folder") }
        self.init(directory: directory, check: arguments.contains(Self.checkFlag), scenarios: scenarios)
    }

    /// Records every scenario and writes or checks its cassette, then looks
    /// for cassettes no scenario records.
    ///
    /// - Parameters:
    ///   - currentDirectory: What a relative ``directory`` is relative to.
    ///   - console: Where to print.
    /// - Returns: The status to exit with.
    package func run(currentDirectory: URL, console: Console = .standard) async -> ExitCode {
        let folder = SuiteFolder(directory, currentDirectory: currentDirectory)
        var status = ExitCode.success
        var differing = 0
        for scenario in scenarios {
            let shown = folder.display(scenario.path)
            let bytes: [UInt8]
            do {
                bytes = try await scenario.record()
            } catch {
                console.error("\(shown): error: cannot record the scenario: \(error.message)")
                status = max(status, .softwareError)
                continue
            }
            let existing = folder.contents(of: scenario.path)
            if existing == bytes {
                if !check { console.output("unchanged \(shown)") }
                continue
            }
            if check {
                console.output("\(existing == nil ? "missing" : "differs") \(shown)")
                differing += 1
                status = max(status, .checkFailed)
                continue
            }
            do throws(SuiteFolderError) {
                try folder.write(bytes, to: scenario.path)
                console.output("wrote \(shown)")
            } catch {
                console.error("\(shown): error: \(error.reason)")
                status = max(status, .cannotCreate)
            }
        }
        let recorded = Set(scenarios.map(\.path))
        let stale = folder.cassettePaths().filter { !recorded.contains($0) }
        for path in stale {
            if check {
                console.output("stale \(folder.display(path))")
            } else {
                console.error(
                    "\(Self.commandName): warning: \(folder.display(path)) is recorded by no scenario; "
                        + "delete it if it is no longer needed")
            }
        }
        if check {
            status = stale.isEmpty ? status : max(status, .checkFailed)
            reportCheckFailures(differing: differing, stale: stale.count, console: console)
            if status == .success {
                console.output("\(scenarios.count) cassettes are byte-identical to what their scenarios record")
            }
        }
        return status
    }

    /// The closing error of `--check`, with the commands that fix what it found.
    private func reportCheckFailures(differing: Int, stale: Int, console: Console) {
        let rerecord =
            "swift run \(Self.commandName)" + (directory == Self.defaultDirectory ? "" : " \(shellQuoted(directory))")
        if differing > 0 {
            let summary =
                differing == 1
                ? "1 cassette is missing or differs from what its scenario records; run '\(rerecord)' to write it"
                : "\(differing) cassettes are missing or differ from what their scenarios record; "
                    + "run '\(rerecord)' to write them"
            console.error("\(Self.commandName): error: \(summary)")
        }
        if stale > 0 {
            let summary =
                stale == 1
                ? "1 cassette is recorded by no scenario; delete it, or add a scenario that records it"
                : "\(stale) cassettes are recorded by no scenario; delete them, or add scenarios that record them"
            console.error("\(Self.commandName): error: \(summary)")
        }
    }

    /// `word` as a shell reads it back: in double quotes only when it needs them.
    private func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_./:=+@%,".unicodeScalars.contains(scalar))
        }
        if plain { return word }
        var quoted = "\""
        for character in word {
            if "\\\"$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
