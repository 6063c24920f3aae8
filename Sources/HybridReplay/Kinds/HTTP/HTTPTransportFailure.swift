extension HTTPTransportFailure: StandardPayload {
    public static let eventKind = EventKind(.http, "error")

    public static let eventDirection = Direction.stimulus

    /// `-1001 NSURLErrorDomain: timed out after 1 s`.
    public var summary: String { "\(code) \(domain): \(message)" }

    static func read(_ reader: inout FieldReader) -> HTTPTransportFailure? {
        let code = reader.integer("code")
        let domain = reader.string("domain")
        let message = reader.string("message")
        if let domain, domain.isEmpty {
            reader.report("domain", "the error domain is empty; a URLError's is 'NSURLErrorDomain'")
            return nil
        }
        guard let code, let domain, let message else { return nil }
        return HTTPTransportFailure(code: code, domain: domain, message: message)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("code", code)
        writer.write("domain", domain)
        writer.write("message", message)
    }
}

// MARK: What the kind means

extension HTTPTransportFailure {
    static let formatVersion = 2

    static let delivery = KindDelivery<HTTPTransportFailure>.answer

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.answers([HTTPRequest.eventKind], required: true)

    static let causeRule = CauseRule.free

    /// The message is the error's description, which a transport of the
    /// app's own may write with the URL or the credential it sent.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var failure = self
        failure.message = rewriter.text(message, &placeholders)
        return failure
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
