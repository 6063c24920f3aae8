import Foundation
import Testing
@testable import HybridReplay
@testable import HybridReplayJSON

/// The documents in `Fixtures/json-corpus`, found next to this source file
/// rather than through SwiftPM resources.
enum JSONCorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // JSON
        .deletingLastPathComponent()  // HybridReplayTests
        .appendingPathComponent("Fixtures", isDirectory: true)
        .appendingPathComponent("json-corpus", isDirectory: true)

    /// Every corpus document's file name, sorted.
    static let names: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { $0.hasSuffix(".json") }.sorted()
    }()

    static let acceptedNames = names.filter { expectsAcceptance($0) }
    static let rejectedNames = names.filter { !expectsAcceptance($0) }

    static func expectsAcceptance(_ name: String) -> Bool { name.hasPrefix("accept-") }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// The readers under test: every backend this platform links.
enum ReaderKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    #if canImport(CJansson)
    case jansson
    #endif
    case foundation

    var reader: JSONReader {
        switch self {
        #if canImport(CJansson)
        case .jansson: .jansson
        #endif
        case .foundation: .foundation
        }
    }

    func reader(maxDepth: Int) -> JSONReader {
        var reader = self.reader
        reader.maxDepth = maxDepth
        return reader
    }

    var testDescription: String { rawValue }
}

extension JSONReader {
    /// Reads `bytes`, keeping either the value or the error.
    func result(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) -> JSONValue in try read(bytes) }
    }

    /// Reads `text` as UTF-8, keeping either the value or the error.
    func result(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        result(Array(text.utf8))
    }
}

extension JSONParsingBackend {
    /// Calls `parseValue(in:at:maxDepth:)` over `bytes`.
    func parse(
        _ bytes: [UInt8], at offset: Int, maxDepth: Int = JSONReader.defaultMaxDepth
    ) -> Result<(value: JSONValue, end: Int), JSONSyntaxError> {
        bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) -> (value: JSONValue, end: Int) in
                try parseValue(in: buffer, at: offset, maxDepth: maxDepth)
            }
        }
    }
}

extension Result {
    var success: Success? {
        if case .success(let value) = self { value } else { nil }
    }

    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

/// Whether two values are the same bit for bit: numbers by bit pattern (so
/// `-0` differs from `0`), strings and keys by their UTF-8 bytes rather than
/// by canonical equivalence as `==` compares them.
func identical(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null):
        return true
    case (.bool(let a), .bool(let b)):
        return a == b
    case (.number(let a), .number(let b)):
        return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)):
        return a.utf8.elementsEqual(b.utf8)
    case (.array(let a), .array(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { identical($0, $1) }
    case (.object(let a), .object(let b)):
        guard a.count == b.count else { return false }
        let left = a.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        let right = b.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        return zip(left, right).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && identical($0.value, $1.value) }
    default:
        return false
    }
}

/// The byte offset of the first occurrence of `needle` in `text`.
func byteOffset(of needle: String, in text: String) -> Int? {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
    return (0...(haystack.count - pattern.count)).first { start in
        haystack[start..<start + pattern.count].elementsEqual(pattern)
    }
}

/// Runs `body` with a scanner over `bytes` that starts at `offset`, and
/// reports what it returned or threw and where the scanner stopped.
func scan<T>(
    _ bytes: [UInt8], from offset: Int = 0, _ body: (inout JSONScanner) throws(JSONSyntaxError) -> T
) -> (result: Result<T, JSONSyntaxError>, offset: Int) {
    bytes.withUnsafeBytes { buffer in
        var scanner = JSONScanner(buffer, offset: offset)
        let result = Result { () throws(JSONSyntaxError) -> T in try body(&scanner) }
        return (result, scanner.offset)
    }
}

/// Runs `body` with a scanner over the UTF-8 of `text`.
func scan<T>(
    _ text: String, from offset: Int = 0, _ body: (inout JSONScanner) throws(JSONSyntaxError) -> T
) -> (result: Result<T, JSONSyntaxError>, offset: Int) {
    scan(Array(text.utf8), from: offset, body)
}
