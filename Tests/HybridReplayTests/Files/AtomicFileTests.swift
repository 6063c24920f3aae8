import Foundation
import Testing
@testable import HybridReplay
import HybridReplayTestSupport

@Suite("AtomicFile")
struct AtomicFileTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("replaces a file's contents and leaves no temporary file behind")
    func replaces() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("c.json")
        try AtomicFile.write(Array("old\n".utf8), to: file)
        try AtomicFile.write(Array("new\n".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["c.json"])
    }

    @Test("keeps the permissions of the file it replaces")
    func keepsPermissions() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("c.json")
        try AtomicFile.write([1], to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try AtomicFile.write([2], to: file)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test("fails with the path and the reason when the directory does not exist")
    func missingDirectory() {
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID())/c.json")
        #expect {
            try AtomicFile.write([1], to: file)
        } throws: { error in
            (error as? FileWriteError)?.description == "\(file.path): error: cannot write the file: No such file or directory"
        }
    }

    @Test("a cassette written atomically reads back equal")
    func cassetteRoundTripThroughDisk() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = CassetteGenerator(seed: 7)
        let cassette = generator.cassette(scenes: 20)
        let file = directory.appendingPathComponent("generated.json")
        try CassetteWriter.write(cassette, to: file)
        #expect(try CassetteReader().read(contentsOf: file) == cassette)
    }
}
