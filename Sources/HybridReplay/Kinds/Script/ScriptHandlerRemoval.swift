extension ScriptHandlerRemoval: StandardPayload {
    public static let eventKind = EventKind(.script, "removeHandler")

    public static let eventDirection = Direction.effect

    public var summary: String { name + (contentWorld == .page ? "" : " in \(contentWorld)") }

    static func read(_ reader: inout FieldReader) -> ScriptHandlerRemoval? {
        let name = reader.string("name")
        let world = ContentWorld.read(&reader)
        return name.map { ScriptHandlerRemoval(name: $0, contentWorld: world) }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("name", name)
        contentWorld.write(&writer)
    }
}

// MARK: What the kind means

extension ScriptHandlerRemoval {
    static let formatVersion = 2

    static let delivery = KindDelivery<ScriptHandlerRemoval>.effect(answersOn: .anywhere)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    /// No field of the kind holds text the app or the page wrote, so none can hide a secret.
    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self { self }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension ScriptHandlerRemoval: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .removeHandler(self) }
}
