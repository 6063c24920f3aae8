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
