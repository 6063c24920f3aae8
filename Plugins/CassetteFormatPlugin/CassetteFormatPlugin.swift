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
        let tool = try cassetteTool()
        let process = Process()
        process.executableURL = tool
        process.arguments = ["export", "import"].contains(arguments.first) ? arguments : ["fmt"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // The tool has printed its own messages; reporting the failure again would print it twice.
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }

    /// Builds the `cassette` product in the debug configuration, the one
    /// `swift build` makes (so after a build this only finds it current), and
    /// returns where it is. Asking the package manager for it, instead of
    /// naming it as the plugin's tool, keeps `swift build` from compiling the
    /// engine a second time for the plugin.
    func cassetteTool() throws -> URL {
        let result = try packageManager.build(
            .product("cassette"), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded,
            let tool = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "cassette" })
        else {
            FileHandle.standardError.write(Data(result.logText.utf8))
            FileHandle.standardError.write(Data("cassette: error: the cassette tool did not build (its log is above)\n".utf8))
            exit(70)
        }
        return tool.url
    }
}
