import Foundation

/// Rewrites the places in an event payload where secrets hide: header
/// values, URLs, form bodies, free-form JSON and cookies.
///
/// A redaction rule says what to do with one kind of place (a header, a
/// URL, a JSON value); the rewriter knows where each kind of place occurs in
/// every payload type of format version 1, so rules never switch over
/// payload types themselves.
struct PayloadRewriter: Sendable {
    typealias Rewrite<Value> = @Sendable (Value, inout RedactionPlaceholders) -> Value

    /// Every header of requests, responses and loads.
    var header: Rewrite<HTTPHeader>?
    /// Every URL: of requests, loads, navigation actions, frames, cookie
    /// queries, and the `Location` and `Referer` headers.
    var url: Rewrite<String>?
    /// Every named field of a form body (`application/x-www-form-urlencoded`)
    /// or multipart form body, whatever its encoding: given the decoded name
    /// and value, the text to write instead, or `nil` to keep the value.
    var field: (@Sendable (_ name: String, _ value: String, inout RedactionPlaceholders) -> String?)?
    /// Every free-form value: JSON bodies, message bodies, replies and
    /// results, evaluation arguments, route parameters, published values and
    /// custom fields. Object-shaped fields are passed as one object.
    var json: Rewrite<JSONValue>?
    /// The text of every body that is neither JSON nor a form by its
    /// `Content-Type` (given as text, or as bytes that are UTF-8), of
    /// every form and multipart body after its fields, the source of every
    /// `evaluateJavaScript` call and every user script, the texts of
    /// JavaScript dialogs and their answers, the error messages of replies,
    /// results, HTTP failures, navigation failures and scheme answers, the
    /// value of every header that is not a URL (after the `header` rule), and
    /// every UTF-8 piece an app serves through its own
    /// scheme (`scheme.data`, whose JSON documents the `json` rule searches too).
    var text: Rewrite<String>?
    /// Every cookie the cookie store is given or answers with.
    var cookie: Rewrite<Cookie>?

    /// A rewriter that rewrites each place with `self`, then with `next`.
    func followed(by next: PayloadRewriter) -> PayloadRewriter {
        PayloadRewriter(
            header: Self.compose(header, next.header), url: Self.compose(url, next.url),
            field: Self.compose(field, next.field), json: Self.compose(json, next.json), text: Self.compose(text, next.text),
            cookie: Self.compose(cookie, next.cookie))
    }

    private static func compose<Value>(_ first: Rewrite<Value>?, _ second: Rewrite<Value>?) -> Rewrite<Value>? {
        guard let first else { return second }
        guard let second else { return first }
        return { value, placeholders in second(first(value, &placeholders), &placeholders) }
    }

    private static func compose(
        _ first: (@Sendable (String, String, inout RedactionPlaceholders) -> String?)?,
        _ second: (@Sendable (String, String, inout RedactionPlaceholders) -> String?)?
    ) -> (@Sendable (String, String, inout RedactionPlaceholders) -> String?)? {
        guard let first else { return second }
        guard let second else { return first }
        return { name, value, placeholders in
            let replaced = first(name, value, &placeholders)
            return second(name, replaced ?? value, &placeholders) ?? replaced
        }
    }

    /// Headers whose value is a URL.
    private static let urlHeaders: Set<String> = ["location", "referer", "content-location"]

    /// `payload` with every place this rewriter covers rewritten: the places
    /// its kind's description names (``StandardPayload/rewritten(by:_:)``),
    /// or a custom event's fields.
    func apply(to payload: any EventPayload, _ placeholders: inout RedactionPlaceholders) -> any EventPayload {
        if let standard = payload as? any StandardPayload { return standard.rewritten(by: self, &placeholders) }
        if var custom = payload as? CustomEvent {
            custom.fields = object(custom.fields, &placeholders)
            return custom
        }
        return payload
    }

    // MARK: The places, for the kinds' descriptions

    func text(_ value: String, _ placeholders: inout RedactionPlaceholders) -> String {
        text?(value, &placeholders) ?? value
    }

    func json(_ value: JSONValue, _ placeholders: inout RedactionPlaceholders) -> JSONValue {
        json?(value, &placeholders) ?? value
    }

    /// A value with no member name of its own, hidden as the member `name`
    /// would be: a bare value posted to a handler named `saveToken`, what a
    /// script reading `authToken` answers.
    func named(_ value: JSONValue, _ name: String, _ placeholders: inout RedactionPlaceholders) -> JSONValue {
        json(.object([name: value]), &placeholders).objectValue?[name] ?? value
    }

    func object(_ members: [String: JSONValue], _ placeholders: inout RedactionPlaceholders) -> [String: JSONValue] {
        guard let json else { return members }
        return json(.object(members), &placeholders).objectValue ?? members
    }

    /// A URL; a `javascript:` URL, whose script a page's link runs, is read as script text too.
    func url(_ text: String, _ placeholders: inout RedactionPlaceholders) -> String {
        let rewritten = url?(text, &placeholders) ?? text
        guard rewritten.prefix(11).lowercased() == "javascript:" else { return rewritten }
        return self.text(rewritten, &placeholders)
    }

    func cookie(_ value: Cookie, _ placeholders: inout RedactionPlaceholders) -> Cookie {
        cookie?(value, &placeholders) ?? value
    }

    func frame(_ frame: Frame?, _ placeholders: inout RedactionPlaceholders) -> Frame? {
        guard var frame, let address = frame.urlString else { return frame }
        frame.urlString = url(address, &placeholders)
        return frame
    }

    /// A value as free-form JSON; an error message, which app code or a
    /// page's exception wrote (`token … expired`), as text.
    func outcome(_ outcome: Outcome, _ placeholders: inout RedactionPlaceholders) -> Outcome {
        switch outcome {
        case .value(let value): .value(json(value, &placeholders))
        case .error(let message): .error(text(message, &placeholders))
        }
    }

    func headers(_ headers: [HTTPHeader], _ placeholders: inout RedactionPlaceholders) -> [HTTPHeader] {
        headers.map { original in
            var header = header?(original, &placeholders) ?? original
            if Self.urlHeaders.contains(header.name.lowercased()) {
                header.value = url(header.value, &placeholders)
            } else {
                // A URL inside another header (`Refresh: 0; url=…?access_token=…`, `Link: <…>`) is read as text.
                header.value = text(header.value, &placeholders)
            }
            return header
        }
    }

    /// `body` with its fields rewritten as its `Content-Type` says, whatever
    /// its encoding: a JSON document given as text or bytes is rewritten as
    /// JSON and, when that changes it, stored as `json`; a form or multipart
    /// body given as bytes is rewritten as text and, when that changes it,
    /// stored as `text`. A body nothing changes keeps its encoding.
    func body(_ body: HTTPBody?, headers: [HTTPHeader], _ placeholders: inout RedactionPlaceholders) -> HTTPBody? {
        guard let body else { return nil }
        if case .json(let value) = body { return .json(json(value, &placeholders)) }
        let type = BodyMediaType(headers: headers, body: body)
        switch body.document(as: type) {
        case .json(let value)?:
            guard let json else { return body }
            let rewritten = json(value, &placeholders)
            return rewritten == value ? body : .json(rewritten)
        case .text(let original)?:
            var rewritten = original
            if let field, type.isForm {
                rewritten = FormFields.rewrite(query: Substring(rewritten)) { name, value in field(name, value, &placeholders) }
            } else if let field, let boundary = type.boundary {
                rewritten = FormFields.rewrite(multipart: rewritten, boundary: boundary) { name, value in
                    field(name, value, &placeholders)
                }
            }
            if let text { rewritten = text(rewritten, &placeholders) }
            return rewritten == original ? body : .text(rewritten)
        case .bytes?, nil:
            if case .bytes(let data) = body, let field, let boundary = type.boundary {
                return .bytes(Self.rewriteMultipart(binary: data, boundary: boundary) { field($0, $1, &placeholders) })
            }
            guard let text else { return body }
            switch body {
            case .text(let original):
                return .text(text(original, &placeholders))
            case .bytes(let data):
                guard let original = String(bytes: data, encoding: .utf8) else { return body }
                let rewritten = text(original, &placeholders)
                return rewritten == original ? body : .text(rewritten)
            case .json:
                return body
            }
        }
    }

    /// A piece of what the app serves through its own scheme, rewritten in
    /// place: an app that proxies an API answer (as Capacitor's HTTP plugin
    /// does) serves a token there. A piece that is a JSON document has the
    /// string values the JSON rules hide replaced where they stand, so its
    /// spacing and key order are kept; then the text rules apply. A piece
    /// that is not UTF-8 is kept; the recorder still replaces values it
    /// redacted elsewhere in its bytes (see ``RedactedValues``).
    func schemeAnswer(_ data: Data, _ placeholders: inout RedactionPlaceholders) -> Data {
        guard let original = String(bytes: data, encoding: .utf8), Data(original.utf8) == data else { return data }
        var rewritten = original
        if let json, let document = embeddedJSON(original) {
            var hidden: [(String, String)] = []
            Self.changedStrings(document, json(document, &placeholders), into: &hidden)
            for (secret, placeholder) in hidden {
                rewritten = rewritten.replacingOccurrences(
                    of: CanonicalPrinter.compactText(.string(secret)), with: CanonicalPrinter.compactText(.string(placeholder)))
            }
        }
        if let text { rewritten = text(rewritten, &placeholders) }
        return rewritten == original ? data : Data(rewritten.utf8)
    }

    /// Each string of `before` that `after` holds another string in place of.
    static func changedStrings(_ before: JSONValue, _ after: JSONValue, into pairs: inout [(String, String)]) {
        switch before {
        case .string(let old):
            if case .string(let new) = after, old != new { pairs.append((old, new)) }
        case .object(let old):
            guard case .object(let new) = after else { return }
            for (key, value) in old.sorted(by: { $0.key < $1.key }) {
                if let replaced = new[key] { changedStrings(value, replaced, into: &pairs) }
            }
        case .array(let old):
            guard case .array(let new) = after, old.count == new.count else { return }
            for (value, replaced) in zip(old, new) { changedStrings(value, replaced, into: &pairs) }
        case .null, .bool, .number:
            return
        }
    }

    /// A multipart body that is not UTF-8, such as one uploading an image
    /// beside a password field, with its fields rewritten and every other
    /// byte kept: each byte is read as the Latin-1 character of the same
    /// value, which maps bytes to text and back one to one.
    private static func rewriteMultipart(
        binary data: Data, boundary: String, _ transform: FormFields.Transform
    ) -> Data {
        let latin1 = String(String.UnicodeScalarView(data.map { Unicode.Scalar($0) }))
        // Replacements are placeholders, which are ASCII, so they fit in Latin-1.
        let rewritten = FormFields.rewrite(multipart: latin1, boundary: boundary, transform)
        guard rewritten != latin1 else { return data }
        return Data(rewritten.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
    }
}
