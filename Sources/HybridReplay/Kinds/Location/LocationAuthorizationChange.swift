extension LocationAuthorizationChange: StandardPayload {
    public static let eventKind = EventKind(.location, "authorization")

    public static let eventDirection = Direction.stimulus

    public var summary: String { status.rawValue + (accuracy.map { " (\($0) accuracy)" } ?? "") }

    static func read(_ reader: inout FieldReader) -> LocationAuthorizationChange? {
        let status = reader.known("status", AuthorizationStatus.self)
        let accuracy = reader.known("accuracy", AccuracyAuthorization.self, required: false)
        return status.map { LocationAuthorizationChange($0, accuracy: accuracy) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("status", status)
        writer.write("accuracy", accuracy)
    }
}

// MARK: What the kind means

extension LocationAuthorizationChange {
    static let formatVersion = 1

    static let delivery = KindDelivery<LocationAuthorizationChange>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.locationDelegate == nil ? "the app never set a location delegate" : nil },
                deliver: { change, _, engine, registered in
                    guard let delegate = registered.locationDelegate else { return }
                    if let asynchronous = delegate as? any AsyncLocationManagerDelegate {
                        engine.track { await asynchronous.authorizationDidChange(change.status, accuracy: change.accuracy) }
                    } else {
                        delegate.locationManagerDidChangeAuthorization(registered.delegatesLocationManager(engine))
                    }
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.answers(
        [LocationAuthorizationRequest.eventKind, TemporaryFullAccuracyRequest.eventKind, LocationDelegateChange.eventKind],
        required: false)

    static let causeRule = CauseRule.free

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
