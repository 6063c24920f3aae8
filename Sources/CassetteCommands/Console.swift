import Foundation

/// Where a command's output goes: standard output for results, standard
/// error for every error and diagnostic.
///
/// The streams are closures so tests can run commands in-process and
/// capture what they print; the `cassette` executable uses ``standard``.
package struct Console: Sendable {
    /// Receives text for standard output, newlines included.
    package var standardOutput: @Sendable (String) -> Void
    /// Receives text for standard error, newlines included.
    package var standardError: @Sendable (String) -> Void
    /// Whether standard output is a terminal, where colour helps.
    package var isTerminal: Bool

    /// Creates a console from two streams.
    ///
    /// - Parameters:
    ///   - standardOutput: Receives results, newlines included.
    ///   - standardError: Receives errors and diagnostics, newlines included.
    ///   - isTerminal: Whether standard output is a terminal.
    package init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
        isTerminal: Bool = false
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isTerminal = isTerminal
    }

    /// The process's standard output and standard error, unbuffered.
    package static let standard = Console(
        standardOutput: { text in try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) },
        standardError: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) },
        isTerminal: isatty(STDOUT_FILENO) != 0
    )

    /// Writes `line` and a newline to standard output.
    package func output(_ line: String) {
        standardOutput(line + "\n")
    }

    /// Writes `line` and a newline to standard error.
    package func error(_ line: String) {
        standardError(line + "\n")
    }

    /// Writes a usage error to standard error: the message, the usage line and where help is.
    ///
    /// - Parameters:
    ///   - error: What is wrong with the command line.
    ///   - configuration: The command whose usage and help to name.
    package func reportUsageError(_ error: UsageError, for configuration: CommandConfiguration) {
        self.error("\(configuration.toolName): error: \(error.message)")
        self.error("Usage: \(configuration.usage)")
        self.error("See '\(configuration.commandName) --help'.")
    }
}
