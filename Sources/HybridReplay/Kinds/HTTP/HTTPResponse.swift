extension HTTPResponse: StandardPayload {
    public static let eventKind = EventKind(.http, "response")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        var text = "\(status)"
        if let location = headers.values(named: "Location").first { text += " → \(location)" }
        let cookies = headers.values(named: "Set-Cookie")
        if !cookies.isEmpty { text += " set-cookie: \(cookies.joined(separator: " | "))" }
        if let body { text += " (\(body.summary))" }
        return text
    }

    static func read(_ reader: inout FieldReader) -> HTTPResponse? {
        let status = reader.integer("status")
        let headers = reader.nestedArray("headers", HTTPHeader.read)
        let body = reader.nested("body", required: false, HTTPBody.read)
        if let status, !(100...599).contains(status) {
            reader.report("status", "HTTP status \(status) is outside 100...599")
            return nil
        }
        guard let status, let headers else { return nil }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("status", status)
        writer.writeArray("headers", headers) { $1.write(&$0) }
        if let body { writer.writeObject("body", body.write) }
    }
}

// MARK: What the kind means

extension HTTPResponse {
    static let formatVersion = 1

    static let delivery = KindDelivery<HTTPResponse>.answer

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.answers([HTTPRequest.eventKind], required: true)

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var response = self
        response.body = rewriter.body(body, headers: headers, &placeholders)
        response.headers = rewriter.headers(headers, &placeholders)
        return response
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self {
        var response = self
        response.body = PayloadComparison.comparable(body, headers)
        return response
    }
}
