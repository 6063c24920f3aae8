import Foundation
import HybridReplay

/// A subcommand of `cassette`: its configuration, how it is built from
/// parsed arguments, and how it runs.
package protocol CassetteCommand: Sendable {
    /// The name, abstract, arguments and exit statuses.
    static var configuration: CommandConfiguration { get }

    /// Builds the command from arguments that fit ``configuration``.
    ///
    /// - Throws: `UsageError` when the arguments fit the configuration but
    ///   still make no sense, such as an unknown subcommand name.
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// Runs the command.
    ///
    /// It is `async` so a command can await a replay; a command that never
    /// waits implements it as a plain synchronous method.
    ///
    /// - Parameter context: Where to print, and where relative paths start.
    /// - Returns: The status the process exits with.
    func run(in context: CommandContext) async -> ExitCode
}

/// What a command runs with: where it prints, where relative paths start,
/// and the reader for cassettes.
package struct CommandContext: Sendable {
    /// Where output and errors go.
    package var console: Console
    /// The folder relative paths are resolved against; output names paths as
    /// the user typed them, so it never shows this folder.
    package var currentDirectory: URL
    /// Reads cassettes.
    package var reader: CassetteReader
    /// The environment variables, such as `NO_COLOR`.
    package var environment: [String: String]
    /// The implementations `verify` replays cassettes against.
    package var contracts: ContractSet
    /// The real engine `verify --web` loads pages in, when the tool was built with one.
    package var webEngine: WebEngine?
    /// Whether the command runs in a process of its own (the `cassette`
    /// tool, a package's own tool built on ``runCassetteTool(contracts:arguments:)``),
    /// so it may change settings of the whole process: a serial `verify`
    /// keeps the process on one processor (see `OneProcessor`). A test that
    /// runs commands in its own process leaves this `false`.
    package var ownsProcess = false

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - console: Where output and errors go.
    ///   - currentDirectory: The folder relative paths are resolved against.
    ///   - reader: Reads cassettes.
    ///   - environment: The environment variables the command sees.
    package init(
        console: Console, currentDirectory: URL, reader: CassetteReader = CassetteReader(),
        environment: [String: String] = [:], contracts: [ConformanceContract] = [], webEngine: WebEngine? = nil
    ) {
        self.contracts = ContractSet(contracts)
        self.webEngine = webEngine
        self.console = console
        self.currentDirectory = currentDirectory
        self.reader = reader
        self.environment = environment
    }

    /// Whether output may be coloured: on a terminal, unless `NO_COLOR` is set
    /// to anything but the empty string (https://no-color.org).
    var usesColour: Bool {
        console.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Prints `message` as `cassette: error: message` on standard error.
    func reportError(_ message: String) {
        console.error("\(CassetteCLI.toolName): error: \(message)")
    }

    /// Prints a usage error: the message, the usage line and where help is.
    func reportUsageError(_ error: UsageError, for configuration: CommandConfiguration) {
        console.reportUsageError(error, for: configuration)
    }
}
