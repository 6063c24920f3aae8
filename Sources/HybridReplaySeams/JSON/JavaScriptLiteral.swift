
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
    /// the HTML tokenizer and the JavaScript parser see the scalars.
    private static func escape(_ json: String) -> String {
        var result = String.UnicodeScalarView()
        result.reserveCapacity(json.utf8.count)
        var previous: Unicode.Scalar?
        for scalar in json.unicodeScalars {
            switch scalar {
            case "\u{2028}": result.append(contentsOf: "\\u2028".unicodeScalars)
            case "\u{2029}": result.append(contentsOf: "\\u2029".unicodeScalars)
            case "/" where previous == "<": result.append(contentsOf: "\\/".unicodeScalars)
            default: result.append(scalar)
            }
            previous = scalar
        }
        return String(result)
    }
}
