extension LocationAuthorizationRequest: StandardPayload {
    public static let eventKind = EventKind(.location, "requestAuthorization")

    public static let eventDirection = Direction.effect

    public var summary: String { level.rawValue }

    static func read(_ reader: inout FieldReader) -> LocationAuthorizationRequest? {
        reader.known("level", AuthorizationLevel.self).map(LocationAuthorizationRequest.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("level", level) }
}

// MARK: What the kind means

extension LocationAuthorizationRequest {
    static let formatVersion = 1

    static let delivery = KindDelivery<LocationAuthorizationRequest>.effect(answersOn: .anywhere)

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
