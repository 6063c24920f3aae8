import Foundation
import Testing
@testable import HybridReplay
import HybridReplayTestSupport

/// The limits of docs/cassette-format.md ("Limits"), each pinned with input made
/// on the fly; the real 1 GiB and 10-million-event files are Scripts/check-limits'.
@Suite("CassetteLimits")
struct CassetteLimitsTests {
    private static let backends = [JSONReader.platformDefault, .foundation].map(\.backend.name)

    private static func reader(_ backend: String, maxFileSize: Int = CassetteLimits.standard.maxFileSize, maxEventCount: Int = 1_000_000) -> CassetteReader {
        var reader = CassetteReader(json: backend == "Foundation" ? .foundation : .platformDefault)
        reader.limits = CassetteLimits(maxFileSize: maxFileSize, maxEventCount: maxEventCount)
        return reader
    }

    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A cassette whose `name` is `length` bytes of `x`.
    private static func cassette(nameLength length: Int) -> [UInt8] {
        Array(#"{"formatVersion": 2, "name": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: length)
            + Array(#"", "events": []}"#.utf8)
    }

    @Test("the standard limits are 256 MiB and 1,000,000 events, and every reader applies them")
    func standardLimits() {
        #expect(CassetteLimits.standard == CassetteLimits(maxFileSize: 268_435_456, maxEventCount: 1_000_000))
        #expect(CassetteReader().limits == .standard)
        #expect(JSONReader.defaultMaxDepth == 64)
    }

    @Test("a file larger than the limit is refused by its size, before it is read")
    func refusesLargeFileBeforeReading() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.json")
        try Data(Self.cassette(nameLength: 2900)).write(to: file)
        let reader = Self.reader("jansson", maxFileSize: 2048)

        let error = #expect(throws: CassetteReadError.self) { try reader.read(contentsOf: file, displayPath: "big.json") }

        #expect(
            error?.description == "big.json: error: the file is 2.9 KiB, larger than a cassette may be (2 KiB); "
                + "record shorter sessions into several cassettes (docs/cassette-format.md, \"Limits\")")
        #expect(reader.lint(contentsOf: file, displayPath: "big.json").map(\.description) == error?.diagnostics.map(\.description))
    }

    @Test("bytes larger than the limit are refused before they are parsed", arguments: backends)
    func refusesLargeBytes(backend: String) {
        let error = #expect(throws: CassetteReadError.self) {
            try Self.reader(backend, maxFileSize: 1024).read(Self.cassette(nameLength: 1024), path: "big.json")
        }
        #expect(error?.diagnostics.map(\.message) == [CassetteLimits(maxFileSize: 1024, maxEventCount: 0).fileSizeMessage(1069)])
        #expect(error?.description.hasPrefix("big.json: error: the file is 1 KiB, larger than a cassette may be (1 KiB); ") == true)
    }

    @Test("a file at the limit reads", arguments: backends)
    func readsFileAtLimit(backend: String) throws {
        let bytes = Self.cassette(nameLength: 1000)
        let cassette = try Self.reader(backend, maxFileSize: bytes.count).read(bytes, path: "at-limit.json")
        #expect(cassette.header.name.utf8.count == 1000)
    }

    @Test("a device with no end is read only one byte past the limit")
    func deviceWithoutEnd() throws {
        var reader = CassetteReader()
        reader.limits.maxFileSize = 1 << 20
        let error = #expect(throws: CassetteReadError.self) {
            try reader.read(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
        #expect(
            error?.description == "/dev/zero: error: the file goes on past 1 MiB, larger than a cassette may be (1 MiB); "
                + "record shorter sessions into several cassettes (docs/cassette-format.md, \"Limits\")")
    }

    @Test("a file that says it has no bytes is read to its end: an empty one is empty, a /proc file has its text")
    func fileOfSizeZero() throws {
        let empty = try Self.folder().appendingPathComponent("empty.json")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        #expect(try CassetteReader.contents(of: empty) == Data())
        // Linux reports size 0 for a /proc file that has contents.
        let status = URL(fileURLWithPath: "/proc/self/status")
        let attributes = try FileManager.default.attributesOfItem(atPath: status.path)
        #expect((attributes[.size] as? NSNumber)?.intValue == 0)
        let text = String(decoding: try CassetteReader.contents(of: status), as: UTF8.self)
        #expect(text.hasPrefix("Name:"))
    }

    @Test("one event past the limit is an error at that event, before it is parsed", arguments: backends)
    func tooManyEvents(backend: String) throws {
        var generator = CassetteGenerator(seed: 5)
        let cassette = generator.cassette(scenes: 8)
        let bytes = CassetteWriter.canonicalBytes(of: cassette)
        let limit = 3
        #expect(cassette.events.count > limit)
        // The canonical form opens each event on its own line, indented by four spaces.
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let eventStarts = lines.indices.filter { lines[$0] == "    {" }
        let line = eventStarts[limit] + 1

        let error = #expect(throws: CassetteReadError.self) {
            try Self.reader(backend, maxEventCount: limit).read(bytes, path: "many.json")
        }

        #expect(
            error?.description == "many.json:\(line):5: error: more than 3 events, the most a cassette may hold; "
                + "record shorter sessions into several cassettes (docs/cassette-format.md, \"Limits\")")
        #expect(try Self.reader(backend, maxEventCount: cassette.events.count).read(bytes, path: "many.json") == cassette)
    }

    @Test(
        "JSON nested 100,000 deep is an error at the first level past the limit, not a crash",
        arguments: backends, ["events", "name", "before-version"])
    func deepNesting(backend: String, place: String) throws {
        let depth = 100_000
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let text: String
        switch place {
        case "events": text = #"{"formatVersion": 2, "name": "d", "events": ["# + deep + "]}"
        case "name": text = #"{"formatVersion": 2, "name": "# + deep + #", "events": []}"#
        default: text = #"{"events": ["# + deep + #"], "formatVersion": 2, "name": "d"}"#
        }
        let error = #expect(throws: CassetteReadError.self) {
            try Self.reader(backend).read(Array(text.utf8), path: "deep.json")
        }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(error?.diagnostics.count == 1)
        #expect(diagnostic.message == "nesting deeper than the limit")
        let start = try #require(text.utf8.firstIndex(of: UInt8(ascii: "[")))
        // The top object is level 1 and the first bracket level 2, so the bracket past the limit of 64 is 63 further on.
        let expectedColumn = text.utf8.distance(from: text.utf8.startIndex, to: start) + 1 + JSONReader.defaultMaxDepth - 1
        #expect(diagnostic.position == SourcePosition(line: 1, column: expectedColumn))
    }

    @Test("a JSON document nested 100,000 deep is an error, not a crash, on every backend", arguments: backends)
    func deepDocument(backend: String) {
        let depth = 100_000
        let bytes = Array((String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
        let reader = backend == "Foundation" ? JSONReader.foundation : .platformDefault
        let error = #expect(throws: JSONSyntaxError.self) { try reader.read(bytes) }
        #expect(error?.message == "nesting deeper than the limit")
        #expect(error?.offset == 5 * JSONReader.defaultMaxDepth)
    }

    @Test("a long string within the file limit reads whole", arguments: backends)
    func longString(backend: String) throws {
        let length = 4 << 20
        let cassette = try Self.reader(backend).read(Self.cassette(nameLength: length), path: "long.json")
        #expect(cassette.header.name.utf8.count == length)
    }
}
