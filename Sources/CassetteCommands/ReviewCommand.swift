import Foundation
import HybridReplay

/// `cassette review --base <ref> [--head <ref>] [<path> ...]`: the semantic
/// diff of every cassette added, removed or changed between two revisions.
package struct ReviewCommand: CassetteCommand {
    /// `--base <ref>`: the revision to compare against.
    package static let baseOption = Option("base", valueName: "ref", help: "The revision to compare against, such as 'origin/main'.")
    /// `--head <ref>`: the revision with the changes; the working tree when not given.
    package static let headOption = Option(
        "head", valueName: "ref", help: "The revision with the changes; the working tree, untracked files included, when not given.")

    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) review",
        abstract: "Shows the semantic diff of every cassette changed between two git revisions.",
        discussion: """
            Every .json file added, removed or changed between --base and --head under the given paths (the current folder when none is given) that is a cassette on either side is compared as 'cassette diff' compares two files; other files are left out. Paths in the output are relative to the repository's root. A secret left unredacted, as 'cassette lint' finds it, is reported on standard error as lint's warning and printed as '[UNREDACTED SECRET 1]', never as its value, on either side. With --format markdown the output is a table of the cassettes followed by a collapsed diff of each, ready to post as a pull-request comment or to append to $GITHUB_STEP_SUMMARY:

              cassette review --base origin/main --format markdown >> "$GITHUB_STEP_SUMMARY"
            """,
        usage: "\(CassetteCLI.toolName) review --base <ref> [--head <ref>] [--timing] [--volatile <field> ...] [--format <format>] [<path> ...]",
        flags: [DiffCommand.timingFlag],
        options: [baseOption, headOption, VolatileFieldsOption.option, DiffFormat.option],
        operands: .zeroOrMore("path", help: "A file or folder to limit the review to."),
        exitStatuses: [
            (.success, "No cassette changed."),
            (.checkFailed, "Some cassettes changed."),
            (.usageError, "The command line is wrong."),
            (.dataError, "A changed cassette cannot be read; its problems are on standard error."),
            (.noInput, "The folder is not in a git repository, or a revision does not exist."),
        ]
    )

    package var base: String
    package var head: String?
    package var paths: [String]
    package var timing: DiffTiming
    /// The fields declared volatile on the command line.
    package var volatile: [VolatileField] = []
    var format: DiffFormat

    /// Creates the command.
    ///
    /// - Parameters:
    ///   - base: The revision to compare against.
    ///   - head: The revision with the changes; `nil` for the working tree.
    ///   - paths: The files and folders to limit the review to.
    ///   - timing: Whether `at` is compared.
    package init(base: String, head: String? = nil, paths: [String] = [], timing: DiffTiming = .ignored) {
        self.base = base
        self.head = head
        self.paths = paths
        self.timing = timing
        self.format = .text
    }

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let base = arguments.value(of: Self.baseOption), !base.isEmpty else {
            throw UsageError("missing '--base <ref>'")
        }
        let head = arguments.value(of: Self.headOption)
        if head?.isEmpty == true { throw UsageError("the value of '--head <ref>' is empty") }
        self.init(
            base: base, head: head, paths: arguments.operands,
            timing: arguments.contains(DiffCommand.timingFlag) ? .compared : .ignored)
        volatile = try VolatileFieldsOption.parse(arguments)
        format = try DiffFormat.parse(arguments)
    }

    package func run(in context: CommandContext) async -> ExitCode {
        let git = Git(directory: context.currentDirectory, environment: context.environment)
        let root: URL
        let changes: [Git.Change]
        do throws(Git.Failure) {
            root = try await git.topLevel()
            changes = try await git.changes(base: base, head: head, paths: paths)
        } catch {
            context.reportError(error.message)
            return .noInput
        }
        var status = ExitCode.success
        var compared: [(change: Git.Change, old: Cassette?, new: Cassette?)] = []
        var unreadable: [String] = []
        var secrets = PrintedSecrets()
        for change in changes where change.path.hasSuffix(".json") {
            let old =
                change.inOld
                ? await cassette(change.path, at: base, git: git, root: root, context: context, secrets: &secrets) : .absent
            let new =
                change.inNew
                ? await cassette(change.path, at: head, git: git, root: root, context: context, secrets: &secrets) : .absent
            switch (old, new) {
            case (.notACassette, .notACassette), (.notACassette, .absent), (.absent, .notACassette):
                continue
            case (.failed(let failure), _), (_, .failed(let failure)):
                status = max(status, failure)
                unreadable.append(change.path)
            case (.notACassette(let diagnostics), _), (_, .notACassette(let diagnostics)):
                // A cassette on one side that no longer reads on the other is a problem to report.
                for diagnostic in diagnostics { context.console.error(diagnostic.description) }
                status = max(status, .dataError)
                unreadable.append(change.path)
            default:
                compared.append((change, old.cassette, new.cassette))
            }
        }
        // Compared once every cassette is read, so a secret found in one is hidden in all.
        let entries = compared.map { change, old, new in
            DiffReport.Entry(
                path: change.path, oldLabel: change.inOld ? "a/" + change.path : "/dev/null",
                newLabel: change.inNew ? "b/" + change.path : "/dev/null", old: old.map(secrets.masking),
                new: new.map(secrets.masking), options: CassetteDiffOptions(timing: timing, volatile: volatile))
        }
        let report = DiffReport(entries: entries, unreadable: unreadable)
        context.console.standardOutput(secrets.scrub(format.render(report, colour: context.usesColour)))
        if report.hasChanges { status = max(status, .checkFailed) }
        if format == .text, status == .success {
            // Standard output stays empty, as diff's does; the terminal still says the review ran.
            let compared = entries.count == 1 ? "1 changed cassette file compared" : "\(entries.count) changed cassette files compared"
            context.console.error(
                "no cassette changed in behaviour between \(base) and \(head ?? "the working tree") (\(compared))")
        }
        return status
    }

    /// One side of a changed file.
    private enum Side {
        case absent
        case cassette(Cassette)
        case notACassette([Diagnostic])
        case failed(ExitCode)

        var cassette: Cassette? {
            if case .cassette(let cassette) = self { cassette } else { nil }
        }
    }

    /// The cassette at `path` in `revision`, or in the working tree when `revision` is `nil`.
    private func cassette(
        _ path: String, at revision: String?, git: Git, root: URL, context: CommandContext, secrets: inout PrintedSecrets
    ) async -> Side {
        let bytes: Data
        if let revision {
            do throws(Git.Failure) {
                bytes = try await git.contents(of: path, at: revision)
            } catch {
                context.reportError(error.message)
                return .failed(.noInput)
            }
        } else {
            guard let read = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                context.reportError("cannot read \(path)")
                return .failed(.noInput)
            }
            bytes = read
        }
        let label = revision.map { "\($0):\(path)" } ?? path
        do throws(CassetteReadError) {
            return .cassette(try secrets.read(bytes, path: label, context: context))
        } catch {
            return .notACassette(error.diagnostics)
        }
    }
}
