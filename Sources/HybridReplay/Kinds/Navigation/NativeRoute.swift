extension NativeRoute: StandardPayload {
    public static let eventKind = EventKind(.navigation, "route")

    public static let eventDirection = Direction.effect

    public var summary: String { "\(name) \(JSONValue.object(parameters))" }

    static func read(_ reader: inout FieldReader) -> NativeRoute? {
        let name = reader.string("name")
        let parameters = reader.object("parameters")
        guard let name, let parameters else { return nil }
        return NativeRoute(name: name, parameters: parameters)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("name", name)
        writer.write("parameters", JSONValue.object(parameters))
    }
}

// MARK: What the kind means

extension NativeRoute {
    static let formatVersion = 1

    static let delivery = KindDelivery<NativeRoute>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.notThePage

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var route = self
        route.parameters = rewriter.object(parameters, &placeholders)
        return route
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}
