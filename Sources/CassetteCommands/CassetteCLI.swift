import Foundation
import HybridReplay

/// The `cassette` tool: parses the top-level arguments and runs a subcommand.
///
/// The executable only forwards to ``main(arguments:console:currentDirectory:)``,
/// so tests run every command in-process with a capturing ``Console``.
package enum CassetteCLI {
    /// The tool's name, as it starts every error message.
    package static let toolName = "cassette"

    /// The tool's version, as `cassette --version` prints it.
    package static let version = RecordingTool.hybridReplayVersion

    /// `--version`, which only the top-level command accepts.
    package static let versionFlag = Flag("version", help: "Prints the version.")

    /// The top-level command's configuration.
    package static let configuration = CommandConfiguration(
        commandName: toolName,
        abstract: "Formats, lints, shows, diffs, reviews, verifies, explores, exports and imports HybridReplay cassettes.",
        usage: "\(toolName) <subcommand>",
        flags: [versionFlag],
        operands: .remainder("subcommand", help: "")
    )

    /// The subcommands, in the order help lists them.
    package static let commands: [any CassetteCommand.Type] = [
        FormatCommand.self, LintCommand.self, ShowCommand.self, DiffCommand.self, ReviewCommand.self, VerifyCommand.self, ExploreCommand.self,
        ExportCommand.self, ImportCommand.self, HelpCommand.self,
    ]

    /// Runs `cassette` with `arguments`.
    ///
    /// It is `async` because `verify` awaits replays; the other commands
    /// never suspend.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the tool's name.
    ///   - console: Where output and errors go.
    ///   - currentDirectory: The folder relative paths are resolved against;
    ///     defaults to the process's current directory.
    ///   - environment: The environment variables; defaults to the process's.
    /// - Returns: The status the process exits with.
    package static func main(
        arguments: some Sequence<String>, console: Console = .standard, currentDirectory: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, contracts: [ConformanceContract],
        webEngine: WebEngine? = nil, ownsProcess: Bool = false
    ) async -> ExitCode {
        var context = CommandContext(
            console: console,
            currentDirectory: currentDirectory
                ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            environment: environment, contracts: contracts, webEngine: webEngine)
        context.ownsProcess = ownsProcess
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try CommandLineParser.parse(arguments, for: configuration)
        } catch {
            context.reportUsageError(error, for: configuration)
            return .usageError
        }
        if parsed.isHelpRequested {
            console.standardOutput(help)
            return .success
        }
        if parsed.contains(versionFlag) {
            if let extra = parsed.operands.first {
                context.reportUsageError(UsageError("unexpected argument '\(extra)'"), for: configuration)
                return .usageError
            }
            console.output("\(toolName) \(version)")
            return .success
        }
        guard let name = parsed.operands.first else {
            context.reportUsageError(UsageError("missing expected argument '<subcommand>'"), for: configuration)
            return .usageError
        }
        guard let command = command(named: name) else {
            context.reportUsageError(UsageError("unknown subcommand '\(name)'"), for: configuration)
            return .usageError
        }
        return await run(command, arguments: parsed.operands.dropFirst(), in: context)
    }

    /// The top-level help text.
    package static var help: String {
        HelpText.render(configuration, subcommands: commands.map { $0.configuration })
    }

    /// The help text of `command`.
    package static func help(for command: any CassetteCommand.Type) -> String {
        guard let group = command as? any CassetteCommandGroup.Type else { return HelpText.render(command.configuration) }
        return HelpText.render(
            group.configuration, subcommands: group.subcommands.map { $0.configuration },
            seeAlso: "\(group.configuration.commandName) <subcommand> --help")
    }

    /// The subcommand called `name`, such as `fmt`.
    static func command(named name: String) -> (any CassetteCommand.Type)? {
        commands.first { $0.configuration.name == name }
    }

    static func run(
        _ type: any CassetteCommand.Type, arguments: ArraySlice<String>, in context: CommandContext
    ) async -> ExitCode {
        let command: any CassetteCommand
        do throws(UsageError) {
            let parsed = try CommandLineParser.parse(arguments, for: type.configuration)
            if parsed.isHelpRequested {
                context.console.standardOutput(help(for: type))
                return .success
            }
            command = try type.init(parsed)
        } catch {
            context.reportUsageError(error, for: type.configuration)
            return .usageError
        }
        return await command.run(in: context)
    }
}
