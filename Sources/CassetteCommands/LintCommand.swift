import HybridReplay

/// `cassette lint <path> ...`: reads cassettes the way replay does and
/// reports every problem, with its line and column.
///
/// Errors, which keep a cassette from replaying, fail the command; warnings,
/// such as a secret left unredacted, are reported but fail it only with
/// `--strict`.
package struct LintCommand: CassetteCommand {
    /// `--strict`: warnings fail the command too.
    package static let strictFlag = Flag(
        "strict",
        help: "Treats warnings as failures: exits with status 1 when a cassette has warnings but no errors."
    )

    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) lint",
        abstract: "Checks cassettes and reports every problem in them.",
        discussion: """
            Each <path> is a cassette, or a folder searched recursively for .json files; hidden files and folders such as .build are skipped. Every cassette is read the way replay reads it: JSON syntax, every event's fields and the rules across events; a cassette that reads is then searched for secrets left unredacted, which are warnings. Each problem goes to standard error as 'path:line:column: error: message', and a count of files, errors and warnings follows them. When no cassette has an error, standard output gets one line: 'checked N cassettes'.
            """,
        flags: [strictFlag],
        operands: .oneOrMore("path", help: "A cassette, or a folder to search for cassettes."),
        exitStatuses: [
            (.success, "Every cassette is valid, though some may have warnings."),
            (.checkFailed, "With --strict, some cassettes have warnings."),
            (.usageError, "The command line is wrong."),
            (.dataError, "Some cassettes have errors."),
            (.noInput, "A path does not exist or cannot be read."),
        ]
    )

    /// The files and folders to check.
    package var paths: [String]
    /// Whether warnings fail the command.
    package var strict: Bool

    /// Creates the command.
    ///
    /// - Parameters:
    ///   - paths: The files and folders to check.
    ///   - strict: Whether warnings fail the command.
    package init(paths: [String], strict: Bool = false) {
        self.paths = paths
        self.strict = strict
    }

    package init(_ arguments: ParsedArguments) {
        self.init(paths: arguments.operands, strict: arguments.contains(Self.strictFlag))
    }

    package func run(in context: CommandContext) -> ExitCode {
        var status = ExitCode.success
        var checked = 0
        var filesWithProblems = 0
        var errors = 0
        var warnings = 0
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        let searchStatus = finder.forEachFile(in: paths, context: context) { file in
            checked += 1
            let diagnostics: [Diagnostic]
            switch file.readBytes() {
            case .failure(let error):
                diagnostics = error.diagnostics
                status = max(status, .noInput)
            case .success(let bytes):
                diagnostics = context.reader.lint(bytes, path: file.displayPath)
                if diagnostics.contains(where: { $0.severity == .error }) { status = max(status, .dataError) }
            }
            if diagnostics.isEmpty { return }
            filesWithProblems += 1
            for diagnostic in diagnostics {
                context.console.error(diagnostic.description)
                if diagnostic.severity == .error {
                    errors += diagnostic.problemCount
                } else {
                    warnings += diagnostic.problemCount
                }
            }
        }
        if filesWithProblems > 0 {
            var summary = [
                Self.count(filesWithProblems, "file with problems", "files with problems"),
                Self.count(errors, "error", "errors"),
            ]
            if warnings > 0 { summary.append(Self.count(warnings, "warning", "warnings")) }
            context.console.error(summary.joined(separator: ", "))
        }
        status = max(status, searchStatus)
        if strict, warnings > 0 { status = max(status, .checkFailed) }
        if status == .success {
            context.console.output("checked \(Self.count(checked, "cassette", "cassettes"))")
        }
        return status
    }

    private static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }
}
