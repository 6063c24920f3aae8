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

extension ScriptReply: OutcomePayload {
    public static let eventKind = EventKind(.script, "reply")

    public static let eventDirection = Direction.effect
}

/// A payload that is nothing but an ``Outcome``: a reply or a result.
protocol OutcomePayload: StandardPayload {
    var outcome: Outcome { get }
    init(_ outcome: Outcome)
}

extension OutcomePayload {
    public var summary: String { outcome.summary }

    static func read(_ reader: inout FieldReader) -> Self? { Outcome.read(&reader).map(Self.init) }

    func write(_ writer: inout FieldWriter) { outcome.write(&writer) }
}

extension Outcome {
    package var summary: String {
        switch self {
        case .value(let value): "value \(value)"
        case .error(let message): "error \(JSONValue.string(message))"
        }
    }

    static func read(_ reader: inout FieldReader) -> Outcome? {
        let value = reader.value("value", required: false)
        let error = reader.optionalString("error")
        switch (value, error) {
        case (let value?, nil): return .value(value)
        case (nil, let error?): return .error(error)
        case (.some, .some):
            reader.report("error", "a reply has either 'value' or 'error', not both")
            return nil
        case (nil, nil):
            reader.report(nil, "missing required field 'value' or 'error'")
            return nil
        }
    }

    func write(_ writer: inout FieldWriter) {
        switch self {
        case .value(let value): writer.write("value", value)
        case .error(let message): writer.write("error", message)
        }
    }
}
