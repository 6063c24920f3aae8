import Foundation

/// The form in which the recorder writes what app code sent, so that
/// re-recording unchanged code gives the same, readable bytes: each kind's
/// description says it (``StandardPayload/recordedForm()``), with these rules.
///
/// - A script's JSON object literals are written with sorted keys (see
///   ``EmbeddedJSON/written(_:)``): `JSONEncoder` without `.sortedKeys`
///   orders keys differently in every process.
/// - A request or load body of JSON bytes or text, sent with a JSON
///   `Content-Type` (`application/json`, `text/json`, `+json`) or with none
///   when it is a JSON object or array (see ``BodyMediaType/init(headers:body:)``),
///   is written as `json` instead of `base64` or `text`: readable, and in one key order.
/// - A request or load body sent as `application/x-www-form-urlencoded` has
///   its fields written ordered by name, the fields of one name in the order
///   sent (see ``FormFields/ordered(_:)``): a form built from a dictionary
///   comes in another order in every process. Ordered before redaction, its
///   secrets are numbered alike whatever order the app sent.
/// - The header lines app code sends (a request, a load, a scheme handler's
///   response) are written by name, compared without regard to case, the
///   lines of one name in the order sent: a `URLRequest` or
///   `HTTPURLResponse` keeps its headers in a dictionary, whose order changes
///   from process to process, and a replay pairs header lines by name.
///
/// Only what a rewrite leaves exactly as sent is rewritten (see
/// ``ExactJSONText``); anything else is kept byte for byte. A replay and
/// `cassette diff` compare these payloads in ``ComparedForm``, in which the
/// app's bytes and the written JSON are the same. Stimuli keep the form the
/// app was handed, because a replay hands the app what the cassette holds.
enum RecordedForm {
    /// `payload` as the recorder writes it, before redaction.
    static func of(_ payload: any EventPayload) -> any EventPayload {
        (payload as? any StandardPayload)?.recordedForm() ?? payload
    }

    /// `headers` ordered by name (case-insensitively), the lines of one name as sent.
    static func written(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        headers.enumerated().sorted { left, right in
            let (leftName, rightName) = (left.element.name.lowercased(), right.element.name.lowercased())
            return leftName == rightName ? left.offset < right.offset : leftName < rightName
        }.map(\.element)
    }

    /// `body` as `json` when it is JSON by `headers` (or by itself, with no
    /// `Content-Type`) and its text is exactly a JSON document; with its
    /// fields ordered by name when it is an `application/x-www-form-urlencoded`
    /// form of UTF-8 text or bytes (see ``FormFields/ordered(_:)``), in the
    /// encoding it came in; otherwise `body`.
    static func written(_ body: HTTPBody, _ headers: [HTTPHeader]) -> HTTPBody {
        let type = BodyMediaType(headers: headers, body: body)
        if type.isForm { return orderedForm(body) }
        guard type.isJSON else { return body }
        let bytes: [UInt8]
        switch body {
        case .json: return body
        case .text(let text): bytes = Array(text.utf8)
        case .bytes(let data): bytes = [UInt8](data)
        }
        return ExactJSONText.value(of: bytes).map(HTTPBody.json) ?? body
    }
}

extension RecordedForm {
    /// A form body with its fields ordered by name, as text or bytes as it came.
    private static func orderedForm(_ body: HTTPBody) -> HTTPBody {
        switch body {
        case .text(let text):
            return FormFields.ordered(text).map(HTTPBody.text) ?? body
        case .bytes(let data):
            guard let text = String(bytes: data, encoding: .utf8), let ordered = FormFields.ordered(text) else { return body }
            return .bytes(Data(ordered.utf8))
        case .json:
            return body
        }
    }
}
