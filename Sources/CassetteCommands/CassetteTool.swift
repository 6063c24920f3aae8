import HybridReplay
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
    await CassetteCLI.main(arguments: arguments, contracts: contracts, ownsProcess: true).rawValue
}

/// Runs the `cassette` tool with the contracts of your own package, and a
/// real web engine for `verify --web` (docs/web-half.md): with HybridReplay's
/// `WebKitGTK` trait, `makeWebView` returns a `WebKitGTKWebView`.
///
/// - Parameters:
///   - contracts: The implementations cassettes may name; the first of a name wins.
///   - webEngine: The engine as `verify --web` names it, such as `WebKitGTK 6.0`.
///   - arguments: The arguments after the tool's name; the process's by default.
///   - makeWebView: Makes a fresh web view for each web-half run, on the main actor.
/// - Returns: The status to exit with, as ``runCassetteTool(contracts:arguments:)`` returns it.
public func runCassetteTool(
    contracts: [ConformanceContract], webEngine: String, arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    makeWebView: @escaping @MainActor @Sendable () async throws -> any WebView
) async -> Int32 {
    await runCassetteTool(
        contracts: contracts, webEngine: WebEngine(name: webEngine, makeWebView: makeWebView), arguments: arguments)
}

/// `runCassetteTool(contracts:arguments:)` with the engine, if any, for `verify --web`.
package func runCassetteTool(
    contracts: [ConformanceContract], webEngine: WebEngine?, arguments: [String] = Array(CommandLine.arguments.dropFirst())
) async -> Int32 {
    await CassetteCLI.main(arguments: arguments, contracts: contracts, webEngine: webEngine, ownsProcess: true).rawValue
}
