import Foundation
import Testing
@testable import HybridReplay
import HybridReplayTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recording killed or refused mid-write leaves the previous cassette or
/// the complete new one: `recording-crash-probe` writes cassettes the way a
/// recording does, and these tests kill it or make its writes fail.
@Suite("Recorder writing under crashes and full disks")
struct RecorderWritingCrashTests {
    /// The probe this build produced, beside the test bundle or in `.build/debug`.
    static let probe: URL? = {
        var folders = [Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        folders.append(packageRoot.appendingPathComponent(".build/debug"))
        return folders.lazy.map { $0.appendingPathComponent("recording-crash-probe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// How many times the kill test kills the probe: `CRASH_PROBE_KILLS`, else 100.
    private static let kills = ProcessInfo.processInfo.environment["CRASH_PROBE_KILLS"].flatMap(Int.init) ?? 100

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A probe to start from this process, told this process is its parent, as the probe asks.
    static func probeProcess(_ arguments: [String], parent: Int32 = getpid()) throws -> Process {
        let executable: URL = try #require(Self.probe, "recording-crash-probe was not built; run `swift build --build-tests`")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["RECORDING_CRASH_PROBE_PARENT"] = String(parent)
        process.environment = environment
        return process
    }

    /// Runs the probe to its end and returns its exit status and standard error.
    private static func runToEnd(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = try Self.probeProcess(arguments)
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// What a `.json` file in `folder` holds: the generation of a whole cassette, or why it is not one.
    private static func generation(in file: URL) throws -> Int {
        let bytes = try Data(contentsOf: file)
        let cassette = try CassetteReader().read(bytes, path: file.path)
        let generation = try #require(CrashProbeCassette.generation(of: cassette), "\(file.path) holds \(cassette.header.name)")
        #expect(
            Array(bytes) == CassetteWriter.canonicalBytes(of: CrashProbeCassette.cassette(generation: generation)),
            "\(file.path) reads as generation \(generation) but its bytes differ from that write")
        return generation
    }

    @Test("a recording killed at any point leaves the previous cassette or the complete new one")
    func killedRecordingsLeaveWholeCassettes() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cassette.json")
        let output = folder.appendingPathComponent("probe-output.txt")
        try Recorder.write(CrashProbeCassette.cassette(generation: 1), to: file)
        var current = 1
        var killedMidWrite = 0
        for round in 1...Self.kills {
            try Data().write(to: output)
            let handle = try FileHandle(forWritingTo: output)
            let process = try Self.probeProcess(["loop", file.path, "\(current + 1)", "100000"])
            process.standardOutput = handle
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Where it is killed is random: during start-up, between writes, or inside one.
            try await Task.sleep(for: .microseconds(Int.random(in: 0...120_000)))
            // A probe whose starting thread ended first was killed by the kernel already
            // (see the probe's `dieWithParent`), and may have been reaped: the same kill, earlier.
            let killed = kill(process.processIdentifier, SIGKILL)
            let lastError = errno
            #expect(killed == 0 || lastError == ESRCH, "kill \(round): errno \(lastError)")
            process.waitUntilExit()
            try handle.close()
            #expect(process.terminationReason == .uncaughtSignal, "the probe stopped on its own at kill \(round)")

            let reported = String(decoding: try Data(contentsOf: output), as: UTF8.self).split(separator: "\n")
                .compactMap { $0.hasPrefix("wrote ") ? Int($0.dropFirst(6)) : nil }
            let lastReported = reported.last ?? current
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.filter { $0.hasSuffix(".json") } == ["cassette.json"], "after kill \(round): \(names)")
            let strays = names.filter { $0.hasSuffix(".tmp") }
            killedMidWrite += strays.count
            for stray in strays { try FileManager.default.removeItem(at: folder.appendingPathComponent(stray)) }

            let found = try Self.generation(in: file)
            // The last write it reported finished, or the next one, finished just before the kill.
            #expect(found == lastReported || found == lastReported + 1, "after kill \(round): generation \(found), last reported \(lastReported)")
            current = found
        }
        // Not asserted (where the kills land is up to the scheduler), but written for Scripts/check-crash-safety.
        if let report = ProcessInfo.processInfo.environment["CRASH_PROBE_REPORT"] {
            try Data("\(Self.kills) kills, \(killedMidWrite) inside a write, \(current - 1) generations written\n".utf8)
                .write(to: URL(fileURLWithPath: report))
        }
    }

    @Test("a full disk is a clear error that names the file and keeps the old cassette")
    func fullDiskKeepsTheOldCassette() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cassette.json")
        try Recorder.write(CrashProbeCassette.cassette(generation: 1), to: file)
        let old = try Data(contentsOf: file)
        let limit = 4096
        #expect(CassetteWriter.canonicalBytes(of: CrashProbeCassette.cassette(generation: 2)).count > limit)

        // A file-size limit makes write(2) fail with EFBIG, as a full disk fails it with ENOSPC.
        let result = try Self.runToEnd(["once", file.path, "2", "--file-size-limit", "\(limit)"])

        #expect(result.status == 74)
        #expect(
            result.error.contains(
                "\(file.path): error: cannot write the recording: File too large; the file was left as it was\n"
                    + "Free space on the disk (or raise the file size limit, `ulimit -f`), then record again."),
            "\(result.error)")
        #expect(try Data(contentsOf: file) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cassette.json"])
    }

    @Test("a read-only folder is a clear error that names the file and keeps the old cassette")
    func readOnlyFolderKeepsTheOldCassette() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cassette.json")
        try Recorder.write(CrashProbeCassette.cassette(generation: 1), to: file)
        let old = try Data(contentsOf: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }

        // As root the probe becomes the user nobody, whom the folder's permissions do stop.
        let result = try Self.runToEnd(["once", file.path, "2", "--as-nobody"])

        #expect(result.status == 74)
        #expect(
            result.error.contains(
                "\(file.path): error: cannot write the recording: Permission denied; the file was left as it was\n"
                    + "Make the folder writable (or write somewhere else), then record again."),
            "\(result.error)")
        #expect(try Data(contentsOf: file) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cassette.json"])
    }

    /// A small tmpfs `Scripts/check-crash-safety` mounts, named by `HYBRIDREPLAY_SMALL_TMPFS`.
    private static let smallFileSystem = ProcessInfo.processInfo.environment["HYBRIDREPLAY_SMALL_TMPFS"]

    @Test(
        "a file system that fills up mid-write keeps the old cassette",
        .enabled(if: smallFileSystem != nil, "needs a small tmpfs: Scripts/check-crash-safety mounts one"))
    func realFullDisk() throws {
        let folder = URL(fileURLWithPath: try #require(Self.smallFileSystem))
            .appendingPathComponent("full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cassette.json")
        try Recorder.write(CrashProbeCassette.cassette(generation: 1), to: file)
        let old = try Data(contentsOf: file)
        // Fill what is left, a page at a time, until the file system refuses.
        let filler = folder.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try? handle.close()

        let error = #expect(throws: RecordingError.self) {
            try Recorder.write(CrashProbeCassette.cassette(generation: 2), to: file)
        }

        #expect(error?.stage == .writing)
        #expect(
            error?.description == "\(file.path): error: cannot write the recording: No space left on device; the file was left as it was\n"
                + "Free space on the disk (or raise the file size limit, `ulimit -f`), then record again.")
        #expect(try Data(contentsOf: file) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["cassette.json", "filler"])
    }
}
