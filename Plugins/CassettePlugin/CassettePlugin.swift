import Foundation
import PackagePlugin

/// `swift package cassette <arguments>`: runs the `cassette` tool with the
/// same arguments, so a package can lint, show, diff and verify its cassettes
/// without installing anything.
///
/// It asks for no permission, so read-only subcommands run in a
/// non-interactive shell; rewriting cassettes is `cassette-fmt`'s job, which
/// asks for write access. The tool's messages reach the terminal as they are,
/// and the plugin exits with the tool's status.
@main
struct CassettePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.first == "fmt", !arguments.contains("--check"), !arguments.contains("--help"),
            !arguments.contains("-h")
        {
            FileHandle.standardError.write(Data("""
                cassette: error: 'fmt' rewrites cassettes, which needs write access to the package
                Run: swift package --allow-writing-to-package-directory cassette-fmt \
                \(arguments.dropFirst().joined(separator: " "))

                """.utf8))
            exit(64)
        }
        let tool = try context.tool(named: "cassette")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // The tool has printed its own messages; reporting the failure again would print it twice.
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
