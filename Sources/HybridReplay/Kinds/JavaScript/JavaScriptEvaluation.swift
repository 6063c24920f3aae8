extension JavaScriptEvaluation: StandardPayload {
    public static let eventKind = EventKind(.javascript, "evaluate")

    public static let eventDirection = Direction.effect

    public var summary: String {
        JSONValue.string(script).description + (arguments.map { " with \(JSONValue.object($0))" } ?? "")
            + (frame.map { " in \($0.isMainFrame ? "main frame" : "frame") \($0.urlString ?? "")" } ?? "")
            + (contentWorld == .page ? "" : " in \(contentWorld)")
    }

    static func read(_ reader: inout FieldReader) -> JavaScriptEvaluation? {
        let script = reader.string("script")
        let arguments = reader.optionalObject("arguments")
        let frame = reader.nested("frame", required: false, Frame.read)
        let world = ContentWorld.read(&reader)
        guard let script else { return nil }
        return JavaScriptEvaluation(script: script, arguments: arguments, frame: frame, contentWorld: world)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("script", script)
        if let arguments { writer.write("arguments", JSONValue.object(arguments)) }
        if let frame { writer.writeObject("frame", frame.write) }
        contentWorld.write(&writer)
    }
}

// MARK: What the kind means

extension JavaScriptEvaluation {
    static let formatVersion = 1

    static let delivery = KindDelivery<JavaScriptEvaluation>.effect(answersOn: .mainActor)

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.nativeEffect

    static let writtenOrder = WrittenOrder.racing

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var evaluation = self
        evaluation.arguments = arguments.map { rewriter.object($0, &placeholders) }
        evaluation.frame = rewriter.frame(frame, &placeholders)
        evaluation.script = rewriter.text(script, &placeholders)
        return evaluation
    }

    func recordedForm() -> Self {
        var evaluation = self
        evaluation.script = EmbeddedJSON.written(script)
        return evaluation
    }

    func comparedForm() -> Self {
        var evaluation = self
        evaluation.script = EmbeddedJSON.compared(script)
        return evaluation
    }
}

// MARK: In the web half

extension JavaScriptEvaluation: WebHalfNativeEffect {
    var webHalfPlay: WebHalfPlay { .evaluate(self) }
}
