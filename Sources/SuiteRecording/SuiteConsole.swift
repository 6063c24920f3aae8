import Foundation

/// Where `record-suite` prints: standard output for the files it wrote or
/// found different, standard error for errors and warnings.
///
/// The streams are closures so tests can run the command in-process and
/// read what it printed.
package struct SuiteConsole: Sendable {
    /// Receives text for standard output, newlines included.
    package var standardOutput: @Sendable (String) -> Void
    /// Receives text for standard error, newlines included.
    package var standardError: @Sendable (String) -> Void

    /// Creates a console from two streams.
    ///
    /// - Parameters:
    ///   - standardOutput: Receives results, newlines included.
    ///   - standardError: Receives errors and warnings, newlines included.
    package init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's standard output and standard error.
    package static let standard = SuiteConsole(
        standardOutput: { text in try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) },
        standardError: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) }
    )

    /// Writes `line` and a newline to standard output.
    func output(_ line: String) {
        standardOutput(line + "\n")
    }

    /// Writes `line` and a newline to standard error.
    func error(_ line: String) {
        standardError(line + "\n")
    }
}
