extension NavigationLoad: StandardPayload {
    public static let eventKind = EventKind(.navigation, "load")

    public static let eventDirection = Direction.effect

    public var summary: String { "\(method) \(urlString)" + (body.map { " (\($0.summary))" } ?? "") }

    static func read(_ reader: inout FieldReader) -> NavigationLoad? {
        let url = reader.string("url")
        let method = reader.string("method")
        let headers = reader.nestedArray("headers", required: false, HTTPHeader.read) ?? []
        let body = reader.nested("body", required: false, HTTPBody.read)
        guard let url, let method else { return nil }
        return NavigationLoad(url: url, method: method, headers: headers, body: body)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", urlString)
        writer.write("method", method)
        if !headers.isEmpty { writer.writeArray("headers", headers) { $1.write(&$0) } }
        if let body { writer.writeObject("body", body.write) }
    }
}

// MARK: What the kind means

extension NavigationLoad {
    static let formatVersion = 1

    static let delivery = KindDelivery<NavigationLoad>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var load = self
        load.urlString = rewriter.url(urlString, &placeholders)
        load.body = rewriter.body(body, headers: headers, &placeholders)
        load.headers = rewriter.headers(headers, &placeholders)
        return load
    }

    func recordedForm() -> Self {
        var load = self
        load.body = body.map { RecordedForm.written($0, headers) }
        load.headers = RecordedForm.written(headers)
        return load
    }

    func comparedForm() -> Self {
        var load = self
        load.body = PayloadComparison.comparable(body, headers)
        return load
    }
}

// MARK: In the web half

extension NavigationLoad: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .load(self) }
}
