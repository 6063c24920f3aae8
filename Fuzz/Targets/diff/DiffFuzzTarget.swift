import CassetteCommands
import Foundation
import FuzzSupport
import HybridReplay

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cassette diff` of two inputs, split at the first NUL byte, run in-process
/// on two files, in each output format; and the diff of each cassette that
/// reads with itself, which must be empty.
@_cdecl("fuzz_diff_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.run(argc, argv, testOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    checkDiff(FuzzDriver.bytes(data, size))
    return 0
}

/// What every input shares, made once: the folder the two files are written
/// to, the commands for each format, and the context they run in.
private struct Setup: Sendable {
    /// In memory (`/dev/shm`) where the system has it, so an input costs no disk writes.
    let folder: URL
    let oldPath: String
    let newPath: String
    /// Per format: `diff old new`, `diff old old`, and git's seven arguments.
    let commands: [(pair: DiffCommand, same: DiffCommand, git: DiffCommand)]
    let context: CommandContext

    init() {
        var isDirectory: ObjCBool = false
        let memory = FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory) && isDirectory.boolValue
        let base = memory ? URL(fileURLWithPath: "/dev/shm", isDirectory: true) : FileManager.default.temporaryDirectory
        folder = base.appendingPathComponent("fuzz-diff-\(getpid())", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            require(false, "cannot make the folder \(folder.path): \(error)")
        }
        oldPath = folder.appendingPathComponent("old.json").path
        newPath = folder.appendingPathComponent("new.json").path
        commands = Self.formats.map { format in
            (
                Self.command(["old.json", "new.json"], format: format),
                Self.command(["old.json", "old.json"], format: format),
                Self.command(["x.json", "old.json", "0", "100644", "new.json", "0", "100644"], format: format)
            )
        }
        let console = Console(standardOutput: { _ in }, standardError: { _ in })
        context = CommandContext(console: console, currentDirectory: folder, reader: reader)
    }

    static let formats = ["text", "markdown", "json"]

    private static func command(_ operands: [String], format: String) -> DiffCommand {
        do {
            return try DiffCommand(ParsedArguments(values: ["format": format], operands: operands))
        } catch {
            require(false, "diff rejects its own arguments \(operands) with --format \(format): \(error)")
            return DiffCommand(oldPath: "", newPath: "")
        }
    }
}

private let reader = CassetteReader(json: .jansson)
private let setup = Setup()

func checkDiff(_ bytes: [UInt8]) {
    let separator = bytes.firstIndex(of: 0) ?? bytes.count
    let old = bytes[..<separator]
    let new = bytes[min(separator + 1, bytes.count)...]
    let oldCassette = try? reader.read(old, path: "old.json")
    let newCassette = try? reader.read(new, path: "new.json")
    for cassette in [oldCassette, newCassette].compactMap({ $0 }) {
        require(CassetteDiff.between(cassette, cassette).isEmpty, "a cassette differs from itself")
    }
    replaceFile(at: setup.oldPath, with: old)
    replaceFile(at: setup.newPath, with: new)
    let commands = setup.commands[Int(bytes.first ?? 0) % setup.commands.count]
    let status = commands.pair.run(in: setup.context)
    let bothRead = oldCassette != nil && newCassette != nil
    require(
        bothRead == (status == .success || status == .checkFailed),
        "cassette diff exits \(status) when the sides \(bothRead ? "both read" : "do not both read")")
    if oldCassette != nil {
        require(commands.same.run(in: setup.context) == .success, "cassette diff of a cassette with itself finds changes")
    }
    // As git's external diff: a file that is not a cassette gets a plain line diff.
    let gitStatus = commands.git.run(in: setup.context)
    require(gitStatus == .success, "cassette diff as git's diff program exits \(gitStatus)")
}

/// Replaces the file at `path` with `bytes` through the system calls alone:
/// Foundation's `Data.write` cost about as much as the diff of a small input.
private func replaceFile(at path: String, with bytes: ArraySlice<UInt8>) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    require(descriptor >= 0, "cannot open \(path): errno \(errno)")
    defer { close(descriptor) }
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            require(written > 0, "cannot write \(path): errno \(errno)")
            offset += max(written, 0)
        }
    }
}
