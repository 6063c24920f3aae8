/// The navigation response policy of format version 2: `navigation.response`
/// and its `navigation.responseDecision`.
extension NavigationResponse: StandardPayload {
    public static let eventKind = EventKind(.navigation, "response")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        [status.map(String.init), mimeType, url].compactMap { $0 }.joined(separator: " ")
            + (isForMainFrame ? "" : " (subframe)") + (canShowMIMEType ? "" : " (cannot show)")
    }

    static func read(_ reader: inout FieldReader) -> NavigationResponse? {
        let url = reader.string("url")
        let status = reader.integer("status", required: false)
        if let status, !(100...599).contains(status) {
            reader.report("status", "an HTTP status is between 100 and 599, found \(status)")
        }
        let mimeType = reader.optionalString("mimeType")
        let isForMainFrame = reader.bool("isForMainFrame")
        let canShowMIMEType = reader.bool("canShowMIMEType")
        guard let url, let isForMainFrame, let canShowMIMEType, status.map((100...599).contains) ?? true else {
            return nil
        }
        return NavigationResponse(
            url: url, status: status, mimeType: mimeType, isForMainFrame: isForMainFrame,
            canShowMIMEType: canShowMIMEType)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("url", url)
        writer.write("status", status)
        writer.write("mimeType", mimeType)
        writer.write("isForMainFrame", isForMainFrame)
        writer.write("canShowMIMEType", canShowMIMEType)
    }
}

extension NavigationResponseDecision: StandardPayload {
    public static let eventKind = EventKind(.navigation, "responseDecision")

    public static let eventDirection = Direction.effect

    public var summary: String { policy.rawValue }

    static func read(_ reader: inout FieldReader) -> NavigationResponseDecision? {
        reader.known("policy", NavigationResponsePolicy.self).map(NavigationResponseDecision.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("policy", policy) }
}

extension WebpagePreferences {
    /// `content mode desktop, JavaScript off`, for summaries.
    var summary: String {
        "content mode \(preferredContentMode), JavaScript \(allowsContentJavaScript ? "on" : "off")"
    }

    static func read(_ reader: inout FieldReader) -> WebpagePreferences? {
        let mode = reader.known("preferredContentMode", ContentMode.self)
        let javaScript = reader.bool("allowsContentJavaScript")
        guard let mode, let javaScript else { return nil }
        return WebpagePreferences(preferredContentMode: mode, allowsContentJavaScript: javaScript)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("preferredContentMode", preferredContentMode)
        writer.write("allowsContentJavaScript", allowsContentJavaScript)
    }
}
