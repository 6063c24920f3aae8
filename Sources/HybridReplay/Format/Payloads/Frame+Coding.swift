extension Frame {
    static func read(_ reader: inout FieldReader) -> Frame? {
        let isMainFrame = reader.bool("isMainFrame")
        let url = reader.optionalString("url")
        guard let isMainFrame else { return nil }
        return Frame(isMainFrame: isMainFrame, url: url)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("isMainFrame", isMainFrame)
        writer.write("url", url)
    }
}
