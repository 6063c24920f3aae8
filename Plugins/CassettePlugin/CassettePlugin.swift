import Foundation
import PackagePlugin

/// `swift package cassette <arguments>`: runs the `cassette` tool with the
/// same arguments, so a package can lint, show, diff, review, verify and
/// export its cassettes without installing anything.
///
/// It asks for no permission, so read-only subcommands run in a
/// non-interactive shell. What writes files is `cassette-fmt`'s job, which
/// asks for write access: `fmt` without `--check`, and `export`/`import`
/// given `-o <file>` (without it they print to standard output, which needs
/// no permission). The tool's messages reach the terminal as they are, and
/// the plugin exits with the tool's status.
@main
struct CassettePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if let what = Self.writes(arguments) {
            FileHandle.standardError.write(Data("""
                cassette: error: \(what), which needs write access to the package
                Run: swift package --allow-writing-to-package-directory cassette-fmt \
                \((arguments.first == "fmt" ? arguments.dropFirst() : arguments[...]).joined(separator: " "))

                """.utf8))
            exit(64)
        }
        let tool = try cassetteTool()
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
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

    /// What `arguments` would write, in words, or `nil` when they only read.
    static func writes(_ arguments: [String]) -> String? {
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") { return nil }
        switch arguments.first {
        case "fmt" where !options.contains("--check"):
            return "'fmt' rewrites cassettes"
        case "export", "import":
            let output = options.contains("-o") || options.contains { $0 == "--output" || $0.hasPrefix("--output=") }
            return output ? "'\(arguments[0]) -o' writes a file" : nil
        default:
            return nil
        }
    }
}
