import Foundation
import HybridReplay

/// The encodings a GPX document may be in, checked before `XMLParser` sees it.
///
/// On Linux `XMLParser` is libxml2, which converts other encodings through
/// iconv; with a stateful one such as UTF-7 it crashed the process on a
/// malformed document (a null read in `xmlParseChunk`, found by fuzzing:
/// docs/fuzzing.md). GPX files are written in UTF-8 (Xcode, devices, most
/// tools), now and then in UTF-16 or a Latin encoding, so those are read and
/// anything else is a clear error rather than a conversion libxml2 may not survive.
enum GPXEncoding {
    /// The encodings read, by the names an XML declaration gives them (compared ignoring case).
    static let supported = [
        "UTF-8", "UTF8", "UTF-16", "UTF16", "UTF-16LE", "UTF-16BE", "US-ASCII", "ASCII", "ISO-8859-1", "ISO_8859-1",
        "LATIN1", "ISO-LATIN-1", "ISO-8859-15", "WINDOWS-1252", "CP1252",
    ]

    /// What is wrong with the encoding of `bytes`, and where; `nil` when it is one that is read.
    ///
    /// The encoding is the one the XML declaration names, in a document in
    /// UTF-8 (with or without a byte-order mark) or UTF-16 (with a byte-order
    /// mark, or starting with `<?` in UTF-16); a document in none of these,
    /// such as UCS-4 or EBCDIC, is not read at all.
    static func problem(in bytes: some Collection<UInt8>) -> (message: String, position: SourcePosition)? {
        let start = SourcePosition(line: 1, column: 1)
        let prefix = Array(bytes.prefix(512))
        let text: [UInt8]
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) {
            text = Array(prefix.dropFirst(3))
        } else if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            text = narrowed(prefix, bigEndian: false)
        } else if prefix.starts(with: [0xFE, 0xFF]) || prefix.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            text = narrowed(prefix, bigEndian: true)
        } else if prefix.first == 0x00 || prefix.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) {
            return ("expected a GPX document in UTF-8 or UTF-16, found another encoding (UCS-4 or EBCDIC)", start)
        } else {
            text = prefix
        }
        guard let (name, column) = declaredEncoding(in: text) else { return nil }
        guard !supported.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
        return (
            "the XML declaration names the encoding '\(name)', which is not read; "
                + "expected UTF-8 (or UTF-16, US-ASCII, ISO-8859-1, ISO-8859-15, windows-1252)",
            SourcePosition(line: 1, column: column)
        )
    }

    /// The UTF-16 code units of `bytes` that are ASCII, as bytes; any other unit ends the text.
    private static func narrowed(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        var text: [UInt8] = []
        var index = 0
        while index + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            let unit = UInt16(high) << 8 | UInt16(low)
            index += 2
            if unit == 0xFEFF, index == 2 { continue }
            guard unit < 0x80 else { break }
            text.append(UInt8(unit))
        }
        return text
    }

    /// The name the declaration `<?xml … encoding="name" …?>` at the start of `text` gives, with its column.
    private static func declaredEncoding(in text: [UInt8]) -> (String, Int)? {
        guard text.starts(with: Array("<?xml".utf8)) else { return nil }
        let end = text.firstIndex(of: UInt8(ascii: ">")) ?? text.endIndex
        let declaration = text[..<end]
        let key = Array("encoding".utf8)
        var from = declaration.startIndex
        while let found = declaration[from...].indices.first(where: { declaration[$0...].starts(with: key) }) {
            from = found + key.count
            if let named = value(after: from, in: declaration) { return named }
        }
        return nil
    }

    /// The quoted value of `= "value"` at `index`, with the column it starts at; to the end when unquoted at the end.
    private static func value(after start: Int, in declaration: ArraySlice<UInt8>) -> (String, Int)? {
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
        return (String(decoding: declaration[nameStart..<nameEnd], as: UTF8.self), nameStart + 1)
    }
}
