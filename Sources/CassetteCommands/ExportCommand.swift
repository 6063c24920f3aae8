/// `cassette export <format> …`: writes a cassette in another format.
package struct ExportCommand: CassetteCommandGroup {
    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) export",
        abstract: "Writes a cassette in a format other tools read.",
        usage: "\(CassetteCLI.toolName) export <subcommand>",
        operands: .remainder("subcommand", help: "")
    )

    package static let subcommands: [any CassetteCommand.Type] = [HARExportCommand.self]

    package var arguments: [String]

    package init(arguments: [String]) {
        self.arguments = arguments
    }
}
