extension LocationConfiguration: StandardPayload {
    public static let eventKind = EventKind(.location, "configure")

    public static let eventDirection = Direction.effect

    public var summary: String {
        [
            desiredAccuracy.map { "desiredAccuracy \(CanonicalNumber.text($0))" },
            distanceFilter.map { "distanceFilter \(CanonicalNumber.text($0))" },
        ].compactMap { $0 }.joined(separator: ", ")
    }

    static func read(_ reader: inout FieldReader) -> LocationConfiguration? {
        let desiredAccuracy = reader.optionalNumber("desiredAccuracy")
        let distanceFilter = reader.optionalNumber("distanceFilter")
        guard desiredAccuracy != nil || distanceFilter != nil else {
            reader.report(nil, "a configuration sets 'desiredAccuracy', 'distanceFilter' or both")
            return nil
        }
        return LocationConfiguration(desiredAccuracy: desiredAccuracy, distanceFilter: distanceFilter)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("desiredAccuracy", desiredAccuracy)
        writer.write("distanceFilter", distanceFilter)
    }
}

// MARK: What the kind means

extension LocationConfiguration {
    static let formatVersion = 1

    static let delivery = KindDelivery<LocationConfiguration>.effect(answersOn: .anywhere)

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
