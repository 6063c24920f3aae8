extension CookieStoreWrite: StandardPayload {
    public static let eventKind = EventKind(.http, "setCookie")

    public static let eventDirection = Direction.effect

    public var summary: String { cookie.summary }

    static func read(_ reader: inout FieldReader) -> CookieStoreWrite? {
        reader.nested("cookie", Cookie.read).map(CookieStoreWrite.init)
    }

    func write(_ writer: inout FieldWriter) { writer.writeObject("cookie", cookie.write) }
}

// MARK: What the kind means

extension CookieStoreWrite {
    static let formatVersion = 1

    static let delivery = KindDelivery<CookieStoreWrite>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        CookieStoreWrite(rewriter.cookie(cookie, &placeholders))
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
