#if WebKitGTK
import CWebKitGTK
import HybridReplayJSON
import HybridReplaySeams

/// Converts between JavaScriptCore values the UI process receives and
/// ``JSONValue``, through JSON text, as `WKWebView` bridges through property lists.
enum JSCValueConversion {
    /// Turns Dates into `{"$date": "<ISO 8601>"}` while stringifying, as
    /// ``ScriptMessage/dateMarker`` records them; JSON.stringify alone would
    /// leave a bare string that replay cannot tell from a string.
    private static let markingDates = """
        (value) => JSON.stringify(value, function (key, converted) {
            const raw = this[key];
            return raw instanceof Date && !isNaN(raw) ? { "$date": raw.toISOString() } : converted;
        })
        """

    /// The value as JSON; `undefined` becomes `null`.
    ///
    /// - Parameter markDates: Whether `Date`s become ``ScriptMessage/date(_:)``
    ///   markers (message bodies) or ISO strings, as JSON.stringify writes them.
    /// - Returns: The value, or why it has no JSON form (a function, a cycle).
    static func json(from value: OpaquePointer, markDates: Bool) -> Result<JSONValue, JavaScriptError> {
        if jsc_value_is_undefined(value) != 0 || jsc_value_is_null(value) != 0 { return .success(.null) }
        guard let context = jsc_value_get_context(value) else {
            return .failure(JavaScriptError("the value has no JavaScript context to convert it in"))
        }
        let text: String?
        if markDates {
            text = stringify(value, in: context)
        } else {
            text = jsc_value_to_json(value, 0).map(takeString)
        }
        if let exception = jsc_context_get_exception(context) {
            let message = jsc_exception_to_string(exception).map(takeString) ?? "an exception"
            jsc_context_clear_exception(context)
            return .failure(JavaScriptError("the value cannot be converted to JSON: \(message)"))
        }
        guard let text else {
            return .failure(JavaScriptError("the value has no JSON form (a function, symbol or undefined member)"))
        }
        do {
            return .success(try JSONReader.platformDefault.read(Array(text.utf8)))
        } catch {
            return .failure(JavaScriptError("the page's JSON cannot be read: \(error)"))
        }
    }

    /// A JavaScript value in `context` holding `json`, or `nil` if JSC rejects the text.
    static func value(from json: JSONValue, in context: OpaquePointer) -> OpaquePointer? {
        let value = jsc_value_new_from_json(context, json.description)
        if jsc_context_get_exception(context) != nil {
            jsc_context_clear_exception(context)
            if let value { g_object_unref(UnsafeMutableRawPointer(value)) }
            return nil
        }
        return value
    }

    private static func stringify(_ value: OpaquePointer, in context: OpaquePointer) -> String? {
        guard let function = jsc_context_evaluate(context, markingDates, -1) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(function)) }
        var arguments: [OpaquePointer?] = [value]
        guard let result = jsc_value_function_callv(function, 1, &arguments) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(result)) }
        guard jsc_value_is_string(result) != 0 else { return nil }
        return jsc_value_to_string(result).map(takeString)
    }
}

/// Copies a string GLib allocated and frees it.
func takeString(_ pointer: UnsafeMutablePointer<CChar>) -> String {
    defer { g_free(pointer) }
    return String(cString: pointer)
}
#endif
