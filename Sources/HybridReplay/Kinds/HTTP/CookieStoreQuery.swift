extension CookieStoreQuery: StandardPayload {
    public static let eventKind = EventKind(.http, "getCookies")

    public static let eventDirection = Direction.effect

    public var summary: String { urlString }

    static func read(_ reader: inout FieldReader) -> CookieStoreQuery? {
        reader.string("url").map(CookieStoreQuery.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("url", urlString) }
}

// MARK: What the kind means

extension CookieStoreQuery {
    static let formatVersion = 1

    static let delivery = KindDelivery<CookieStoreQuery>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        CookieStoreQuery(url: rewriter.url(urlString, &placeholders))
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
