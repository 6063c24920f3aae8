import HybridReplaySeams
extension JSONScanner {
    /// Reads a string token, decoding escapes and validating UTF-8.
    package mutating func readString() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw unexpected(expecting: "a string") }
        let start = offset
        offset += 1
        let contentStart = offset
        var plain = true
        // Fast path: no escapes, only ASCII.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<offset]), as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 {
                plain = false
                break
            }
            offset += 1
        }
        if plain { throw JSONSyntaxError("unterminated string", offset: start) }
        offset = contentStart
        var utf8: [UInt8] = []
        utf8.reserveCapacity(32)
        while true {
            guard offset < bytes.count else { throw JSONSyntaxError("unterminated string", offset: start) }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case 0..<0x20:
                throw JSONSyntaxError("control character in string must be escaped", offset: offset)
            case 0x80...:
                try readUTF8Sequence(into: &utf8)
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = offset
        offset += 1
        guard offset < bytes.count else { throw JSONSyntaxError("unterminated string", offset: escapeStart) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): utf8.append(0x22)
        case UInt8(ascii: "\\"): utf8.append(0x5C)
        case UInt8(ascii: "/"): utf8.append(0x2F)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                else { throw JSONSyntaxError("unpaired surrogate in \\u escape", offset: escapeStart) }
                offset += 2
                let low = try readHex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError("unpaired surrogate in \\u escape", offset: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONSyntaxError("unpaired surrogate in \\u escape", offset: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw JSONSyntaxError("invalid \\u escape", offset: escapeStart)
            }
            utf8.append(contentsOf: UTF8.encode(unicode).map { Array($0) } ?? [])
        default:
            throw JSONSyntaxError("invalid escape in string", offset: escapeStart)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw JSONSyntaxError("invalid \\u escape", offset: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError("invalid \\u escape", offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (no overlongs, no surrogates, at most U+10FFFF).
    private mutating func readUTF8Sequence(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        let start = offset
        let lead = bytes[offset]
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw JSONSyntaxError("invalid UTF-8 in string", offset: start)
        }
        guard start + length <= bytes.count else { throw JSONSyntaxError("invalid UTF-8 in string", offset: start) }
        for index in 1..<length {
            let byte = bytes[start + index]
            let range = index == 1 ? lowerBound...upperBound : 0x80...0xBF
            guard range.contains(byte) else { throw JSONSyntaxError("invalid UTF-8 in string", offset: start) }
        }
        utf8.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]))
        offset += length
    }
}
