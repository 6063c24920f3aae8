import Foundation
import HybridReplay

/// `cassette diff <old> <new>`: what changed in behaviour between two
/// cassettes, and git's external diff program.
package struct DiffCommand: CassetteCommand {
    /// `--timing`: a different `at` is a change.
    package static let timingFlag = Flag("timing", help: "Reports events whose time ('at') changed; ignored by default.")

    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) diff",
        abstract: "Shows what changed in behaviour between two cassettes.",
        discussion: """
            Events are matched by what they are, not by position or id: channel, direction, kind, the kinds of the events they answer or were caused by, then their payloads. An inserted event is reported as one insertion, and ids it renumbers are no change. Within a matched event each changed field is named by its path, such as 'headers[Authorization]' or 'body.json.items[2].qty'; the header's fields are compared too. UUIDs, timestamps, redaction placeholders and the values of the fields declared volatile (by --volatile or the cassettes' 'volatile' header) renamed consistently are no change, and 'at' is ignored unless --timing is given. A secret left unredacted, as 'cassette lint' finds it, is reported on standard error as lint's warning and printed as '[UNREDACTED SECRET 1]', never as its value, in both cassettes.

            Given seven arguments, it runs as git's external diff program (GIT_EXTERNAL_DIFF, or diff.<driver>.command): 'path old-file old-hex old-mode new-file new-hex new-mode'. It then diffs the two files, prints a plain line diff for files that are not cassettes, and exits 0 whether or not they differ, as git expects:

              git config diff.cassette.command 'cassette diff'
              echo '**/Cassettes/**/*.json diff=cassette' >> .gitattributes
            """,
        usage: "\(CassetteCLI.toolName) diff [--timing] [--volatile <field> ...] [--format <format>] <old> <new>",
        flags: [timingFlag],
        options: [VolatileFieldsOption.option, DiffFormat.option],
        operands: .counts([2, 7], "file", help: "The old cassette and the new one, or git's seven arguments."),
        exitStatuses: [
            (.success, "The cassettes record the same behaviour, or git's seven arguments were given."),
            (.checkFailed, "The cassettes differ."),
            (.usageError, "The command line is wrong."),
            (.dataError, "A cassette cannot be read; its problems are on standard error."),
            (.noInput, "A file does not exist or cannot be read."),
        ]
    )

    /// The old file and the new one.
    package var oldPath: String
    package var newPath: String
    /// The path git names the file by, when run as git's external diff.
    package var gitPath: String?
    /// Whether `at` is compared.
    package var timing: DiffTiming
    /// The fields declared volatile on the command line.
    package var volatile: [VolatileField] = []
    var format: DiffFormat

    /// Creates the command for two files.
    ///
    /// - Parameters:
    ///   - oldPath: The cassette before.
    ///   - newPath: The cassette after.
    ///   - timing: Whether `at` is compared.
    package init(oldPath: String, newPath: String, timing: DiffTiming = .ignored) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.timing = timing
        self.format = .text
    }

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        let operands = arguments.operands
        if operands.count == 7 {
            self.init(oldPath: operands[1], newPath: operands[4])
            gitPath = operands[0]
        } else {
            self.init(oldPath: operands.first ?? "", newPath: operands.dropFirst().first ?? "")
        }
        timing = arguments.contains(Self.timingFlag) ? .compared : .ignored
        volatile = try VolatileFieldsOption.parse(arguments)
        format = try DiffFormat.parse(arguments)
    }

    package func run(in context: CommandContext) -> ExitCode {
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        if let gitPath { return runForGit(path: gitPath, finder: finder, context: context) }
        var cassettes: [Cassette] = []
        var status = ExitCode.success
        var secrets = PrintedSecrets()
        for path in [oldPath, newPath] {
            switch finder.loadCassette(path, context: context, secrets: &secrets) {
            case .success(let cassette): cassettes.append(cassette)
            case .failure(let failure): status = max(status, failure.status)
            }
        }
        guard status == .success, cassettes.count == 2 else { return status }
        let entry = DiffReport.Entry(
            path: newPath, oldLabel: oldPath, newLabel: newPath, old: secrets.masking(cassettes[0]),
            new: secrets.masking(cassettes[1]), options: CassetteDiffOptions(timing: timing, volatile: volatile))
        let report = DiffReport(entries: [entry])
        context.console.standardOutput(secrets.scrub(format.render(report, colour: context.usesColour)))
        return report.hasChanges ? .checkFailed : .success
    }

    /// git's seven arguments: `/dev/null` is a side that does not exist, and
    /// a file that is not a cassette gets a plain line diff.
    private func runForGit(path: String, finder: CassetteFileFinder, context: CommandContext) -> ExitCode {
        var contents: [Data?] = []
        for file in [oldPath, newPath] {
            if file == "/dev/null" {
                contents.append(nil)
                continue
            }
            guard let found = finder.file(file), case .success(let bytes) = found.readBytes() else {
                context.reportError("no such file or directory: \(file)")
                return .noInput
            }
            contents.append(bytes)
        }
        let oldLabel = contents[0] == nil ? "/dev/null" : "a/" + path
        let newLabel = contents[1] == nil ? "/dev/null" : "b/" + path
        // The bytes as read, as `cassette diff <old> <new>` reads them: a file
        // that is not UTF-8 is not a cassette here either.
        var secrets = PrintedSecrets()
        let cassettes = contents.map { bytes in
            bytes.flatMap { try? secrets.read($0, path: path, context: context) }
        }
        let output: String
        if (contents[0] == nil || cassettes[0] != nil) && (contents[1] == nil || cassettes[1] != nil) {
            let entry = DiffReport.Entry(
                path: path, oldLabel: oldLabel, newLabel: newLabel, old: cassettes[0].map(secrets.masking),
                new: cassettes[1].map(secrets.masking),
                options: CassetteDiffOptions(timing: timing, volatile: volatile))
            output = format.render(DiffReport(entries: [entry]), colour: context.usesColour)
        } else {
            let texts = contents.map { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } ?? "" }
            let lines = PlainTextDiff.unified(texts[0], texts[1], oldLabel: oldLabel, newLabel: newLabel)
            output = lines.map { $0.1 + "\n" }.joined()
        }
        context.console.standardOutput(secrets.scrub(output))
        return .success
    }
}
