import Foundation
import HybridReplay

/// A fresh folder under the temporary directory, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("HybridReplayTestingTests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The folder's path, as `replayCassette(directory:)` takes it.
    var path: String { url.path }

    /// The file of the cassette `name` in this folder.
    func file(_ name: String) -> URL { url.appendingPathComponent(name + ".json") }

    /// Writes `cassette` canonically as `<relativePath>`, creating subfolders.
    func write(_ cassette: Cassette, as relativePath: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(CassetteWriter.canonicalBytes(of: cassette)).write(to: file)
    }

    /// Writes `text` as `<relativePath>`, creating subfolders.
    func write(text: String, as relativePath: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The cassette `name` in this folder, read back.
    func read(_ name: String) throws -> Cassette {
        try CassetteReader().read(contentsOf: file(name))
    }
}
