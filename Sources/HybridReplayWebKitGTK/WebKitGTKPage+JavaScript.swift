#if WebKitGTK
import CWebKitGTK
import HybridReplaySeams

/// A JavaScript completion handler as the seam passes it.
typealias JavaScriptCompletion = @MainActor @Sendable (Result<JSONValue, JavaScriptError>) -> Void

/// Calls `completion` with `result` on the main actor, where WebKit calls
/// JavaScript completion handlers; WebKitGTK answers on the GTK thread.
func complete(_ completion: JavaScriptCompletion?, with result: Result<JSONValue, JavaScriptError>) {
    guard let completion else { return }
    performOnMainActor { completion(result) }
}

extension WebKitGTKPage {
    /// Evaluates `script` in the main frame, in `world`.
    func evaluateJavaScript(_ script: String, world: ContentWorld, completion: JavaScriptCompletion?) {
        guard !isClosed else {
            complete(completion, with: .failure(JavaScriptError("the web view was closed")))
            return
        }
        let call = Unmanaged.passRetained(JavaScriptCall(completion)).toOpaque()
        webkit_web_view_evaluate_javascript(view, script, -1, Self.worldName(world), nil, nil, { source, result, data in
            guard let data else { return }
            let call = Unmanaged<JavaScriptCall>.fromOpaque(data).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let value = webkit_web_view_evaluate_javascript_finish(hr_as_web_view(source), result, &error)
            call.finish(value, error: error)
        }, call)
    }

    /// Runs `body` as an async function whose parameters are `arguments`.
    ///
    /// Each argument crosses as a string of JSON text in the `a{sv}`
    /// dictionary WebKit binds to parameters, and a prefix parses it back in
    /// place. WebKitGTK documents no GVariant form for JavaScript `null`, and
    /// a GVariant number needs an integer or double type chosen for it; JSON
    /// text keeps every ``JSONValue`` exact. Either way a string is data,
    /// never source, so quotes, newlines or `</script>` arrive intact. The
    /// prefix means a `"use strict"` directive at the top of `body` is no
    /// longer a directive.
    func callAsyncJavaScript(
        _ body: String, arguments: [String: JSONValue], world: ContentWorld, completion: JavaScriptCompletion?
    ) {
        guard !isClosed else {
            complete(completion, with: .failure(JavaScriptError("the web view was closed")))
            return
        }
        let names = arguments.keys.sorted()
        if let bad = names.first(where: { !Self.isIdentifier($0) }) {
            complete(completion, with: .failure(JavaScriptError("argument name '\(bad)' is not a JavaScript identifier")))
            return
        }
        // One line, so line numbers in the page's error messages stay the body's own.
        let prefix = names.map { "\($0) = JSON.parse(\($0)); " }.joined()
        let values = names.map { arguments[$0]?.description ?? "null" }
        let variant = Self.withCStrings(names) { keys in
            Self.withCStrings(values) { texts in hr_string_arguments(keys, texts, gsize(names.count)) }
        }
        let call = Unmanaged.passRetained(JavaScriptCall(completion)).toOpaque()
        webkit_web_view_call_async_javascript_function(
            view, prefix + body, -1, variant, Self.worldName(world), nil, nil,
            { source, result, data in
                guard let data else { return }
                let call = Unmanaged<JavaScriptCall>.fromOpaque(data).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let value = webkit_web_view_call_async_javascript_function_finish(
                    hr_as_web_view(source), result, &error)
                call.finish(value, error: error)
            }, call)
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "$" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }

    /// Calls `body` with `strings` as a C array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// One JavaScript call in flight: its completion handler, kept until WebKit answers.
private final class JavaScriptCall {
    let completion: JavaScriptCompletion?

    init(_ completion: JavaScriptCompletion?) { self.completion = completion }

    /// The exception's own message: WebKitGTK prefixes `<url>:<line>:<column>: `
    /// (`<url>:<line>: ` for a syntax error), WKWebView reports the message
    /// alone, and a recording must match either.
    static func withoutSourceLocation(_ message: String) -> String {
        guard let range = message.firstMatch(of: /:\d+(:\d+)?:[ ]/)?.range else { return message }
        return String(message[range.upperBound...])
    }

    func finish(_ value: OpaquePointer?, error: UnsafeMutablePointer<GError>?) {
        defer {
            if let value { g_object_unref(UnsafeMutableRawPointer(value)) }
            if let error { g_error_free(error) }
        }
        // Read on the GTK thread, which owns the values; answered on the main actor.
        if let error {
            let message = error.pointee.message.map { String(cString: $0) } ?? "the script failed"
            complete(completion, with: .failure(JavaScriptError(Self.withoutSourceLocation(message))))
        } else if let value {
            complete(completion, with: JSCValueConversion.json(from: value, markDates: false))
        } else {
            complete(completion, with: .success(.null))
        }
    }
}
#endif
