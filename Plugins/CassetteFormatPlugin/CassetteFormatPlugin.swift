import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory cassette-fmt <path> ...`:
/// runs `cassette fmt`, the subcommand that rewrites files, so it is the one
/// plugin that asks for write access.
///
/// Arguments starting with `export` or `import` run that subcommand instead,
/// for `-o <file>` inside the package:
/// `swift package --allow-writing-to-package-directory cassette-fmt import har capture.har --name login -o Cassettes/login.json`.
/// The tool's messages reach the terminal as they are, and the plugin exits
/// with the tool's status.
@main
struct CassetteFormatPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try runCassette(
            ["export", "import"].contains(arguments.first) ? arguments : ["fmt"] + arguments, in: context.package.directoryURL)
    }
}
