extension LocationFailure: StandardPayload {
    public static let eventKind = EventKind(.location, "error")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        code.rawValue + (code.isTransient ? " (transient)" : "") + (message.map { " \(JSONValue.string($0))" } ?? "")
    }

    static func read(_ reader: inout FieldReader) -> LocationFailure? {
        let code = reader.known("code", LocationErrorCode.self)
        let message = reader.optionalString("message")
        return code.map { LocationFailure($0, message: message) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("code", code)
        writer.write("message", message)
    }
}

// MARK: What the kind means

extension LocationFailure {
    static let formatVersion = 1

    static let delivery = KindDelivery<LocationFailure>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.locationDelegate == nil ? "the app never set a location delegate" : nil },
                deliver: { failure, _, engine, registered in
                    guard let delegate = registered.locationDelegate else { return }
                    if let asynchronous = delegate as? any AsyncLocationManagerDelegate {
                        engine.track { await asynchronous.didFail(with: failure.code) }
                    } else {
                        delegate.locationManager(registered.delegatesLocationManager(engine), didFailWithError: failure.code)
                    }
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.answers([OneShotLocationRequest.eventKind], required: false)

    static let causeRule = CauseRule.free

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
