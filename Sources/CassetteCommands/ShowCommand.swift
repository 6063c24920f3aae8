import HybridReplay

/// `cassette show <file>`: prints a cassette as a timeline, a line per event
/// followed by a line per field, so no change can hide from a diff of it.
package struct ShowCommand: CassetteCommand {
    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) show",
        abstract: "Prints a cassette as a timeline that leaves no field out.",
        discussion: """
            The header gives the cassette's name, description, recorder, contract and redactions. Each event's line gives its id, the seconds since the recording started, its direction, its kind, a summary, and the event that caused it or that it answers; a line for every field of its payload follows, such as 'headers[Authorization]: "[REDACTED:1]"', so any change to a cassette changes the text. A secret left unredacted, as 'cassette lint' finds it, is reported on standard error as lint's warning and printed as '[UNREDACTED SECRET 1]', never as its value; the exit status does not change. The text holds no colours, absolute paths or current times, so it can serve as a git textconv driver, from the package's root:

              git config diff.cassette.textconv 'swift run --quiet cassette show'
              echo '**/Cassettes/**/*.json diff=cassette' >> .gitattributes
            """,
        operands: .one("file", help: "The cassette to show."),
        exitStatuses: [
            (.success, "The cassette has been printed."),
            (.usageError, "The command line is wrong."),
            (.dataError, "The cassette cannot be read; its problems are on standard error."),
            (.noInput, "The file does not exist or cannot be read."),
        ]
    )

    /// The cassette to show.
    package var path: String

    /// Creates the command.
    ///
    /// - Parameter path: The cassette to show.
    package init(path: String) {
        self.path = path
    }

    package init(_ arguments: ParsedArguments) {
        self.init(path: arguments.operands.first ?? "")
    }

    package func run(in context: CommandContext) -> ExitCode {
        let finder = CassetteFileFinder(currentDirectory: context.currentDirectory)
        var secrets = PrintedSecrets()
        switch finder.loadCassette(path, context: context, secrets: &secrets) {
        case .success(let cassette):
            context.console.standardOutput(secrets.scrub(Timeline.text(for: secrets.masking(cassette))))
            return .success
        case .failure(let failure):
            return failure.status
        }
    }
}
