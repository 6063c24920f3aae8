import Foundation
import PackagePlugin

/// `swift package cassette <arguments>`: runs the `cassette` tool with the
/// same arguments, so a package can format and lint its cassettes without
/// installing anything.
@main
struct CassettePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "cassette")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            Diagnostics.error("cassette \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
            throw CassettePluginError(status: process.terminationStatus)
        }
    }
}

/// The forwarded command failed; its own messages are already on stderr.
struct CassettePluginError: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "cassette exited with status \(status)" }
}
