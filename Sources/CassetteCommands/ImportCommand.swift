/// `cassette import <format> …`: makes a cassette from a file another tool wrote.
public struct ImportCommand: CassetteCommandGroup {
    public static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) import",
        abstract: "Makes a cassette from a file another tool wrote.",
        usage: "\(CassetteCLI.toolName) import <subcommand>",
        operands: .remainder("subcommand", help: "")
    )

    public static let subcommands: [any CassetteCommand.Type] = [HARImportCommand.self]

    public var arguments: [String]

    public init(arguments: [String]) {
        self.arguments = arguments
    }
}
