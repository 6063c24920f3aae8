import Foundation
import HybridReplay

/// Where a failed replay's actual trace goes when the test framework cannot attach it.
enum TraceFile {
    /// The folder traces are saved in: `<temporary directory>/HybridReplay`.
    static var directory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("HybridReplay", isDirectory: true)
    }

    /// Saves `trace` as `<directory>/<name>` and returns `message` saying
    /// where it is, or why it could not be saved.
    static func save(_ trace: Cassette, named name: String, message: String, in directory: URL = TraceFile.directory)
        -> String
    {
        let url = directory.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try CassetteWriter.write(trace, to: url)
        } catch {
            return message + "\nThe actual trace could not be saved to \(url.path): \(error)"
        }
        return message + "\nThe actual trace is saved at \(url.path)"
    }
}
