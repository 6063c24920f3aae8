/// A lifecycle step whose only field is the URL the web view reports.
protocol NavigationProgressPayload: StandardPayload {
    var url: String? { get }
    init(url: String?)
}

extension NavigationProgressPayload {
    public var summary: String { url ?? "(no URL)" }

    static func read(_ reader: inout FieldReader) -> Self? { Self(url: reader.optionalString("url")) }

    func write(_ writer: inout FieldWriter) { writer.write("url", url) }
}
