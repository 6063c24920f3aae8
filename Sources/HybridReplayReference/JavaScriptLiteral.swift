import HybridReplay

/// Source text for values spliced into JavaScript that `evaluateJavaScript` runs.
///
/// The seed builds its callback with `String(format: "executePromise('%@','%@')", guid, data)`,
/// which breaks on the first quote, backslash or newline in `data` and lets
/// data run as code. A JSON string literal is a JavaScript string literal;
/// on top of JSON's escapes these also escape U+2028 and U+2029 (line
/// terminators in JavaScript before ES2019) and `</`, so the text stays inert
/// even if it is later placed inside an HTML `<script>` element.
public enum JavaScriptLiteral {
    /// `text` as a double-quoted JavaScript string literal that evaluates to exactly `text`.
    public static func string(_ text: String) -> String {
        escape(JSONValue.string(text).description)
    }

    /// `value` as a JavaScript expression that evaluates to an equal value.
    public static func value(_ value: JSONValue) -> String {
        escape(value.description)
    }

    private static func escape(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        var previous: Character?
        for character in json {
            switch character {
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            case "/" where previous == "<": result += "\\/"
            default: result.append(character)
            }
            previous = character
        }
        return result
    }
}
