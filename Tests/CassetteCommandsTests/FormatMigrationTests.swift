import CassetteCommands
import Foundation
import HybridReplay
import Testing

/// `cassette fmt` on the version-1 copies of every cassette the repository
/// held before format version 2: `Tests/HybridReplayTests/Fixtures/version-1/`
/// mirrors `Cassettes/`, `Tests/HybridReplayTestingTests/Cassettes/` and
/// `Tests/HybridReplayTests/Fixtures/examples/` as they were in version 1.
@Suite("fmt migrates version 1")
struct FormatMigrationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let versionOneFolder = packageRoot.appendingPathComponent("Tests/HybridReplayTests/Fixtures/version-1")

    /// Where each folder of the snapshot lives in the repository today.
    static let counterparts = [
        "Cassettes/": "Cassettes/",
        "HybridReplayTestingTests/Cassettes/": "Tests/HybridReplayTestingTests/Cassettes/",
        "examples/": "Tests/HybridReplayTests/Fixtures/examples/",
    ]

    /// Every `.json` in the snapshot, relative to it, sorted.
    static let versionOnePaths: [String] = {
        guard let enumerator = FileManager.default.enumerator(atPath: versionOneFolder.path) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".json") { paths.append(path) }
        }
        return paths.sorted()
    }()

    static func read(_ data: Data, path: String) throws -> Cassette {
        try CassetteReader().read(Array(data), path: path)
    }

    @Test("the snapshot holds every cassette of the three folders, each in format version 1")
    func snapshotIsComplete() throws {
        #expect(Self.versionOnePaths.count >= 50, "\(Self.versionOnePaths.count) cassettes in the version-1 snapshot")
        for path in Self.versionOnePaths {
            let text = String(decoding: try Data(contentsOf: Self.versionOneFolder.appendingPathComponent(path)), as: UTF8.self)
            #expect(text.hasPrefix("{\n  \"formatVersion\": 1,\n"), "\(path) is not a version-1 cassette")
        }
    }

    /// Where `path` of the snapshot lives in the repository today.
    static func counterpart(of path: String) -> URL? {
        guard let (prefix, folder) = counterparts.first(where: { path.hasPrefix($0.key) }) else { return nil }
        return packageRoot.appendingPathComponent(folder + path.dropFirst(prefix.count))
    }

    // One cassette at a time, so the formatting (synchronous work) gives the
    // other tests' tasks their turn between files.
    @Test("fmt rewrites each version-1 cassette as version 2 with the same events: the repository's file, byte for byte")
    func migratesEveryCassette() async throws {
        try await withTemporaryDirectory { directory in
            let copy = directory.appendingPathComponent("v1")
            try FileManager.default.copyItem(at: Self.versionOneFolder, to: copy)
            var rerecorded = 0
            for path in Self.versionOnePaths {
                let result = await cassette("fmt", "v1/\(path)", in: directory)
                #expect(result.status == .success, "\(path): \(result.standardError)")
                #expect(result.outputLines == ["formatted v1/\(path)"])

                let original = try Self.read(Data(contentsOf: Self.versionOneFolder.appendingPathComponent(path)), path: path)
                let migratedBytes = try Data(contentsOf: copy.appendingPathComponent(path))
                let migrated = try Self.read(migratedBytes, path: path)
                #expect(String(decoding: migratedBytes, as: UTF8.self).hasPrefix("{\n  \"formatVersion\": 2,\n"), "\(path)")
                #expect(migrated.header.formatVersion == 2)
                #expect(migrated.events == original.events, "\(path): the events changed in migration")
                #expect(migrated.header.name == original.header.name)
                #expect(migrated.header.redactions == original.header.redactions)
                if let current = Self.counterpart(of: path) {
                    let currentBytes = try Data(contentsOf: current)
                    // Re-recorded since: it records setting the location delegate, which version 1 did not.
                    if try Self.read(currentBytes, path: path).events.contains(where: { $0.payload is LocationDelegateChange }) {
                        rerecorded += 1
                        continue
                    }
                    #expect(currentBytes == migratedBytes, "\(current.path) differs from its migrated version-1 copy")
                } else {
                    Issue.record("\(path) is in no known folder of the snapshot")
                }
                await Task.yield()
            }
            // Only the location cassettes were re-recorded; the rest are still compared byte for byte.
            #expect(rerecorded <= 15, "\(rerecorded) cassettes skipped as re-recorded")
            let recheck = await cassette("fmt", "--check", "v1", in: directory)
            #expect(recheck.status == .success)
            #expect(recheck.standardOutput.isEmpty)
        }
    }
}
