extension LocationServiceCompletion: StandardPayload {
    public static let eventKind = EventKind(.location, "complete")

    public static let eventDirection = Direction.effect

    public var summary: String { "\(stream) " + (error.map { "failed: \($0)" } ?? "finished") }

    static func read(_ reader: inout FieldReader) -> LocationServiceCompletion? {
        let stream = reader.string("stream")
        let error = reader.known("error", LocationErrorCode.self, required: false)
        return stream.map { LocationServiceCompletion(stream: $0, error: error) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("stream", stream)
        writer.write("error", error)
    }
}

// MARK: What the kind means

extension LocationServiceCompletion {
    static let formatVersion = 1

    static let delivery = KindDelivery<LocationServiceCompletion>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
