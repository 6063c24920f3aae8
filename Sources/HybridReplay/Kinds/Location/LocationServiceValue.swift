extension LocationServiceValue: StandardPayload {
    public static let eventKind = EventKind(.location, "publish")

    public static let eventDirection = Direction.effect

    public var summary: String { "\(stream) \(value)" }

    static func read(_ reader: inout FieldReader) -> LocationServiceValue? {
        let stream = reader.string("stream")
        let value = reader.json("value")
        guard let stream, let value else { return nil }
        return LocationServiceValue(stream: stream, value: value)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("stream", stream)
        writer.write("value", value)
    }
}

// MARK: What the kind means

extension LocationServiceValue {
    static let formatVersion = 1

    static let delivery = KindDelivery<LocationServiceValue>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var published = self
        published.value = rewriter.json(value, &placeholders)
        return published
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
