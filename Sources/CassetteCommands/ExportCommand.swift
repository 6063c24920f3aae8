/// `cassette export <format> …`: writes a cassette in another format.
public struct ExportCommand: CassetteCommandGroup {
    public static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) export",
        abstract: "Writes a cassette in a format other tools read.",
        usage: "\(CassetteCLI.toolName) export <subcommand>",
        operands: .remainder("subcommand", help: "")
    )

    public static let subcommands: [any CassetteCommand.Type] = [HARExportCommand.self]

    public var arguments: [String]

    public init(arguments: [String]) {
        self.arguments = arguments
    }
}
