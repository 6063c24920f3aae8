import Foundation

extension URLSchemeResponse: StandardPayload {
    public static let eventKind = EventKind(.scheme, "response")

    public static let eventDirection = Direction.effect

    public var summary: String {
        (status.map { "\($0)" } ?? "URLResponse") + (mimeType.map { " \($0)" } ?? "")
            + (headers.values(named: "Content-Type").first.map { mimeType == nil ? " \($0)" : "" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> URLSchemeResponse? {
        let url = reader.string("url")
        let status = reader.integer("status", required: false)
        let mimeType = reader.optionalString("mimeType")
        let headers = reader.nestedArray("headers", HTTPHeader.read)
        if let status, !(100...599).contains(status) {
            reader.report("status", "HTTP status \(status) is outside 100...599")
            return nil
        }
        guard let url, let headers else { return nil }
        return URLSchemeResponse(url: url, status: status, mimeType: mimeType, headers: headers)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", urlString)
        writer.write("status", status)
        writer.write("mimeType", mimeType)
        writer.writeArray("headers", headers) { $1.write(&$0) }
    }
}

// MARK: What the kind means

extension URLSchemeResponse {
    static let formatVersion = 2

    static let delivery = KindDelivery<URLSchemeResponse>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var response = self
        response.urlString = rewriter.url(urlString, &placeholders)
        response.headers = rewriter.headers(headers, &placeholders)
        return response
    }

    func recordedForm() -> Self {
        var response = self
        response.headers = RecordedForm.written(headers)
        return response
    }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension URLSchemeResponse: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .answer }
}
