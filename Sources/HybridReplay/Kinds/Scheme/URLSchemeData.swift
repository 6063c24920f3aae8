import Foundation

extension URLSchemeData: StandardPayload {
    public static let eventKind = EventKind(.scheme, "data")

    public static let eventDirection = Direction.effect

    public var summary: String {
        String(data: data, encoding: .utf8) != nil ? "\(byteCount(data.count)) of text" : byteCount(data.count)
    }

    /// The piece as text when it is UTF-8 that reads back to the same bytes,
    /// so HTML and scripts stay readable in a diff; as base64 otherwise.
    static func read(_ reader: inout FieldReader) -> URLSchemeData? {
        let text = reader.optionalString("text")
        let base64 = reader.optionalString("base64")
        guard (text == nil) != (base64 == nil) else {
            reader.report(nil, "a scheme.data piece has exactly one of 'text' or 'base64'")
            return nil
        }
        if let text { return URLSchemeData(Data(text.utf8)) }
        guard let base64, let data = Data(base64Encoded: base64) else {
            reader.report("base64", "not valid base64")
            return nil
        }
        return URLSchemeData(data)
    }

    func write(_ writer: inout FieldWriter) {
        if let text = String(data: data, encoding: .utf8), Data(text.utf8) == data {
            writer.write("text", text)
        } else {
            writer.write("base64", data.base64EncodedString())
        }
    }
}

// MARK: What the kind means

extension URLSchemeData {
    static let formatVersion = 2

    static let delivery = KindDelivery<URLSchemeData>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        URLSchemeData(rewriter.schemeAnswer(data, &placeholders))
    }

    func recordedForm() -> Self { self }

    /// A piece that is by itself a whole JSON object or array is compared as
    /// the value it holds, whatever order its keys are in: a cassette recorded
    /// before the recorder sorted them (see ``recordedForm(answering:)``) still
    /// matches. Every other piece is compared byte for byte.
    func comparedForm() -> Self {
        guard let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let value = try? JSONReader.platformDefault.read([UInt8](data))
        else { return self }
        return URLSchemeData(Data(CanonicalPrinter.compactText(value).utf8))
    }

    /// The piece as the recorder writes it, and as a replay takes it from the
    /// app before cutting it at the recorded pieces' sizes: when `head` — the
    /// `scheme.response` the app sent before it — says JSON (a MIME type or
    /// `Content-Type` of `application/json`, `text/json` or `+json`) and the
    /// piece is by itself a whole JSON object or array, the piece is written
    /// compactly with sorted keys, as `JSONEncoder` without `.sortedKeys` does
    /// not on Linux. Only a piece that is exactly such a document is
    /// rewritten (see ``ExactJSONText``): a JSON answer the app sends in
    /// several pieces, text that is not JSON, and numbers a `Double` does not
    /// hold stay byte for byte.
    func recordedForm(answering head: URLSchemeResponse?) -> Self {
        guard let head,
            BodyMediaType(contentType: head.mimeType ?? head.headers.values(named: "Content-Type").first).isJSON,
            let value = ExactJSONText.value(of: [UInt8](data))
        else { return self }
        switch value {
        case .object, .array: return URLSchemeData(Data(CanonicalPrinter.compactText(value).utf8))
        default: return self
        }
    }
}

// MARK: In the web half

extension URLSchemeData: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .answer }
}
