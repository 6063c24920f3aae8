import HybridReplaySeams

/// JSON object literals inside JavaScript source, written in one key order so
/// that two scripts that differ only in the order of an object's keys are the
/// same script.
///
/// A bridge answers the page with a script such as
/// `window.bank.resolve('p1', {"amount":42.5,"currency":"EUR"})`, the object
/// written by `JSONEncoder`. Without `.sortedKeys` the encoder's key order is
/// not stable: on Linux it changes from one process to the next. The
/// recorder writes such scripts with ``written(_:)``, so re-recording
/// unchanged code gives the same bytes; a replay and `cassette diff` compare
/// them with ``canonical(_:)``, so a cassette recorded before either side
/// sorted them still matches.
///
/// A string literal in `'` or `"` that stands as a value of its own — the
/// argument of `JSON.parse` (`resolve("1", JSON.parse("{\"b\":1,\"a\":2}"))`,
/// as an app writes to keep data from running as code) or of a page function
/// that parses it (`onSettings('{"b":1,"a":2}')`, the text
/// `JavaScriptLiteral.string(json)` gives) — is JSON too: when its content,
/// read as JavaScript reads the literal, is a JSON object or array, it is
/// written with sorted keys and quoted again with only the escapes that
/// literal's quote needs (`\\`, the quote, line terminators, `<\/`), so the
/// page parses an equal value. A literal joined with `+`, whose members are
/// read, in backquotes, or whose content is not a JSON object or array stays
/// as written. Arrays keep their order, and everything else in a script
/// stays as written.
package enum EmbeddedJSON {
    /// `script` with each JSON object literal outside a string rewritten compactly with sorted keys.
    ///
    /// Every literal that parses is rewritten, even one whose numbers a
    /// `Double` cannot hold exactly: two such scripts compare by the values
    /// a reader sees, as the rest of a payload does.
    package static func canonical(_ script: String) -> String {
        rewriting(script, stringLiterals: false, canonicalObject)
    }

    /// `script` as a replay and `cassette diff` compare it: ``canonical(_:)``,
    /// and every other string literal in `'` or `"` written as the one
    /// literal in `"` with the fewest escapes that stands for the same
    /// string, so two scripts that spell a string differently (`"\t"`,
    /// `"\u0009"`, `'\t'`) are the same script, as they are to the page. A
    /// literal this reading does not cover (legacy octal escapes, line
    /// continuations) stays as written.
    package static func compared(_ script: String) -> String {
        rewriting(script, stringLiterals: true, canonicalObject)
    }

    /// The JSON values in `script`, in order: each object literal outside a
    /// string that ``canonical(_:)`` reads, each array literal outside a
    /// string that JSON reads and that starts a value (after `(`, `,`, `=`,
    /// `:`, `[`, `{`, `?`, `;`, `>` or the script's start, so `rows[1]` is an
    /// index, not an array) with the objects in it, and each string literal
    /// that holds a JSON object or array as a value of its own; and the
    /// script with each written as `{}` or `[]` (a string literal's in its
    /// quotes): two scripts whose text around their values is the same
    /// differ only in those values.
    package static func documents(in script: String) -> (around: String, documents: [JSONValue]) {
        var documents: [JSONValue] = []
        let around = rewriting(script, stringLiterals: false, arrays: true, canonicalObject, standIn: { document in
            documents.append(document)
            if case .array = document { return .array([]) }
            return .object([:])
        })
        return (around, documents)
    }

    private static func canonicalObject(_ literal: [UInt8]) -> JSONValue? {
        (try? JSONReader.platformDefault.read(literal))?.objectValue.map(JSONValue.object)
    }

    /// `script` with each JSON object literal outside a string rewritten
    /// compactly with sorted keys, when the rewritten text holds exactly the
    /// value written (see ``ExactJSONText``); other literals stay byte for byte.
    package static func written(_ script: String) -> String {
        rewriting(script, stringLiterals: false) { literal in
            guard let value = ExactJSONText.value(of: literal), case .object = value else { return nil }
            return value
        }
    }

    /// `script` with each object literal outside a string for which `value` gives a value printed compactly in its
    /// place, and, with `stringLiterals`, each string literal in `'` or `"` written in its one canonical form.
    /// With `arrays`, an array literal outside a string that starts a value and that JSON reads is taken whole
    /// as well. `standIn` gives what is printed for each value taken (the value itself unless given).
    private static func rewriting(
        _ script: String, stringLiterals: Bool, arrays: Bool = false, _ value: ([UInt8]) -> JSONValue?,
        standIn: ((JSONValue) -> JSONValue)? = nil
    ) -> String {
        // Most scripts hold no object (nor, when string literals are rewritten, an escape or a single quote): they are not copied.
        guard
            script.utf8.contains(where: { byte in
                byte == UInt8(ascii: "{") || (arrays && byte == UInt8(ascii: "["))
                    || (stringLiterals && (byte == backslash || byte == UInt8(ascii: "'")))
            })
        else { return script }
        let bytes = Array(script.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var quote: UInt8?
        var changed = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                output.append(byte)
                if byte == backslash, index + 1 < bytes.count {
                    output.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == open { quote = nil }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                if byte != UInt8(ascii: "`"), let literal = parsedLiteral(bytes, at: index, value, standIn: standIn) {
                    changed = changed || literal.printed[...] != bytes[index...literal.end]
                    output += literal.printed
                    index = literal.end + 1
                    continue
                }
                if stringLiterals, byte == UInt8(ascii: "\""), let end = closingQuote(bytes, from: index),
                    isCanonical(bytes[(index + 1)..<end])
                {
                    // Already the one literal in `"` that stands for its string: kept as it is.
                    output += bytes[index...end]
                    index = end + 1
                    continue
                }
                if stringLiterals, byte != UInt8(ascii: "`"), let end = closingQuote(bytes, from: index),
                    let content = unescaped(bytes[(index + 1)..<end])
                {
                    let printed = quoted(String(decoding: content, as: UTF8.self), in: UInt8(ascii: "\""))
                    changed = changed || printed[...] != bytes[index...end]
                    output += printed
                    index = end + 1
                    continue
                }
                quote = byte
            } else if arrays, byte == UInt8(ascii: "["), startsValue(bytes, at: index),
                let end = closingBrace(bytes, from: index),
                let array = document(Array(bytes[index...end]), value)
            {
                let printed = Array(CanonicalPrinter.compactText(standIn?(array) ?? array).utf8)
                changed = true
                output += printed
                index = end + 1
                continue
            } else if byte == UInt8(ascii: "{"), startsObjectLiteral(bytes, at: index),
                let end = closingBrace(bytes, from: index),
                let object = value(Array(bytes[index...end]))
            {
                let printed = Array(CanonicalPrinter.compactText(standIn?(object) ?? object).utf8)
                changed = changed || printed[...] != bytes[index...end]
                output += printed
                index = end + 1
                continue
            }
            output.append(byte)
            index += 1
        }
        return changed ? String(decoding: output, as: UTF8.self) : script
    }

    private static let backslash = UInt8(ascii: "\\")

    /// Whether `content`, between two `"` of a literal that closes on its line, is the content
    /// ``quoted(_:in:)`` writes for the string it stands for in `"`: no escape, no U+2028 or U+2029
    /// (whose UTF-8 starts with 0xE2) and no `</`, so nothing of it is rewritten.
    private static func isCanonical(_ content: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in content {
            if byte == backslash || byte == 0xE2 || (byte == UInt8(ascii: "/") && previous == UInt8(ascii: "<")) {
                return false
            }
            previous = byte
        }
        return true
    }

    /// Whether the brace at `index` can open a JSON object: the next non-space byte starts a key or closes it.
    /// JavaScript blocks (`{ return x }`) are skipped without trying to parse them.
    private static func startsObjectLiteral(_ bytes: [UInt8], at index: Int) -> Bool {
        var next = index + 1
        while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
        return next < bytes.count && (bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "}"))
    }

    /// Whether the `[` at `index` starts a value of its own, as a literal does that ``standsAlone(_:from:to:)``:
    /// nothing but white space and one of `(`, `,`, `=`, `:`, `[`, `{`, `?`, `;`, `>` or the script's start before it.
    private static func startsValue(_ bytes: [UInt8], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0, isSpace(bytes[before]) { before -= 1 }
        return before < 0 || opensValue(bytes[before])
    }

    /// The index of the brace or bracket that closes the one at `start`, reading JSON strings; `nil` when none does.
    private static func closingBrace(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == backslash {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return (byte == UInt8(ascii: "}")) == (bytes[start] == UInt8(ascii: "{")) ? index : nil }
            }
            index += 1
        }
        return nil
    }

    // MARK: String literals that hold JSON

    /// The string literal whose quote is at `start`, rewritten: `nil` unless
    /// it stands as a value of its own (see ``standsAlone(_:from:to:)``) and
    /// its content is a JSON object or array for which `value` gives a value.
    private static func parsedLiteral(
        _ bytes: [UInt8], at start: Int, _ value: ([UInt8]) -> JSONValue?, standIn: ((JSONValue) -> JSONValue)?
    ) -> (printed: [UInt8], end: Int)? {
        guard let end = closingQuote(bytes, from: start), mayHoldDocument(bytes[(start + 1)..<end]),
            standsAlone(bytes, from: start, to: end),
            let content = unescaped(bytes[(start + 1)..<end]), let document = document(content, value)
        else { return nil }
        return (quoted(CanonicalPrinter.compactText(standIn?(document) ?? document), in: bytes[start]), end)
    }

    /// Whether the literal from `start` to `end` is a value of its own — an
    /// argument (`JSON.parse('…')`, `onSettings('…')`, a reviver after it),
    /// an assigned or returned value, an element or member value — rather
    /// than a piece of a longer string: nothing but `(`, `,`, `=`, `:`, `[`,
    /// `{`, `?`, `;`, `>` or the script's start before it, and nothing but
    /// `)`, `,`, `;`, `]`, `}`, `:` or the script's end after it. A literal
    /// joined with `+`, or whose members are read (`'…'.length`, `'…'[0]`),
    /// is not.
    private static func standsAlone(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        var before = start - 1
        while before >= 0, isSpace(bytes[before]) { before -= 1 }
        var after = end + 1
        while after < bytes.count, isSpace(bytes[after]) { after += 1 }
        return (before < 0 || opensValue(bytes[before])) && (after == bytes.count || closesValue(bytes[after]))
    }

    /// Whether a literal after `byte` starts a value of its own: `(`, `,`, `=`, `:`, `[`, `{`, `?`, `;` or `>`.
    private static func opensValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ","), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "["),
            UInt8(ascii: "{"), UInt8(ascii: "?"), UInt8(ascii: ";"), UInt8(ascii: ">"):
            return true
        default: return false
        }
    }

    /// Whether a literal before `byte` ends a value of its own: `)`, `,`, `;`, `]`, `}` or `:`.
    private static func closesValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ":"):
            return true
        default: return false
        }
    }

    /// Whether a literal's raw `content` can stand for a JSON object or array: its first byte other
    /// than white space is `{`, `[` or the `\` of an escape. Unescaping keeps every other byte, so
    /// any other first byte is the first of the text it stands for, and ``document(_:_:)`` takes none.
    private static func mayHoldDocument(_ content: ArraySlice<UInt8>) -> Bool {
        guard let first = content.first(where: { !isSpace($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == backslash
    }

    /// The index of the quote that closes the literal opened at `start`; `nil` when a line or the script ends first.
    private static func closingQuote(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == backslash {
                index += 2
                continue
            }
            if byte == bytes[start] { return index }
            if byte == 0x0A || byte == 0x0D { return nil }
            index += 1
        }
        return nil
    }


    /// The UTF-8 text a string literal's `content` stands for, read as JavaScript reads it;
    /// `nil` for what this reading does not cover (legacy octal escapes, line continuations,
    /// unpaired surrogates), which is then left as written.
    private static func unescaped(_ content: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var index = content.startIndex
        func append(_ scalar: Unicode.Scalar) { output += Array(String(scalar).utf8) }
        while index < content.endIndex {
            let byte = content[index]
            guard byte == backslash else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < content.endIndex else { return nil }
            let escaped = content[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "0"):
                guard index >= content.endIndex || !isDigit(content[index]) else { return nil }
                output.append(0)
            case UInt8(ascii: "x"):
                guard let code = hexValue(content, from: index, count: 2), let scalar = Unicode.Scalar(code) else { return nil }
                append(scalar)
                index += 2
            case UInt8(ascii: "u"):
                guard let (scalar, next) = unicodeEscape(content, from: index) else { return nil }
                append(scalar)
                index = next
            case UInt8(ascii: "1")...UInt8(ascii: "9"), 0x0A, 0x0D, 0xE2:
                // Legacy octal escapes and line continuations (after U+2028 and U+2029, whose UTF-8
                // starts with 0xE2, as do a few other characters rarely escaped): left as written.
                return nil
            default:
                // `\'`, `\"`, `\\`, `\/` and every other character stand for themselves.
                output.append(escaped)
            }
        }
        return output
    }

    /// The character of the `\u` escape whose digits start at `index` (`XXXX`, a surrogate pair
    /// of two such escapes, or `{X…}`), and the index after it.
    private static func unicodeEscape(_ content: ArraySlice<UInt8>, from index: Int) -> (Unicode.Scalar, Int)? {
        if index < content.endIndex, content[index] == UInt8(ascii: "{") {
            guard let close = content[index...].firstIndex(of: UInt8(ascii: "}")), (2...7).contains(close - index),
                let code = hexValue(content, from: index + 1, count: close - index - 1), let scalar = Unicode.Scalar(code)
            else { return nil }
            return (scalar, close + 1)
        }
        guard let unit = hexValue(content, from: index, count: 4) else { return nil }
        if let scalar = Unicode.Scalar(unit) { return (scalar, index + 4) }
        // A high surrogate must be followed by an escaped low one.
        guard (0xD800...0xDBFF).contains(unit), index + 10 <= content.endIndex, content[index + 4] == backslash,
            content[index + 5] == UInt8(ascii: "u"), let low = hexValue(content, from: index + 6, count: 4),
            (0xDC00...0xDFFF).contains(low),
            let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        else { return nil }
        return (scalar, index + 10)
    }

    private static func hexValue(_ bytes: ArraySlice<UInt8>, from index: Int, count: Int) -> UInt32? {
        guard count > 0, index + count <= bytes.endIndex else { return nil }
        return UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16)
    }

    /// The value of a JSON object or array `content`, as `value` judges it; `nil` for anything else.
    private static func document(_ content: [UInt8], _ value: ([UInt8]) -> JSONValue?) -> JSONValue? {
        guard let first = content.first(where: { !isSpace($0) }) else { return nil }
        if first == UInt8(ascii: "{") { return value(content) }
        guard first == UInt8(ascii: "[") else { return nil }
        // `value` judges objects: an array is judged as the one member of an object. One member
        // only, so that `[1], "b": [2]`, which JSON.parse rejects, is not taken for `[1]`.
        let wrapped = Array(#"{"":"#.utf8) + content + [UInt8(ascii: "}")]
        guard case .object(let members)? = value(wrapped), members.count == 1, let array = members[""] else { return nil }
        return array
    }

    /// `text` as a string literal in `quote` that evaluates to exactly `text`.
    ///
    /// Written byte by byte: every character escaped is ASCII but U+2028 and
    /// U+2029 (`E2 80 A8`, `E2 80 A9`), and no byte of another character's
    /// UTF-8 is an ASCII byte, so this is the text scalar by scalar.
    private static func quoted(_ text: String, in quote: UInt8) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 8)
            result.append(quote)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case backslash: result += [backslash, backslash]
                case quote: result += [backslash, quote]
                case 0x0A: result += [backslash, UInt8(ascii: "n")]
                case 0x0D: result += [backslash, UInt8(ascii: "r")]
                case UInt8(ascii: "/") where index > 0 && bytes[index - 1] == UInt8(ascii: "<"):
                    result += [backslash, UInt8(ascii: "/")]
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    result += Array((bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                    index += 3
                    continue
                default: result.append(byte)
                }
                index += 1
            }
            result.append(quote)
            return result
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

}
