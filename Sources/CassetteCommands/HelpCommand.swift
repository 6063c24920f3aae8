/// `cassette help [<subcommand>]`: the same text as `cassette <subcommand> --help`.
package struct HelpCommand: CassetteCommand {
    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) help",
        abstract: "Prints help for a subcommand.",
        operands: .optional(
            "subcommand", help: "The subcommand to describe; without one, the overview of cassette is printed.")
    )

    /// The subcommand to describe; `nil` for the top-level command.
    package var subcommand: (any CassetteCommand.Type)?

    /// Describes `subcommand`, or the top-level command when it is `nil`.
    package init(subcommand: (any CassetteCommand.Type)?) {
        self.subcommand = subcommand
    }

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let name = arguments.operands.first else {
            self.init(subcommand: nil)
            return
        }
        guard let subcommand = CassetteCLI.command(named: name) else {
            throw UsageError("unknown subcommand '\(name)'")
        }
        self.init(subcommand: subcommand)
    }

    package func run(in context: CommandContext) -> ExitCode {
        context.console.standardOutput(subcommand.map(CassetteCLI.help(for:)) ?? CassetteCLI.help)
        return .success
    }
}
