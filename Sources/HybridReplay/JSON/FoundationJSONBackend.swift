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
        scanner.skipWhitespace()
        let start = scanner.offset
        try scanner.skipValue(maxDepth: maxDepth)
        let end = scanner.offset
        let data = Data(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        do {
            let decoded = try JSONDecoder().decode(DecodedValue.self, from: data)
            return (decoded.value, end)
        } catch {
            throw JSONSyntaxError("Foundation could not read the value: \(error)", offset: start)
        }
    }
}

/// Decodes any JSON value through Foundation's decoder.
private struct DecodedValue: Decodable {
    var value: JSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let elements = try? container.decode([DecodedValue].self) {
            value = .array(elements.map(\.value))
        } else {
            let members = try container.decode([String: DecodedValue].self)
            value = .object(members.mapValues(\.value))
        }
    }
}
