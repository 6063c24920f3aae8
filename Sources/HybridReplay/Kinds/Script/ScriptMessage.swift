extension ScriptMessage: StandardPayload {
    public static let eventKind = EventKind(.script, "message")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        "\(handler) \(body)" + (expectsReply ? " (expects reply)" : "")
            + (contentWorld == .page ? "" : " in \(contentWorld)")
    }

    static func read(_ reader: inout FieldReader) -> ScriptMessage? {
        let handler = reader.string("handler")
        let body = reader.json("body")
        if let body { checkDates(in: body, path: reader.path.appending("body"), reader: &reader) }
        let frame = reader.nested("frame", required: false, Frame.read)
        let expectsReply = reader.optionalBool("expectsReply") ?? false
        let world = ContentWorld.read(&reader)
        guard let handler, let body else { return nil }
        return ScriptMessage(handler: handler, body: body, frame: frame, expectsReply: expectsReply, contentWorld: world)
    }

    /// Reports `$date` objects whose value is not an RFC 3339 date.
    private static func checkDates(in value: JSONValue, path: JSONPath, reader: inout FieldReader) {
        switch value {
        case .object(let members):
            if members.count == 1, let date = members[dateMarker] {
                if case .string(let text) = date, RFC3339.isValid(text) { return }
                reader.report(
                    at: path.appending(dateMarker),
                    "a date in a message body is {\"$date\": \"<RFC 3339 date>\"}, found \(date)")
                return
            }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                checkDates(in: member, path: path.appending(key), reader: &reader)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                checkDates(in: element, path: path.appending(index: index), reader: &reader)
            }
        default:
            return
        }
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("handler", handler)
        writer.write("body", body)
        if let frame { writer.writeObject("frame", frame.write) }
        if expectsReply { writer.write("expectsReply", true) }
        contentWorld.write(&writer)
    }
}

// MARK: What the kind means

extension ScriptMessage {
    static let formatVersion = 1

    static let delivery = KindDelivery<ScriptMessage>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { message, registered in registered.missingHandler(for: message) },
                deliver: { message, event, engine, registered in engine.deliver(message, id: event.id, to: registered) }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.pageStimulus

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var message = self
        switch body {
        case .string, .number, .bool:
            // A bare value has no member name: the handler's name is its name
            // (`messageHandlers.saveToken.postMessage("…")`), as a call's name is for its arguments.
            message.body = rewriter.named(body, handler, &placeholders)
        case .null, .array, .object:
            message.body = rewriter.json(message.body, &placeholders)
        }
        message.frame = rewriter.frame(message.frame, &placeholders)
        return message
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension ScriptMessage: WebHalfPageStep {
    var pageDoes: String { "post its message to \(handler) (\(CanonicalPrinter.compactText(body)))" }
}
