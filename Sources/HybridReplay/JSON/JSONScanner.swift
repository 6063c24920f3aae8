/// A strict, allocation-light JSON tokenizer over UTF-8 bytes.
///
/// The cassette reader uses it to walk the top level of a cassette (so each
/// event can be parsed on its own), to find where a field stands when a
/// diagnostic must point at it, and, under the Foundation backend, to enforce
/// the rules `JSONDecoder` does not (duplicate keys, nesting depth and exact
/// error positions) and to note the shape of each value for the decoding.
struct JSONScanner {
    let bytes: UnsafeRawBufferPointer
    var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }

    func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Consumes `byte` after optional whitespace, if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Consumes `byte` after optional whitespace, or throws naming what was expected.
    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard consume(byte) else { throw unexpected(expecting: what) }
    }

    /// An error for the token at the current offset.
    func unexpected(expecting what: String) -> JSONSyntaxError {
        guard let byte = peek() else {
            return JSONSyntaxError("unexpected end of text, expected \(what)", offset: offset)
        }
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return JSONSyntaxError("unexpected \(shown), expected \(what)", offset: offset)
    }

    // MARK: Strings

    /// Reads a string token, decoding escapes and validating UTF-8.
    mutating func readString() throws(JSONSyntaxError) -> String {
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

    // MARK: Numbers

    /// Reads a number token and converts it to the nearest `Double`.
    mutating func readNumber() throws(JSONSyntaxError) -> Double {
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
    var recordsZeroNumbers = false

    /// The number tokens, in text order, that read as zero but are spelled
    /// otherwise than `0` or `-0`; filled only when ``recordsZeroNumbers`` is set.
    var zeroNumbers: [Range<Int>] = []

    // MARK: Shape tape

    /// Whether ``skipValue(maxDepth:)`` notes in ``shapeTape`` the shape of
    /// every value it skips.
    ///
    /// The Foundation backend reads the tape to call, for each value, exactly
    /// the `JSONDecoder` container method that decodes it, instead of trying
    /// one type after another.
    var recordsShape = false

    /// The shape of the values ``skipValue(maxDepth:)`` skipped, in pre-order
    /// (document order); filled only when ``recordsShape`` is set.
    ///
    /// Each value is one entry, a container's entry standing before those of
    /// its children; each object member is its ``JSONShape/key(_:)`` entry
    /// followed by the entries of its value. After a value that threw, the
    /// tape holds what was seen before the fault, unfinished containers
    /// counted as empty.
    var shapeTape: [JSONShape] = []

    // MARK: Values

    /// Skips one value, checking it as strictly as the parsing backends do.
    ///
    /// - Parameter maxDepth: The most arrays and objects the value may nest.
    mutating func skipValue(maxDepth: Int) throws(JSONSyntaxError) {
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

    // MARK: Locating fields

    /// Finds where the value at `path` starts, relative to the value at the current offset.
    ///
    /// Used only to place diagnostics, so it returns the deepest position it
    /// could reach rather than failing: a missing key yields its object's start.
    mutating func locate(_ path: ArraySlice<JSONPath.Component>) -> Int {
        skipWhitespace()
        let here = offset
        guard let first = path.first else { return here }
        switch (first, peek()) {
        case (.key(let wanted), UInt8(ascii: "{")):
            offset += 1
            if consume(UInt8(ascii: "}")) { return here }
            repeat {
                skipWhitespace()
                let keyOffset = offset
                guard let key = try? readString(), consume(UInt8(ascii: ":")) else { return here }
                if key == wanted {
                    skipWhitespace()
                    return path.count == 1 && isKeyOnly ? keyOffset : locate(path.dropFirst())
                }
                guard (try? skipValue(maxDepth: .max)) != nil else { return here }
            } while consume(UInt8(ascii: ","))
            return here
        case (.index(let wanted), UInt8(ascii: "[")):
            offset += 1
            if consume(UInt8(ascii: "]")) { return here }
            var index = 0
            repeat {
                if index == wanted { return locate(path.dropFirst()) }
                guard (try? skipValue(maxDepth: .max)) != nil else { return here }
                index += 1
            } while consume(UInt8(ascii: ","))
            return here
        default:
            return here
        }
    }

    /// Points `locate` at a member's key rather than its value.
    var isKeyOnly = false
}

/// The keys of one object seen so far, to find a duplicate.
///
/// Most objects have a handful of members, so the keys are first kept in a
/// short list searched linearly, which costs less than hashing each key;
/// past ``linearLimit`` they move to a set. Either way keys compare with
/// `String`'s `==`, by canonical equivalence, exactly as a `Set<String>` does.
struct ObjectKeys {
    static let linearLimit = 16

    private var list: [String] = []
    private var set: Set<String> = []
    private var usesSet = false

    /// How many distinct keys have been inserted.
    var count: Int { usesSet ? set.count : list.count }

    /// Adds `key`, returning `false` if an equal key is already present.
    mutating func insert(_ key: String) -> Bool {
        if usesSet { return set.insert(key).inserted }
        if list.contains(key) { return false }
        if list.count < Self.linearLimit {
            if list.isEmpty { list.reserveCapacity(8) }
            list.append(key)
        } else {
            set = Set(list)
            set.insert(key)
            list = []
            usesSet = true
        }
        return true
    }
}

/// One entry of a ``JSONScanner/shapeTape``: the type of a value, or the key
/// of the object member whose value the next entries describe.
enum JSONShape: Sendable, Hashable {
    case null
    case bool
    case number
    case string
    /// An array and how many elements follow it on the tape.
    case array(count: Int)
    /// An object and how many members follow it on the tape, each a
    /// ``key(_:)`` entry and then its value's entries.
    case object(count: Int)
    /// The key of an object member, decoded, in document order.
    case key(String)
}
