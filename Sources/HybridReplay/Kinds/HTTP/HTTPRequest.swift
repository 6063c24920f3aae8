extension HTTPRequest: StandardPayload {
    public static let eventKind = EventKind(.http, "request")

    public static let eventDirection = Direction.effect

    public var summary: String {
        "\(method) \(urlString)" + headers.values(named: "Cookie").map { " cookie: \($0)" }.joined()
    }

    static func read(_ reader: inout FieldReader) -> HTTPRequest? {
        let method = reader.string("method")
        let url = reader.string("url")
        let headers = reader.nestedArray("headers", HTTPHeader.read)
        let body = reader.nested("body", required: false, HTTPBody.read)
        guard let method, let url, let headers else { return nil }
        return HTTPRequest(method: method, url: url, headers: headers, body: body)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("method", method)
        writer.write("url", urlString)
        writer.writeArray("headers", headers) { $1.write(&$0) }
        if let body { writer.writeObject("body", body.write) }
    }
}

// MARK: What the kind means

extension HTTPRequest {
    static let formatVersion = 1

    static let delivery = KindDelivery<HTTPRequest>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var request = self
        request.urlString = rewriter.url(urlString, &placeholders)
        request.body = rewriter.body(body, headers: headers, &placeholders)
        request.headers = rewriter.headers(headers, &placeholders)
        return request
    }

    func recordedForm() -> Self {
        var request = self
        request.body = body.map { RecordedForm.written($0, headers) }
        request.headers = RecordedForm.written(headers)
        return request
    }

    func comparedForm() -> Self {
        var request = self
        request.body = PayloadComparison.comparable(body, headers)
        return request
    }
}
