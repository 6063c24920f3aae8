import Foundation

/// Parses JSON with Foundation's `JSONDecoder`, the reader on Apple platforms.
///
/// `JSONDecoder` silently keeps one of two duplicate keys and reports no
/// positions, so ``JSONScanner`` checks the text first with the same rules
/// jansson applies; Foundation then produces the values.
public struct FoundationJSONBackend: JSONParsingBackend {
    public var name: String { "Foundation" }

    public init() {}

    public func parseValue(
        in bytes: UnsafeRawBufferPointer, at offset: Int, maxDepth: Int
    ) throws(JSONSyntaxError) -> (value: JSONValue, end: Int) {
        var scanner = JSONScanner(bytes, offset: offset)
        scanner.recordsZeroNumbers = true
        scanner.skipWhitespace()
        let start = scanner.offset
        try scanner.skipValue(maxDepth: maxDepth)
        let end = scanner.offset
        let data = Self.decodableText(bytes, start..<end, zeroNumbers: scanner.zeroNumbers)
        do {
            let decoded = try JSONDecoder().decode(DecodedValue.self, from: data)
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

/// Decodes any JSON value through Foundation's decoder.
private struct DecodedValue: Decodable {
    var value: JSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Cassettes are mostly strings and objects, so those are tried first:
        // every failed attempt costs a thrown DecodingError.
        if container.decodeNil() {
            value = .null
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let members = try? container.decode([String: DecodedValue].self) {
            value = .object(members.mapValues(\.value))
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else {
            let elements = try container.decode([DecodedValue].self)
            value = .array(elements.map(\.value))
        }
    }
}
