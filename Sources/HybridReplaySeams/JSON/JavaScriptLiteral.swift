
/// Source text for values spliced into JavaScript that `evaluateJavaScript` runs.
///
/// The seed builds its callback with `String(format: "executePromise('%@','%@')", guid, data)`,
/// which breaks on the first quote, backslash or newline in `data` and lets
/// data run as code. A JSON string literal is a JavaScript string literal;
/// on top of JSON's escapes these also escape U+2028 and U+2029 (line
/// terminators in JavaScript before ES2019) and `</`, so the text cannot end
/// an HTML `<script>` element it is later placed in. (`<!--` is left as it is:
/// it only matters for source embedded in HTML, never for `evaluateJavaScript`.)
public enum JavaScriptLiteral {
    /// `text` as a double-quoted JavaScript string literal that evaluates to exactly `text`.
    public static func string(_ text: String) -> String {
        escape(JSONValue.string(text).description)
    }

    /// `value` as a JavaScript expression that evaluates to an equal value.
    public static func value(_ value: JSONValue) -> String {
        escape(value.description)
    }

    /// Works on scalars, not `Character`s: a grapheme cluster can hide a `<`
    /// or a `/` (`"\u{600}<"` and `"/\u{301}"` are single characters), yet
    /// the HTML tokenizer and the JavaScript parser see the scalars. Read
    /// byte by byte, which is scalar by scalar here: `<` and `/` are ASCII,
    /// no byte of another scalar's UTF-8 is ASCII, and U+2028 and U+2029 are
    /// exactly `E2 80 A8` and `E2 80 A9`. Text with none of them (most)
    /// is returned as it is.
    private static func escape(_ json: String) -> String {
        var json = json
        let escaped = json.withUTF8 { bytes -> [UInt8]? in
            var result: [UInt8]?
            var copied = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var replacement: StaticString?
                var width = 1
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                {
                    replacement = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                } else if byte == UInt8(ascii: "/"), index > 0, bytes[index - 1] == UInt8(ascii: "<") {
                    replacement = "\\/"
                }
                if let replacement {
                    if result == nil {
                        result = []
                        result?.reserveCapacity(bytes.count + 8)
                    }
                    result?.append(contentsOf: bytes[copied..<index])
                    replacement.withUTF8Buffer { result?.append(contentsOf: $0) }
                    copied = index + width
                }
                index += width
            }
            guard var result else { return nil }
            result.append(contentsOf: bytes[copied...])
            return result
        }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? json
    }
}
