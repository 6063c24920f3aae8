import Foundation

/// `record-suite [--check] [<directory>]`: records every scenario and writes
/// its cassette into the suite's folder, or with `--check` lists the
/// cassettes that are not as the scenarios record them.
package struct RecordSuiteCommand: Sendable {
    /// The name the command is run under.
    package static let commandName = "record-suite"
    /// The usage line, as help and usage errors show it.
    package static let usage = "\(commandName) [--check] [<directory>]"
    /// The folder used when none is named, relative to the current directory.
    package static let defaultDirectory = "Cassettes"

    /// The status the command exits with, following `sysexits(3)`; with
    /// several problems it exits with the highest.
    package struct ExitStatus: RawRepresentable, Sendable, Hashable, Comparable {
        package var rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        /// Every cassette is as the scenarios record it, or has been written.
        package static let success = ExitStatus(rawValue: 0)
        /// With `--check`, a cassette differs, is missing or is recorded by no scenario.
        package static let checkFailed = ExitStatus(rawValue: 1)
        /// The command line is wrong (`EX_USAGE`).
        package static let usageError = ExitStatus(rawValue: 64)
        /// A scenario could not be recorded (`EX_SOFTWARE`).
        package static let recordingFailed = ExitStatus(rawValue: 70)
        /// A cassette could not be written (`EX_CANTCREAT`).
        package static let cannotCreate = ExitStatus(rawValue: 73)

        package static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The text `--help` prints.
    package static let help = """
        OVERVIEW: Records the conformance suite's scenarios into cassettes.

        Each scenario plays the platform's side of one session against the simulated
        platform while its contract's reference implementation runs, and its cassette
        is written to <directory>/<path>, folders included. Recording an unchanged
        implementation again gives the same bytes, so only real changes show in a
        diff. Each file is listed on standard output as 'wrote <path>' or 'unchanged
        <path>'; a .json file in <directory> that no scenario records is reported on
        standard error as a warning.

        USAGE: \(usage)

        ARGUMENTS:
          <directory>             The suite's folder (default: \(defaultDirectory), relative to
                                  the current directory).

        OPTIONS:
          --check                 Writes nothing: lists each cassette that differs,
                                  is missing or is recorded by no scenario, and exits
                                  with status 1 if there is one.
          -h, --help              Shows help information.

        EXIT STATUS:
          0   Every cassette is as the scenarios record it, or has been written.
          1   With --check, a cassette differs, is missing or is recorded by no
              scenario.
          64  The command line is wrong.
          70  A scenario could not be recorded; the reason is on standard error.
          73  A cassette could not be written.
          When several apply, the command exits with the highest.

        """

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
        arguments: [String], currentDirectory: URL, console: SuiteConsole = .standard,
        scenarios: [Scenario] = Scenario.all
    ) async -> ExitStatus {
        switch parse(arguments) {
        case .help:
            console.standardOutput(help)
            return .success
        case .usageError(let message):
            console.error("\(commandName): error: \(message)")
            console.error("Usage: \(usage)")
            console.error("See '\(commandName) --help'.")
            return .usageError
        case .run(let directory, let check):
            let command = RecordSuiteCommand(directory: directory, check: check, scenarios: scenarios)
            return await command.run(currentDirectory: currentDirectory, console: console)
        }
    }

    /// What a command line asks for.
    enum Invocation: Equatable {
        case help
        case run(directory: String, check: Bool)
        case usageError(String)
    }

    /// Reads a command line; `--help` anywhere before `--` wins over everything else.
    static func parse(_ arguments: [String]) -> Invocation {
        var check = false
        var operands: [String] = []
        var problem: String?
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                operands.append(argument)
                continue
            }
            switch argument {
            case "--": optionsEnded = true
            case "-h", "--help": return .help
            case "--check": check = true
            default: problem = problem ?? "unknown option '\(argument)'"
            }
        }
        if let problem { return .usageError(problem) }
        if operands.count > 1 { return .usageError("unexpected argument '\(operands[1])'; expected one <directory>") }
        if operands.first?.isEmpty == true { return .usageError("the <directory> is empty; name a folder") }
        return .run(directory: operands.first ?? defaultDirectory, check: check)
    }

    /// Records every scenario and writes or checks its cassette, then looks
    /// for cassettes no scenario records.
    ///
    /// - Parameters:
    ///   - currentDirectory: What a relative ``directory`` is relative to.
    ///   - console: Where to print.
    /// - Returns: The status to exit with.
    package func run(currentDirectory: URL, console: SuiteConsole = .standard) async -> ExitStatus {
        let folder = SuiteFolder(directory, currentDirectory: currentDirectory)
        var status = ExitStatus.success
        var differing = 0
        for scenario in scenarios {
            let shown = folder.display(scenario.path)
            let bytes: [UInt8]
            do {
                bytes = try await scenario.record()
            } catch {
                console.error("\(shown): error: cannot record the scenario: \(error.message)")
                status = max(status, .recordingFailed)
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
    private func reportCheckFailures(differing: Int, stale: Int, console: SuiteConsole) {
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
