import Foundation
import Testing
@testable import HybridReplay

/// The cassettes that ship with the package: the conformance suite in
/// `Cassettes/` and the hand-written examples in `Tests/HybridReplayTests/Fixtures/examples/`,
/// found from this source file's path rather than through SwiftPM resources.
enum BundledCassettes {
    /// The package root: three levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BundledCassettes
        .deletingLastPathComponent()  // HybridReplayTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// The folders cassettes ship in, relative to the package root.
    static let folders = ["Cassettes", "Tests/HybridReplayTests/Fixtures/examples"]

    /// Every `*.json` in the shipped folders, as paths relative to the package root, sorted.
    static let relativePaths: [String] = folders.flatMap { folder in
        let root = packageRoot.appendingPathComponent(folder, isDirectory: true).resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [String]() }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".json") { paths.append("\(folder)/\(path)") }
        }
        return paths.sorted()
    }

    /// The path diagnostics name: relative to the package root.
    static func displayPath(_ relativePath: String) -> String { relativePath }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: packageRoot.appendingPathComponent(relativePath)))
    }

    /// The readers that must accept every cassette: each backend this platform links.
    static var readers: [JSONReader] {
        #if canImport(CJansson)
        [.jansson, .foundation]
        #else
        [.foundation]
        #endif
    }

    /// Reads `bytes`, recording every diagnostic as an issue; `nil` when unreadable.
    /// Every bundled cassette that reads cleanly; the others are recorded as issues.
    static func all() throws -> [Cassette] {
        try relativePaths.compactMap { relativePath in
            read(try bytes(relativePath), path: displayPath(relativePath))
        }
    }

    static func read(_ bytes: [UInt8], path: String, json: JSONReader = .platformDefault) -> Cassette? {
        do {
            return try CassetteReader(json: json).read(bytes, path: path)
        } catch {
            Issue.record("\(path) does not read cleanly with \(json.backend.name):\n\(error)")
            return nil
        }
    }

    /// Records an issue naming the first line where `actual` differs from the canonical `expected`.
    static func expectCanonical(_ actual: [UInt8], _ expected: [UInt8], path: String) {
        guard actual != expected else { return }
        let actualLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let found = line < actualLines.count ? String(actualLines[line]) : "(end of file)"
        let wanted = line < expectedLines.count ? String(expectedLines[line]) : "(end of file)"
        Issue.record(
            """
            \(path):\(line + 1): not in canonical form
              found:    \(found)
              expected: \(wanted)
            """)
    }
}

@Suite("Bundled cassettes")
struct BundledCassettesTests {
    @Test(
        "Each bundled cassette reads without diagnostics and is byte-identical to its canonical form",
        arguments: BundledCassettes.relativePaths)
    func readsCleanlyAndIsCanonical(_ relativePath: String) throws {
        let path = BundledCassettes.displayPath(relativePath)
        let bytes = try BundledCassettes.bytes(relativePath)
        guard let cassette = BundledCassettes.read(bytes, path: path) else { return }
        BundledCassettes.expectCanonical(bytes, CassetteWriter.canonicalBytes(of: cassette), path: path)
    }

    @Test(
        "Each bundled cassette reads the same through every JSON backend",
        arguments: BundledCassettes.relativePaths)
    func readsTheSameThroughEveryBackend(_ relativePath: String) throws {
        let path = BundledCassettes.displayPath(relativePath)
        let bytes = try BundledCassettes.bytes(relativePath)
        let cassettes = BundledCassettes.readers.map { BundledCassettes.read(bytes, path: path, json: $0) }
        guard let first = cassettes.first ?? nil else { return }
        for cassette in cassettes.dropFirst() {
            #expect(cassette == first)
        }
    }

    @Test("The bundled cassettes include at least one cassette for every channel")
    func coverEveryChannel() throws {
        #expect(!BundledCassettes.relativePaths.isEmpty, "no cassettes under \(BundledCassettes.folders)")
        var channels: Set<Channel> = []
        for cassette in try BundledCassettes.all() {
            channels.formUnion(cassette.events.map(\.channel))
        }
        for channel in Channel.known {
            #expect(channels.contains(channel), "no bundled cassette has a '\(channel)' event")
        }
    }

    @Test("The bundled cassettes use every standard event kind at least once")
    func coverEveryKind() throws {
        var kinds: Set<EventKind> = []
        for cassette in try BundledCassettes.all() {
            kinds.formUnion(cassette.events.map(\.kind))
        }
        for type in PayloadRegistry.standardTypes {
            #expect(kinds.contains(type.eventKind), "no bundled cassette has a '\(type.eventKind)' event")
        }
    }

    @Test("The full example in docs/cassette-format.md reads cleanly and is canonical")
    func documentedExampleIsValid() throws {
        let url = BundledCassettes.packageRoot.appendingPathComponent("docs/cassette-format.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        // The example is the fenced block right after the "Full example" heading.
        let heading = try #require(document.range(of: "## Full example"), "no '## Full example' section")
        let fence = try #require(document.range(of: "```json\n", range: heading.upperBound..<document.endIndex))
        let end = try #require(document.range(of: "\n```", range: fence.upperBound..<document.endIndex))
        let bytes = Array(document[fence.upperBound...end.lowerBound].utf8)
        let path = "docs/cassette-format.md (full example)"
        guard let cassette = BundledCassettes.read(bytes, path: path) else { return }
        BundledCassettes.expectCanonical(bytes, CassetteWriter.canonicalBytes(of: cassette), path: path)
    }
}
