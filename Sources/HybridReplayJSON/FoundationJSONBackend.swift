import HybridReplaySeams
import Foundation

/// Parses JSON with Foundation's `JSONDecoder`, the reader on Apple platforms.
///
/// `JSONDecoder` silently keeps one of two duplicate keys and reports no
/// positions, so ``JSONScanner`` checks the text first with the same rules
/// jansson applies, noting the shape of the value as it goes; Foundation then
/// produces the values, each through the one container call its shape names.
package struct FoundationJSONBackend: JSONParsingBackend {
    package var name: String { "Foundation" }

    package init() {}

    package func parseValue(
        in bytes: UnsafeRawBufferPointer, at offset: Int, maxDepth: Int
    ) throws(JSONSyntaxError) -> (value: JSONValue, end: Int) {
        var scanner = JSONScanner(bytes, offset: offset)
        scanner.recordsZeroNumbers = true
        scanner.recordsShape = true
        scanner.skipWhitespace()
        let start = scanner.offset
        try scanner.skipValue(maxDepth: maxDepth)
        let end = scanner.offset
        let data = Self.decodableText(bytes, start..<end, zeroNumbers: scanner.zeroNumbers)
        do {
            let decoder = JSONDecoder()
            if let key = DecodedValue.shapeTapeKey { decoder.userInfo[key] = scanner.shapeTape }
            let decoded = try decoder.decode(DecodedValue.self, from: data)
            return (decoded.value, end)
        } catch {
            throw JSONSyntaxError("Foundation could not read the value: \(error)", offset: start)
        }
    }

    /// The bytes of `range`, with each number in `zeroNumbers` spelled `0` or `-0`.
    ///
    /// `JSONDecoder` rejects zeros with a positive exponent (`0e1`) and numbers
    /// that underflow to zero (`1e-400`), which jansson and `JSONScanner` read as
    /// zero; the rewritten text reads as the same value, sign included.
    private static func decodableText(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, zeroNumbers: [Range<Int>]
    ) -> Data {
        guard !zeroNumbers.isEmpty else { return Data(UnsafeRawBufferPointer(rebasing: bytes[range])) }
        var data = Data(capacity: range.count)
        var copied = range.lowerBound
        for number in zeroNumbers {
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[copied..<number.lowerBound]))
            if bytes[number.lowerBound] == UInt8(ascii: "-") { data.append(UInt8(ascii: "-")) }
            data.append(UInt8(ascii: "0"))
            copied = number.upperBound
        }
        data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[copied..<range.upperBound]))
        return data
    }
}

/// Decodes any JSON value through Foundation's decoder, guided by the
/// scanner's shape tape.
///
/// The tape, passed in the decoder's `userInfo`, names each value's type
/// before Foundation sees it, so every value is decoded with the one
/// container call that fits: no attempt fails and no `DecodingError` is
/// thrown on the way. Strings, numbers and booleans are Foundation's; each
/// object member is looked up in Foundation's container by the key the tape
/// holds, so a key Foundation does not have fails the read rather than pass
/// unnoticed. Children are read through nested containers, not through a
/// `Decodable` per child, so the tape is fetched from `userInfo` once.
///
/// The tape is an array of values, so it is `Sendable` as `userInfo`
/// requires on Apple platforms; the reading position is a local of
/// ``init(from:)``, and nothing is shared between decodes.
private struct DecodedValue: Decodable {
    var value: JSONValue

    /// The `userInfo` key of the value's shape tape, a `[JSONShape]`.
    static let shapeTapeKey = CodingUserInfoKey(rawValue: "HybridReplay.FoundationJSONBackend.shapeTape")

    init(from decoder: any Decoder) throws {
        guard let key = Self.shapeTapeKey, let tape = decoder.userInfo[key] as? [JSONShape] else {
            throw ShapeReader.mismatch(decoder.codingPath, "no shape tape in the decoder's userInfo")
        }
        var reader = ShapeReader(tape: tape)
        switch try reader.next(decoder.codingPath) {
        case .null:
            guard try decoder.singleValueContainer().decodeNil() else {
                throw ShapeReader.mismatch(decoder.codingPath, "expected null")
            }
            value = .null
        case .bool:
            value = .bool(try decoder.singleValueContainer().decode(Bool.self))
        case .number:
            value = .number(try decoder.singleValueContainer().decode(Double.self))
        case .string:
            value = .string(try decoder.singleValueContainer().decode(String.self))
        case .array(let count):
            var container = try decoder.unkeyedContainer()
            value = .array(try reader.elements(count, of: &container))
        case .object(let count):
            value = .object(try reader.members(count, of: try decoder.container(keyedBy: ShapeKey.self)))
        case .key:
            throw ShapeReader.mismatch(decoder.codingPath, "a key where a value belongs")
        }
        guard reader.isAtEnd else { throw ShapeReader.mismatch(decoder.codingPath, "entries left over") }
    }
}

/// Walks a shape tape alongside Foundation's containers, one entry per value or key.
private struct ShapeReader {
    let tape: [JSONShape]
    var index = 0

    var isAtEnd: Bool { index == tape.count }

    /// The next entry, or an error if the tape ends early.
    mutating func next(_ codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONShape {
        guard index < tape.count else { throw Self.mismatch(codingPath(), "the tape ended early") }
        defer { index += 1 }
        return tape[index]
    }

    /// The members of an object of `count` members whose container is `container`.
    mutating func members(
        _ count: Int, of container: KeyedDecodingContainer<ShapeKey>
    ) throws -> [String: JSONValue] {
        var object = [String: JSONValue](minimumCapacity: count)
        for _ in 0..<count {
            guard case .key(let name) = try next(container.codingPath) else {
                throw Self.mismatch(container.codingPath, "expected a key")
            }
            let key = ShapeKey(stringValue: name)
            let value: JSONValue
            switch try next(container.codingPath) {
            case .null:
                guard try container.decodeNil(forKey: key) else {
                    throw Self.mismatch(container.codingPath + [key], "expected null")
                }
                value = .null
            case .bool:
                value = .bool(try container.decode(Bool.self, forKey: key))
            case .number:
                value = .number(try container.decode(Double.self, forKey: key))
            case .string:
                value = .string(try container.decode(String.self, forKey: key))
            case .array(let count):
                var nested = try container.nestedUnkeyedContainer(forKey: key)
                value = .array(try elements(count, of: &nested))
            case .object(let count):
                value = .object(try members(count, of: try container.nestedContainer(keyedBy: ShapeKey.self, forKey: key)))
            case .key:
                throw Self.mismatch(container.codingPath + [key], "a key where a value belongs")
            }
            object[name] = value
        }
        return object
    }

    /// The elements of an array of `count` elements whose container is `container`.
    mutating func elements(_ count: Int, of container: inout any UnkeyedDecodingContainer) throws -> [JSONValue] {
        var array: [JSONValue] = []
        array.reserveCapacity(count)
        for _ in 0..<count {
            switch try next(container.codingPath) {
            case .null:
                guard try container.decodeNil() else { throw Self.mismatch(container.codingPath, "expected null") }
                array.append(.null)
            case .bool:
                array.append(.bool(try container.decode(Bool.self)))
            case .number:
                array.append(.number(try container.decode(Double.self)))
            case .string:
                array.append(.string(try container.decode(String.self)))
            case .array(let count):
                var nested = try container.nestedUnkeyedContainer()
                array.append(.array(try elements(count, of: &nested)))
            case .object(let count):
                array.append(.object(try members(count, of: try container.nestedContainer(keyedBy: ShapeKey.self))))
            case .key:
                throw Self.mismatch(container.codingPath, "a key where a value belongs")
            }
        }
        guard container.isAtEnd else { throw Self.mismatch(container.codingPath, "the array has more elements") }
        return array
    }

    /// The error for a tape that does not fit what Foundation decoded; the
    /// scanner and Foundation read the same bytes, so this is never expected.
    static func mismatch(_ codingPath: [any CodingKey], _ detail: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: codingPath, debugDescription: "the shape tape does not match the text: \(detail)"))
    }
}

/// An object key exactly as the tape spells it.
private struct ShapeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
