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
        try runCassette(arguments, in: context.package.directoryURL)
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
