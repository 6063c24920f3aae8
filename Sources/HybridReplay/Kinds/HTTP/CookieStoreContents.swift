extension CookieStoreContents: StandardPayload {
    public static let eventKind = EventKind(.http, "cookies")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        cookies.isEmpty ? "(none)" : cookies.map(\.summary).joined(separator: "; ")
    }

    static func read(_ reader: inout FieldReader) -> CookieStoreContents? {
        reader.nestedArray("cookies", Cookie.read).map(CookieStoreContents.init)
    }

    func write(_ writer: inout FieldWriter) { writer.writeArray("cookies", cookies) { $1.write(&$0) } }
}

// MARK: What the kind means

extension CookieStoreContents {
    static let formatVersion = 1

    static let delivery = KindDelivery<CookieStoreContents>.answer

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.answers([CookieStoreQuery.eventKind], required: true)

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        CookieStoreContents(cookies.map { rewriter.cookie($0, &placeholders) })
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
