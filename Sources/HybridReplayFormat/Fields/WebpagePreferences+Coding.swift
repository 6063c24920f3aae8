extension WebpagePreferences {
    /// `content mode desktop, JavaScript off`, for summaries.
    package var summary: String {
        "content mode \(preferredContentMode), JavaScript \(allowsContentJavaScript ? "on" : "off")"
    }

    package static func read(_ reader: inout FieldReader) -> WebpagePreferences? {
        let mode = reader.known("preferredContentMode", ContentMode.self)
        let javaScript = reader.bool("allowsContentJavaScript")
        guard let mode, let javaScript else { return nil }
        return WebpagePreferences(preferredContentMode: mode, allowsContentJavaScript: javaScript)
    }

    package func write(_ writer: inout FieldWriter) {
        writer.write("preferredContentMode", preferredContentMode)
        writer.write("allowsContentJavaScript", allowsContentJavaScript)
    }
}
