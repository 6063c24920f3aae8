/// A payload whose kind says everything: its `payload` object is empty.
protocol FieldlessPayload: StandardPayload {
    init()
}

extension FieldlessPayload {
    public var summary: String { "" }

    static func read(_ reader: inout FieldReader) -> Self? { Self() }

    func write(_ writer: inout FieldWriter) {}
}
