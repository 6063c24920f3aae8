import Foundation

/// Where a test's cassette file is: the name and folder from the call, the
/// test's ``CassetteTrait``, or the defaults, in that order.
struct CassetteLocation: Sendable, Equatable {
    /// The cassette's name.
    var name: String
    /// The cassette file, `<directory>/<name>.json`.
    var file: URL

    /// The folder cassettes go in when nothing names one: `Cassettes` next to the test file.
    static let defaultDirectoryName = "Cassettes"

    /// Resolves a cassette's file.
    ///
    /// - Parameters:
    ///   - name: The name the call passed, which wins over the scope's.
    ///   - directory: The folder the call passed, which wins over the scope's.
    ///   - scope: What the test's ``CassetteTrait`` declared.
    ///   - filePath: The test file; relative folders are resolved against its folder.
    /// - Returns: The location, or `nil` when neither the call nor a trait names the cassette.
    static func resolve(name: String?, directory: String?, scope: CassetteScope?, filePath: String) -> CassetteLocation? {
        guard let name = name ?? scope?.name else { return nil }
        let folder = Self.directory(directory ?? scope?.directory ?? defaultDirectoryName, relativeTo: filePath)
        return CassetteLocation(name: name, file: folder.appendingPathComponent(name + ".json"))
    }

    /// `directory` as a file URL: itself when absolute, else inside the folder of `filePath`.
    static func directory(_ directory: String, relativeTo filePath: String) -> URL {
        if directory.hasPrefix("/") { return URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL }
        return URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent(directory, isDirectory: true).standardizedFileURL
    }
}
