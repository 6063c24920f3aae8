extension LocationUpdate: StandardPayload {
    public static let eventKind = EventKind(.location, "locations")

    public static let eventDirection = Direction.stimulus

    public var summary: String { locations.map(\.summary).joined(separator: "; ") }

    static func read(_ reader: inout FieldReader) -> LocationUpdate? {
        guard let locations = reader.nestedArray("locations", LocationFix.read) else { return nil }
        guard !locations.isEmpty else {
            reader.report("locations", "a batch holds at least one location")
            return nil
        }
        return LocationUpdate(locations)
    }

    func write(_ writer: inout FieldWriter) { writer.writeArray("locations", locations) { $1.write(&$0) } }
}

// MARK: What the kind means

extension LocationUpdate {
    static let formatVersion = 1

    static let delivery = KindDelivery<LocationUpdate>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { _, registered in registered.locationDelegate == nil ? "the app never set a location delegate" : nil },
                deliver: { update, _, engine, registered in
                    guard let delegate = registered.locationDelegate else { return }
                    if let asynchronous = delegate as? any AsyncLocationManagerDelegate {
                        engine.track { await asynchronous.didUpdateLocations(update.locations) }
                    } else {
                        delegate.locationManager(registered.delegatesLocationManager(engine), didUpdateLocations: update.locations)
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
