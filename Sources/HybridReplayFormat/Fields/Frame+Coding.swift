extension Frame {
    package static func read(_ reader: inout FieldReader) -> Frame? {
        let isMainFrame = reader.bool("isMainFrame")
        let url = reader.optionalString("url")
        let origin = reader.nested("securityOrigin", required: false, SecurityOrigin.read)
        guard let isMainFrame else { return nil }
        return Frame(isMainFrame: isMainFrame, url: url, securityOrigin: origin)
    }

    package func write(_ writer: inout FieldWriter) {
        writer.write("isMainFrame", isMainFrame)
        writer.write("url", urlString)
        if let securityOrigin { writer.writeObject("securityOrigin", securityOrigin.write) }
    }
}
