import HybridReplaySeams
/// A strict, allocation-light JSON tokenizer over UTF-8 bytes.
///
/// The cassette reader uses it to walk the top level of a cassette (so each
/// event can be parsed on its own), to find where a field stands when a
/// diagnostic must point at it, and, under the Foundation backend, to enforce
/// the rules `JSONDecoder` does not (duplicate keys, nesting depth and exact
/// error positions) and to note the shape of each value for the decoding.
package struct JSONScanner {
    package let bytes: UnsafeRawBufferPointer
    package var offset: Int

    package init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset >= bytes.count }

    package func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    package mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Consumes `byte` after optional whitespace, if it is next.
    package mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Consumes `byte` after optional whitespace, or throws naming what was expected.
    package mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard consume(byte) else { throw unexpected(expecting: what) }
    }

    /// An error for the token at the current offset.
    package func unexpected(expecting what: String) -> JSONSyntaxError {
        guard let byte = peek() else {
            return JSONSyntaxError("unexpected end of text, expected \(what)", offset: offset)
        }
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return JSONSyntaxError("unexpected \(shown), expected \(what)", offset: offset)
    }

    // MARK: Numbers

    /// Reads a number token and converts it to the nearest `Double`.
    package mutating func readNumber() throws(JSONSyntaxError) -> Double {
        skipWhitespace()
        let start = offset
        func digit(_ index: Int) -> Bool {
            index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
        }
        if peek() == UInt8(ascii: "-") { offset += 1 }
        guard digit(offset) else { throw JSONSyntaxError("invalid number", offset: start) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if digit(offset) { throw JSONSyntaxError("invalid number: leading zero", offset: start) }
        } else {
            while digit(offset) { offset += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard digit(offset) else { throw JSONSyntaxError("invalid number: digit expected after '.'", offset: start) }
            while digit(offset) { offset += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard digit(offset) else { throw JSONSyntaxError("invalid number: digit expected in exponent", offset: start) }
            while digit(offset) { offset += 1 }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError("number out of range: \(text)", offset: start)
        }
        if recordsZeroNumbers, value == 0, offset - start > (value.sign == .minus ? 2 : 1) {
            zeroNumbers.append(start..<offset)
        }
        return value
    }

    /// Whether ``readNumber()`` notes in ``zeroNumbers`` the tokens that read as
    /// zero but are not spelled `0` or `-0`.
    ///
    /// `JSONDecoder` refuses some of them (`0e1`, and underflows such as
    /// `1e-400`), so the Foundation backend rewrites them before decoding.
    package var recordsZeroNumbers = false

    /// The number tokens, in text order, that read as zero but are spelled
    /// otherwise than `0` or `-0`; filled only when ``recordsZeroNumbers`` is set.
    package var zeroNumbers: [Range<Int>] = []

    // MARK: Shape tape

    /// Whether ``skipValue(maxDepth:)`` notes in ``shapeTape`` the shape of
    /// every value it skips.
    ///
    /// The Foundation backend reads the tape to call, for each value, exactly
    /// the `JSONDecoder` container method that decodes it, instead of trying
    /// one type after another.
    package var recordsShape = false

    /// The shape of the values ``skipValue(maxDepth:)`` skipped, in pre-order
    /// (document order); filled only when ``recordsShape`` is set.
    ///
    /// Each value is one entry, a container's entry standing before those of
    /// its children; each object member is its ``JSONShape/key(_:)`` entry
    /// followed by the entries of its value. After a value that threw, the
    /// tape holds what was seen before the fault, unfinished containers
    /// counted as empty.
    package var shapeTape: [JSONShape] = []

    // MARK: Values

    /// Skips one value, checking it as strictly as the parsing backends do.
    ///
    /// - Parameter maxDepth: The most arrays and objects the value may nest.
    package mutating func skipValue(maxDepth: Int) throws(JSONSyntaxError) {
        skipWhitespace()
        guard let byte = peek() else { throw unexpected(expecting: "a value") }
        switch byte {
        case UInt8(ascii: "{"):
            guard maxDepth > 0 else { throw JSONSyntaxError("nesting deeper than the limit", offset: offset) }
            offset += 1
            // The member count is known only at the closing brace.
            let shapeIndex = shapeTape.count
            if recordsShape { shapeTape.append(.object(count: 0)) }
            if consume(UInt8(ascii: "}")) { return }
            var keys = ObjectKeys()
            repeat {
                skipWhitespace()
                let keyOffset = offset
                let key = try readString()
                guard !key.utf8.contains(0) else {
                    throw JSONSyntaxError("NUL character in an object key", offset: keyOffset)
                }
                guard keys.insert(key) else {
                    throw JSONSyntaxError("duplicate key \"\(key)\"", offset: keyOffset)
                }
                if recordsShape { shapeTape.append(.key(key)) }
                try expect(UInt8(ascii: ":"), "':' after an object key")
                try skipValue(maxDepth: maxDepth - 1)
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
            if recordsShape { shapeTape[shapeIndex] = .object(count: keys.count) }
        case UInt8(ascii: "["):
            guard maxDepth > 0 else { throw JSONSyntaxError("nesting deeper than the limit", offset: offset) }
            offset += 1
            let shapeIndex = shapeTape.count
            if recordsShape { shapeTape.append(.array(count: 0)) }
            if consume(UInt8(ascii: "]")) { return }
            var count = 0
            repeat {
                try skipValue(maxDepth: maxDepth - 1)
                count += 1
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            if recordsShape { shapeTape[shapeIndex] = .array(count: count) }
        case UInt8(ascii: "\""):
            _ = try readString()
            if recordsShape { shapeTape.append(.string) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumber()
            if recordsShape { shapeTape.append(.number) }
        case UInt8(ascii: "t"):
            try readLiteral("true")
            if recordsShape { shapeTape.append(.bool) }
        case UInt8(ascii: "f"):
            try readLiteral("false")
            if recordsShape { shapeTape.append(.bool) }
        case UInt8(ascii: "n"):
            try readLiteral("null")
            if recordsShape { shapeTape.append(.null) }
        default:
            throw unexpected(expecting: "a value")
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let matches = offset + count <= bytes.count
            && (0..<count).allSatisfy { bytes[offset + $0] == literal.utf8Start[$0] }
        guard matches else { throw JSONSyntaxError("invalid literal", offset: offset) }
        offset += count
    }

    /// Points `locate` at a member's key rather than its value.
    package var isKeyOnly = false
}
