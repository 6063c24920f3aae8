import Foundation
import PackagePlugin

// Shared by both command plugins: each plugin folder links this file (a
// plugin target cannot depend on a library of its package).
extension CommandPlugin {
    /// Runs the `cassette` tool with `arguments` in `directory`. The tool's
    /// messages reach the terminal as they are; when it fails, the plugin
    /// exits with the tool's status without reporting the failure again.
    func runCassette(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = try cassetteTool()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }

    /// Builds the `cassette` product in the debug configuration, the one
    /// `swift build` makes (so after a build this only finds it current), and
    /// returns where it is. Asking the package manager for it, instead of
    /// naming it as the plugin's tool, keeps `swift build` from compiling the
    /// engine a second time for the plugin.
    private func cassetteTool() throws -> URL {
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
