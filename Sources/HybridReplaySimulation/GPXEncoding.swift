import Foundation
import HybridReplay

/// A GPX document turned into the only thing `XMLParser` is handed: UTF-8
/// without a byte-order mark or a NUL, declaring UTF-8 if it declares
/// anything, every processing instruction with data.
///
/// On Linux `XMLParser` is libxml2, whose push parser crashed the process (a
/// null read in `xmlParseChunk`) when it switched encodings on a malformed
/// document: UTF-7 named in the declaration, or a UTF-16 byte-order mark
/// followed by NULs (both found by fuzzing, docs/fuzzing.md). So the
/// encoding is decided and converted here, and libxml2 never switches.
/// GPX files are UTF-8 (Xcode, devices, most tools), now and then UTF-16 or a
/// Latin encoding; those are read, anything else is a clear error.
enum GPXEncoding {
    /// The encodings read, by the names an XML declaration gives them (compared ignoring case).
    static let supported: [(names: [String], encoding: String.Encoding)] = [
        (["UTF-8", "UTF8"], .utf8), (["US-ASCII", "ASCII"], .utf8),
        (["UTF-16", "UTF16", "UTF-16LE", "UTF-16BE"], .utf16),
        (["ISO-8859-1", "ISO_8859-1", "LATIN1", "ISO-LATIN-1"], .isoLatin1), (["WINDOWS-1252", "CP1252"], .windowsCP1252),
    ]

    /// What is wrong with a document's encoding, and where.
    struct Problem: Error {
        var message: String
        var position: SourcePosition
    }

    /// `bytes` (after any UTF-8 byte-order mark) as UTF-8 for `XMLParser`:
    /// unchanged when they are UTF-8 already and every processing instruction
    /// has data, which keeps every position libxml2 reports.
    ///
    /// - Throws: ``Problem`` for an encoding not read, bytes that are not
    ///   text in the document's encoding, or a NUL, which XML never allows.
    static func utf8Document(_ bytes: Data) throws(Problem) -> Data {
        let start = SourcePosition(line: 1, column: 1)
        let head = Array(bytes.prefix(4))
        var text: [UInt8]
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) || head == [0x3C, 0x00, 0x3F, 0x00]
            || head == [0x00, 0x3C, 0x00, 0x3F]
        {
            let bigEndian = head.starts(with: [0xFE, 0xFF]) || head.first == 0x00
            let units = head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) ? bytes.dropFirst(2) : bytes[...]
            guard units.count.isMultiple(of: 2),
                let string = String(data: Data(units), encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian)
            else {
                throw Problem(message: "expected UTF-16 text after the byte-order mark, found bytes that are not", position: start)
            }
            text = Array(string.utf8)
        } else {
            text = Array(bytes)
            if let (name, range) = declaredEncoding(in: text) {
                guard let encoding = supported.first(where: { $0.names.contains { $0.caseInsensitiveCompare(name) == .orderedSame } })?.encoding
                else {
                    throw Problem(
                        message: "the XML declaration names the encoding '\(name)', which is not read; "
                            + "expected UTF-8 (or UTF-16, US-ASCII, ISO-8859-1, windows-1252)",
                        position: SourcePosition(line: 1, column: range.lowerBound + 1))
                }
                if encoding == .isoLatin1 || encoding == .windowsCP1252 {
                    guard let string = String(data: bytes, encoding: encoding) else {
                        throw Problem(message: "expected text in \(name), found bytes that are not", position: start)
                    }
                    text = Array(string.utf8)
                }
            }
            if let offset = firstInvalidUTF8(in: text) {
                throw Problem(
                    message: "expected UTF-8 text (or the encoding the XML declaration names), found a byte that is not",
                    position: SourcePosition(offset: offset, in: text))
            }
        }
        if let offset = text.firstIndex(of: 0) {
            throw Problem(message: "a NUL character, which XML does not allow", position: SourcePosition(offset: offset, in: text))
        }
        // libxml2 switches to whatever the declaration names; the text is UTF-8 now, so it must say so.
        if let (name, range) = declaredEncoding(in: text), name.caseInsensitiveCompare("UTF-8") != .orderedSame {
            text.replaceSubrange(range, with: Array("UTF-8".utf8))
        }
        givingEveryInstructionData(&text)
        return Data(text)
    }

    /// Adds a space to every processing instruction without data, `<?pi?>`
    /// becoming `<?pi ?>`: for one without, libxml2 hands `XMLParser` no
    /// data at all, and `XMLParser` on Linux crashed reading it (a null
    /// `strlen`, found by fuzzing). Outside markup `<?` cannot stand, and
    /// inside a comment or CDATA the space changes nothing a track reads.
    private static func givingEveryInstructionData(_ text: inout [UInt8]) {
        var insertions: [Int] = []
        var index = 0
        while index + 1 < text.count {
            guard text[index] == UInt8(ascii: "<"), text[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < text.count, !" \t\r\n?<>".utf8.contains(text[end]) { end += 1 }
            if end > index + 2, text[end...].starts(with: "?>".utf8) { insertions.append(end) }
            index = end
        }
        for offset in insertions.reversed() { text.insert(UInt8(ascii: " "), at: offset) }
    }

    /// The byte offset of the first byte of `bytes` that is not part of valid UTF-8, if any.
    private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The name the declaration `<?xml … encoding="name" …?>` at the start of `text` gives, with its byte range.
    private static func declaredEncoding(in text: [UInt8]) -> (String, Range<Int>)? {
        guard text.starts(with: Array("<?xml".utf8)) else { return nil }
        let end = text.prefix(512).firstIndex(of: UInt8(ascii: ">")) ?? min(text.count, 512)
        let declaration = text[..<end]
        let key = Array("encoding".utf8)
        var from = declaration.startIndex
        while let found = declaration[from...].indices.first(where: { declaration[$0...].starts(with: key) }) {
            from = found + key.count
            if let named = value(after: from, in: declaration) { return named }
        }
        return nil
    }

    /// The quoted value of `= "value"` at `start`, with its range; to the end when its quote never closes.
    private static func value(after start: Int, in declaration: ArraySlice<UInt8>) -> (String, Range<Int>)? {
        var index = start
        let end = declaration.endIndex
        func skipSpace() {
            while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(declaration[index]) { index += 1 }
        }
        skipSpace()
        guard index < end, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpace()
        guard index < end, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = declaration[index]
        let nameStart = index + 1
        let nameEnd = declaration[nameStart...].firstIndex(of: quote) ?? end
        return (String(decoding: declaration[nameStart..<nameEnd], as: UTF8.self), nameStart..<nameEnd)
    }
}
