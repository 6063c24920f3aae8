/// A lifecycle step whose only field is the URL the web view reports.
protocol NavigationProgressPayload: StandardPayload {
    var urlString: String? { get }
    init(url: String?)
}

extension NavigationProgressPayload {
    public var summary: String { urlString ?? "(no URL)" }

    static func read(_ reader: inout FieldReader) -> Self? { Self(url: reader.optionalString("url")) }

    func write(_ writer: inout FieldWriter) { writer.write("url", urlString) }
}
