extension LocationDelegateChange: StandardPayload {
    public static let eventKind = EventKind(.location, "delegate")

    public static let eventDirection = Direction.effect

    public var summary: String { isSet ? "delegate set" : "delegate cleared" }

    static func read(_ reader: inout FieldReader) -> LocationDelegateChange? {
        reader.bool("set").map(LocationDelegateChange.init(isSet:))
    }

    func write(_ writer: inout FieldWriter) { writer.write("set", isSet) }
}

// MARK: What the kind means

extension LocationDelegateChange {
    static let formatVersion = 2

    static let delivery = KindDelivery<LocationDelegateChange>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
