import Foundation

/// Where a test's cassette file is: the name and folder from the call, the
/// test's ``CassetteTrait``, or the defaults, in that order.
struct CassetteLocation: Sendable, Equatable {
    /// The cassette's name.
    var name: String
    /// The cassette file, `<directory>/<name>.json`, where it is recorded.
    var file: URL
    /// The folder as the test named it, to look for the cassette in bundles.
    var directory: String = CassetteLocation.defaultDirectoryName

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
        let named = directory ?? scope?.directory ?? defaultDirectoryName
        let folder = Self.directory(named, relativeTo: filePath)
        return CassetteLocation(name: name, file: folder.appendingPathComponent(name + ".json"), directory: named)
    }

    /// `directory` as a file URL: itself when absolute, else inside the folder of `filePath`.
    static func directory(_ directory: String, relativeTo filePath: String) -> URL {
        if directory.hasPrefix("/") { return URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL }
        return URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent(directory, isDirectory: true).standardizedFileURL
    }

    /// The file to read: the one in the source folder when it is there, else
    /// a copy in one of `bundles` (on a device, or wherever the tests run away
    /// from their sources), else the source folder's path, which is then missing.
    /// The bundles are only listed when the source folder lacks the file.
    func readable(searching bundles: @autoclosure () -> [Bundle] = CassetteLocation.testBundles()) -> URL {
        if FileManager.default.fileExists(atPath: file.path) { return file }
        return Self.bundled(name: name, directory: directory, in: bundles()) ?? file
    }

    /// `<directory>/<name>.json` in the first of `bundles` that holds it: in
    /// the folder (an Xcode folder reference, a SwiftPM `.copy` resource), or
    /// at the top (files added to an Xcode group).
    static func bundled(name: String, directory: String, in bundles: [Bundle]) -> URL? {
        let subdirectory = directory.hasPrefix("/") ? nil : directory
        for bundle in bundles {
            if let subdirectory, let url = bundle.url(forResource: name, withExtension: "json", subdirectory: subdirectory) {
                return url
            }
            if let url = bundle.url(forResource: name, withExtension: "json") { return url }
        }
        return nil
    }

    /// The loaded bundles and SwiftPM's resource bundles: inside a loaded
    /// bundle on Apple platforms (`<Package>_<Target>.bundle`), beside the
    /// test executable on Linux (`<Package>_<Target>.resources`).
    static func testBundles() -> [Bundle] {
        let loaded = Bundle.allBundles
        let nested = loaded.flatMap { bundle in
            bundle.paths(forResourcesOfType: "bundle", inDirectory: nil).compactMap(Bundle.init(path:))
        }
        return loaded + nested + resourceBundles(beside: Bundle.main.bundleURL)
    }

    /// The `.resources` folders in `folder`, in name order.
    static func resourceBundles(beside folder: URL) -> [Bundle] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".resources") }.sorted().compactMap { name in
            Bundle(path: folder.appendingPathComponent(name, isDirectory: true).path)
        }
    }
}
