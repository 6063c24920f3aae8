import CassetteCommands
import Foundation
import FuzzSupport
import HybridReplay

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

private let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-diff-\(getpid())", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

private let reader = CassetteReader(json: .jansson)
private let formats = ["text", "markdown", "json"]

func checkDiff(_ bytes: [UInt8]) {
    let separator = bytes.firstIndex(of: 0) ?? bytes.count
    let old = Array(bytes[..<separator])
    let new = Array(bytes[min(separator + 1, bytes.count)...])
    let oldCassette = try? reader.read(old, path: "old.json")
    let newCassette = try? reader.read(new, path: "new.json")
    for cassette in [oldCassette, newCassette].compactMap({ $0 }) {
        require(CassetteDiff.between(cassette, cassette).isEmpty, "a cassette differs from itself")
    }
    do {
        try Data(old).write(to: folder.appendingPathComponent("old.json"))
        try Data(new).write(to: folder.appendingPathComponent("new.json"))
    } catch {
        require(false, "cannot write the inputs to \(folder.path): \(error)")
    }
    let format = formats[Int(bytes.first ?? 0) % formats.count]
    let status = run(["old.json", "new.json"], format: format)
    let bothRead = oldCassette != nil && newCassette != nil
    require(
        bothRead == (status == .success || status == .checkFailed),
        "cassette diff exits \(status) when the sides \(bothRead ? "both read" : "do not both read")")
    if oldCassette != nil {
        require(run(["old.json", "old.json"], format: format) == .success, "cassette diff of a cassette with itself finds changes")
    }
    // As git's external diff: a file that is not a cassette gets a plain line diff.
    let gitStatus = run(["x.json", "old.json", "0", "100644", "new.json", "0", "100644"], format: format)
    require(gitStatus == .success, "cassette diff as git's diff program exits \(gitStatus)")
}

private func run(_ operands: [String], format: String) -> ExitCode {
    let arguments = ParsedArguments(values: ["format": format], operands: operands)
    let console = Console(standardOutput: { _ in }, standardError: { _ in })
    do {
        let command = try DiffCommand(arguments)
        return command.run(in: CommandContext(console: console, currentDirectory: folder, reader: reader))
    } catch {
        require(false, "diff rejects its own arguments: \(error)")
        return .usageError
    }
}
