import Foundation

/// Runs the `cassette` tool with the contracts of your own package: every
/// subcommand, with `verify` replaying each cassette against the
/// implementation its header's `contract` names.
///
/// An executable target of a few lines gives a package its own
/// `swift run <tool> verify Cassettes` (see docs/conformance.md):
///
/// ```swift
/// import CassetteTool
/// import Foundation
///
/// exit(await runCassetteTool(contracts: [
///     ConformanceContract("my-router") { platform in MyRouter(platform: platform) },
/// ]))
/// ```
///
/// - Parameters:
///   - contracts: The implementations cassettes may name; the first of a name wins.
///   - arguments: The arguments after the tool's name; the process's by default.
/// - Returns: The status to exit with: 0 success, 1 a check failed, 64 a usage
///   error, 65 bad data, 66 a missing file, 73 a file that cannot be written.
public func runCassetteTool(
    contracts: [ConformanceContract], arguments: [String] = Array(CommandLine.arguments.dropFirst())
) async -> Int32 {
    await CassetteCLI.main(arguments: arguments, contracts: contracts).rawValue
}

/// `runCassetteTool(contracts:arguments:)` with a real engine for `verify --web`.
package func runCassetteTool(
    contracts: [ConformanceContract], webEngine: WebEngine?, arguments: [String] = Array(CommandLine.arguments.dropFirst())
) async -> Int32 {
    await CassetteCLI.main(arguments: arguments, contracts: contracts, webEngine: webEngine).rawValue
}
