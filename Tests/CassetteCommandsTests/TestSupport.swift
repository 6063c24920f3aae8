import HybridReplayReference
import CassetteCommands
import ReferenceContracts
import Foundation
import HybridReplay

/// Collects what a command prints, standard output and standard error apart.
final class OutputCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var output = ""
    private var error = ""

    var console: Console {
        Console(
            standardOutput: { text in self.lock.withLock { self.output += text } },
            standardError: { text in self.lock.withLock { self.error += text } }
        )
    }

    var standardOutput: String { lock.withLock { output } }
    var standardError: String { lock.withLock { error } }
}

/// What one run of `cassette` printed and returned.
struct CommandResult {
    var status: ExitCode
    var standardOutput: String
    var standardError: String

    /// Standard error's lines, without the empty one after the last newline.
    var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
    /// Standard output's lines.
    var outputLines: [String] { standardOutput.split(separator: "\n").map(String.init) }
}

/// Runs `cassette` in-process, with relative paths starting at `directory`.
func cassette(_ arguments: String..., in directory: URL = FileManager.default.temporaryDirectory) async -> CommandResult {
    await cassette(arguments: arguments, in: directory)
}

/// The package's reference implementations as `cassette` knows them.
let referenceContracts = ConformanceContract.references

/// Runs `cassette` in-process with arguments built at run time.
func cassette(arguments: [String], in directory: URL = FileManager.default.temporaryDirectory) async -> CommandResult {
    let capture = OutputCapture()
    let status = await CassetteCLI.main(
        arguments: arguments, console: capture.console, currentDirectory: directory, contracts: referenceContracts)
    return CommandResult(status: status, standardOutput: capture.standardOutput, standardError: capture.standardError)
}

/// Runs `body` with a fresh empty folder, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("CassetteCommandsTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("CassetteCommandsTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

extension URL {
    /// Writes `text` to the file `name` in this folder, creating folders on the way.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let file = appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The text of the file `name` in this folder.
    func text(of name: String) throws -> String {
        String(decoding: try Data(contentsOf: appendingPathComponent(name)), as: UTF8.self)
    }
}

/// Cassettes to write into test folders.
enum Samples {
    /// A link tap answered by a native screen.
    static let navigation = Cassette(
        header: CassetteHeader(name: "navigate-present", description: "Tapping a link presents a native screen."),
        events: [
            Event(
                id: 1, at: 0,
                payload: NavigationAction(
                    url: "navigate://present?r=255", navigationType: .linkActivated, targetFrame: .main())),
            Event(id: 2, at: 0.01, cause: 1, payload: NavigationDecision(.cancel)),
            Event(id: 3, at: 0.01, cause: 1, payload: NativeRoute(name: "present", parameters: ["r": 255])),
        ])

    /// A request and the response that answers it.
    static let http = Cassette(
        header: CassetteHeader(
            name: "fetch-profile", recordedBy: RecordingTool(tool: "HybridReplay", version: "0.1.0", engine: "URLSession"),
            redactions: ["header:Authorization"]),
        events: [
            Event(id: 1, at: 0.5, payload: HTTPRequest(url: "https://example.com/profile")),
            Event(id: 12, at: 1.25, answers: 1, payload: HTTPResponse(status: 200)),
        ])

    /// The canonical text of `cassette`.
    static func canonical(_ cassette: Cassette = navigation) -> String {
        String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
    }

    /// Valid but not canonical: every indent doubled to four spaces.
    static func reindented(_ cassette: Cassette = navigation) -> String {
        let lines = canonical(cassette).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { (line: Substring) -> String in
            let indent = line.prefix { $0 == " " }.count
            return String(repeating: " ", count: indent * 2) + line.dropFirst(indent)
        }.joined(separator: "\n")
    }

    /// Not JSON: the events array is never closed.
    static let brokenJSON = """
        {
          "formatVersion": 1,
          "name": "broken",
          "events": [

        """
}
