import Foundation

/// A subcommand whose first argument names one of its own subcommands, as
/// `har` does in `cassette export har <cassette>`.
///
/// The group parses nothing but `-h`/`--help`; the rest of the arguments
/// go to the subcommand, whose help `cassette export har --help` prints.
package protocol CassetteCommandGroup: CassetteCommand {
    /// The subcommands, in the order help lists them.
    static var subcommands: [any CassetteCommand.Type] { get }

    /// Builds the group with the arguments after its name.
    init(arguments: [String])

    /// The arguments after the group's name, the subcommand's name first.
    var arguments: [String] { get }
}

extension CassetteCommandGroup {
    package init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let name = arguments.operands.first else {
            throw UsageError("missing expected argument '<subcommand>'")
        }
        guard Self.subcommands.contains(where: { $0.configuration.name == name }) else {
            let known = Self.subcommands.map { "'\($0.configuration.name)'" }.joined(separator: ", ")
            throw UsageError("unknown subcommand '\(name)'; expected \(known)")
        }
        self.init(arguments: arguments.operands)
    }

    package func run(in context: CommandContext) async -> ExitCode {
        guard let name = arguments.first, let command = Self.subcommands.first(where: { $0.configuration.name == name })
        else { return .usageError }
        return await CassetteCLI.run(command, arguments: arguments.dropFirst(), in: context)
    }
}
