import Foundation

extension URLSchemeData: StandardPayload {
    public static let eventKind = EventKind(.scheme, "data")

    public static let eventDirection = Direction.effect

    public var summary: String {
        String(data: data, encoding: .utf8) != nil ? "\(data.count) bytes of text" : "\(data.count) bytes"
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

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension URLSchemeData: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .answer }
}
