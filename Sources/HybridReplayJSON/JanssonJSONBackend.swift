#if canImport(CJansson)
import HybridReplaySeams
import CJansson

/// Parses JSON with jansson, the C library HybridReplay reads cassettes with on Linux.
///
/// Flags: duplicate keys are rejected, every number is read as a `Double`
/// (so `-0` keeps its sign and integers beyond 64 bits do not fail), and
/// `\u0000` is allowed in strings, as it is in JavaScript.
package struct JanssonJSONBackend: JSONParsingBackend {
    package var name: String { "jansson" }

    package init() {}

    package func parseValue(
        in bytes: UnsafeRawBufferPointer, at offset: Int, maxDepth: Int
    ) throws(JSONSyntaxError) -> (value: JSONValue, end: Int) {
        var scanner = JSONScanner(bytes, offset: offset)
        scanner.skipWhitespace()
        let start = scanner.offset
        guard let base = bytes.baseAddress, start < bytes.count else {
            throw JSONSyntaxError("unexpected end of text, expected a value", offset: start)
        }
        let flags = hr_flag_reject_duplicates() | hr_flag_disable_eof_check() | hr_flag_decode_any()
            | hr_flag_decode_int_as_real() | hr_flag_allow_nul()
        var error = json_error_t()
        let pointer = (base + start).assumingMemoryBound(to: CChar.self)
        guard let root = json_loadb(pointer, bytes.count - start, flags, &error) else {
            // jansson places errors after the token it choked on and words them
            // its own way; the scanner finds the same fault at its start, so
            // both backends report it identically.
            try scanner.skipValue(maxDepth: maxDepth)
            throw JSONSyntaxError(Self.message(of: &error), offset: start + max(Int(error.position) - 1, 0))
        }
        defer { hr_json_decref(root) }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try Self.convert(root, depthLeft: maxDepth, offset: start)
        } catch let fault {
            // jansson keeps no positions in the tree; the scanner applies the
            // same rules and finds the exact place of the fault.
            var checker = JSONScanner(bytes, offset: start)
            try checker.skipValue(maxDepth: maxDepth)
            throw fault
        }
        switch value {
        case .array, .object:
            // jansson stops exactly at the closing bracket.
            return (value, start + Int(error.position))
        default:
            // With JSON_DECODE_ANY jansson may read one byte past a scalar, so
            // the scanner measures the token instead.
            try scanner.skipValue(maxDepth: 0)
            return (value, scanner.offset)
        }
    }

    private static func message(of error: inout json_error_t) -> String {
        withUnsafeBytes(of: &error.text) { raw in
            let text = raw.prefix { $0 != 0 }
            return String(decoding: text, as: UTF8.self)
        }
    }

    private static func convert(
        _ json: UnsafeMutablePointer<json_t>, depthLeft: Int, offset: Int
    ) throws(JSONSyntaxError) -> JSONValue {
        switch hr_json_typeof(json) {
        case JSON_OBJECT:
            guard depthLeft > 0 else { throw JSONSyntaxError("nesting deeper than the limit", offset: offset) }
            var members = [String: JSONValue](minimumCapacity: json_object_size(json))
            var iterator = json_object_iter(json)
            while let current = iterator {
                let keyLength = json_object_iter_key_len(current)
                guard let keyPointer = json_object_iter_key(current), let child = json_object_iter_value(current) else {
                    break
                }
                let key = keyPointer.withMemoryRebound(to: UInt8.self, capacity: keyLength) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: keyLength), as: UTF8.self)
                }
                // jansson compares keys byte for byte; Swift strings compare by
                // canonical equivalence, so "\u{E9}" and "e\u{301}" would collapse.
                guard members.updateValue(try convert(child, depthLeft: depthLeft - 1, offset: offset), forKey: key) == nil
                else { throw JSONSyntaxError("duplicate key \"\(key)\"", offset: offset) }
                iterator = json_object_iter_next(json, current)
            }
            return .object(members)
        case JSON_ARRAY:
            guard depthLeft > 0 else { throw JSONSyntaxError("nesting deeper than the limit", offset: offset) }
            let count = json_array_size(json)
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                guard let child = json_array_get(json, index) else { break }
                elements.append(try convert(child, depthLeft: depthLeft - 1, offset: offset))
            }
            return .array(elements)
        case JSON_STRING:
            let length = json_string_length(json)
            guard let pointer = json_string_value(json) else { return .string("") }
            return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                .string(String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self))
            }
        case JSON_REAL:
            return .number(json_real_value(json))
        case JSON_INTEGER:
            return .number(Double(json_integer_value(json)))
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        default:
            return .null
        }
    }
}
#endif
