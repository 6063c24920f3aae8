import Foundation
import HybridReplay
import Testing

/// One cassette file of a folder, as the argument of a parameterized test.
///
/// Conformance tests replay every cassette of a contract against an
/// implementation, one test case per file:
///
/// ```swift
/// @Test(arguments: try CassetteCase.all(in: "Cassettes/router"))
/// func conforms(_ cassette: CassetteCase) async {
///     await replayCassette(cassette) { Router(platform: $0) }
/// }
/// ```
///
/// In a folder that holds several contracts, keep those of one:
/// `CassetteCase.all(in: "Cassettes", contract: "promise-bridge")`.
///
/// A folder that does not exist, or holds no cassette (of the contract),
/// is an error, not an empty suite: the test fails with
/// ``SearchError``'s description saying what was searched, what was found
/// and how to fix it.
public struct CassetteCase: Sendable, Hashable, CustomTestStringConvertible, CustomStringConvertible {
    /// The cassette file.
    public var url: URL
    /// Its path inside the folder it was found in, such as `bridge/echo.json`.
    public var relativePath: String

    public init(url: URL, relativePath: String) {
        self.url = url
        self.relativePath = relativePath
    }

    /// The cassette's name: its file name without `.json`.
    public var name: String { url.deletingPathExtension().lastPathComponent }

    public var testDescription: String { relativePath }

    public var description: String { relativePath }

    /// Every `*.json` file under `directory`, in subfolders too, sorted by relative path.
    ///
    /// - Parameter directory: The folder to search.
    /// - Returns: The cassettes; never empty.
    /// - Throws: ``SearchError`` when the folder does not exist or holds no `*.json` file,
    ///   so a conformance test over it fails instead of running no case.
    public static func all(in directory: URL) throws(SearchError) -> [CassetteCase] {
        guard let cases = files(in: directory) else {
            throw SearchError(directory: directory.standardizedFileURL, contract: nil, folderExists: false)
        }
        if cases.isEmpty { throw SearchError(directory: directory.standardizedFileURL, contract: nil, folderExists: true) }
        return cases
    }

    /// Every `*.json` file under `directory`, resolved against the folder of
    /// the calling file when it is relative.
    ///
    /// - Parameters:
    ///   - directory: The folder to search, such as `Cassettes/router`.
    ///   - filePath: The file `directory` is relative to; the caller's by default.
    /// - Returns: The cassettes, sorted by relative path; never empty.
    /// - Throws: ``SearchError`` when the folder does not exist or holds no `*.json` file.
    public static func all(in directory: String, relativeTo filePath: String = #filePath) throws(SearchError)
        -> [CassetteCase]
    {
        try all(in: CassetteLocation.directory(directory, relativeTo: filePath))
    }

    /// The cassettes under `directory` whose header names `contract`.
    ///
    /// A cassette that cannot be read is kept, so that replaying it reports
    /// why instead of the suite silently shrinking.
    ///
    /// - Parameters:
    ///   - directory: The folder to search, such as `Cassettes`.
    ///   - contract: The contract to keep, such as `navigation-router`.
    /// - Returns: The cassettes, sorted by relative path; never empty.
    /// - Throws: ``SearchError`` when the folder does not exist or holds no
    ///   cassette of `contract`, with the contracts it does hold.
    public static func all(in directory: URL, contract: String) throws(SearchError) -> [CassetteCase] {
        let root = directory.standardizedFileURL
        guard let cases = files(in: directory) else {
            throw SearchError(directory: root, contract: contract, folderExists: false)
        }
        var found: [String: Int] = [:]
        let kept = cases.filter { cassette in
            guard let header = try? CassetteReader().read(contentsOf: cassette.url).header else { return true }
            found[header.contract ?? "", default: 0] += 1
            return header.contract == contract
        }
        if kept.isEmpty { throw SearchError(directory: root, contract: contract, folderExists: true, contractsFound: found) }
        return kept
    }

    /// The cassettes under `directory`, resolved against the folder of the
    /// calling file when it is relative, whose header names `contract`.
    ///
    /// - Throws: ``SearchError`` when the folder does not exist or holds no cassette of `contract`.
    public static func all(in directory: String, contract: String, relativeTo filePath: String = #filePath)
        throws(SearchError) -> [CassetteCase]
    {
        try all(in: CassetteLocation.directory(directory, relativeTo: filePath), contract: contract)
    }

    /// Every `*.json` file under `directory`, sorted by relative path; `nil` when the folder does not exist.
    private static func files(in directory: URL) -> [CassetteCase]? {
        let root = directory.standardizedFileURL
        var isDirectory: ObjCBool = false
        // A folder that is a symbolic link is searched where it points: the
        // enumerator does not follow a link it starts at.
        let resolved = root.resolvingSymlinksInPath()
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = FileManager.default.enumerator(
                at: resolved, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return nil }
        let rootComponents = resolved.pathComponents
        var cases: [CassetteCase] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let components = url.standardizedFileURL.resolvingSymlinksInPath().pathComponents
            let relative =
                components.starts(with: rootComponents)
                ? components.dropFirst(rootComponents.count).joined(separator: "/") : url.lastPathComponent
            cases.append(CassetteCase(url: root.appendingPathComponent(relative), relativePath: relative))
        }
        return cases.sorted { $0.relativePath < $1.relativePath }
    }
}
