/// `cassette import <format> …`: makes a cassette from a file another tool wrote.
package struct ImportCommand: CassetteCommandGroup {
    package static let configuration = CommandConfiguration(
        commandName: "\(CassetteCLI.toolName) import",
        abstract: "Makes a cassette from a file another tool wrote.",
        usage: "\(CassetteCLI.toolName) import <subcommand>",
        operands: .remainder("subcommand", help: "")
    )

    package static let subcommands: [any CassetteCommand.Type] = [HARImportCommand.self]

    package var arguments: [String]

    package init(arguments: [String]) {
        self.arguments = arguments
    }
}
