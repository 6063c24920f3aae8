import Foundation
import HybridReplay

/// The folder the suite's cassettes live in: what each scenario's file
/// holds now, writing one, and the cassettes no scenario records.
struct SuiteFolder {
    /// The folder, resolved.
    var url: URL
    /// The folder as the user named it, for messages.
    var displayPath: String

    /// The folder `operand` names, relative to `currentDirectory` unless absolute.
    init(_ operand: String, currentDirectory: URL) {
        url = operand.hasPrefix("/")
            ? URL(fileURLWithPath: operand, isDirectory: true)
            : currentDirectory.appendingPathComponent(operand, isDirectory: true)
        displayPath = operand
    }

    /// `path` inside the folder, as messages show it: `Cassettes/router/push-red.json`.
    func display(_ path: String) -> String {
        displayPath.hasSuffix("/") ? displayPath + path : "\(displayPath)/\(path)"
    }

    /// The bytes of the file at `path`, or `nil` when there is none.
    func contents(of path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url.appendingPathComponent(path).path).map { Array($0) }
    }

    /// Writes `bytes` to `path` atomically, creating its folders.
    ///
    /// - Throws: The reason, in words, when the folder or the file cannot be written.
    func write(_ bytes: [UInt8], to path: String) throws(SuiteFolderError) {
        let file = url.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw SuiteFolderError(reason: "cannot create the folder: \((error as NSError).localizedDescription)")
        }
        do throws(FileWriteError) {
            try AtomicFile.write(bytes, to: file)
        } catch {
            throw SuiteFolderError(reason: "cannot write the file: \(error.reason)")
        }
    }

    /// The `.json` files in the folder and its subfolders, as paths inside
    /// it, sorted; hidden files and folders are skipped. Empty when the folder does not exist.
    func cassettePaths() -> [String] {
        let root = url.standardizedFileURL.resolvingSymlinksInPath()
        guard
            let files = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var paths: [String] = []
        for case let file as URL in files where file.pathExtension == "json" {
            let path = file.standardizedFileURL.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix) else { continue }
            paths.append(String(path.dropFirst(prefix.count)))
        }
        return paths.sorted()
    }
}

/// A cassette that could not be written, with the system's reason.
struct SuiteFolderError: Error {
    var reason: String
}
