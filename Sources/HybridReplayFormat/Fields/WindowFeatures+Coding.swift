extension WindowFeatures {
    package static func read(_ reader: inout FieldReader) -> WindowFeatures? {
        WindowFeatures(
            x: reader.optionalNumber("x"), y: reader.optionalNumber("y"), width: reader.optionalNumber("width"),
            height: reader.optionalNumber("height"), menuBarVisibility: reader.optionalBool("menuBarVisibility"),
            statusBarVisibility: reader.optionalBool("statusBarVisibility"),
            toolbarsVisibility: reader.optionalBool("toolbarsVisibility"), allowsResizing: reader.optionalBool("allowsResizing"))
    }

    package func write(_ writer: inout FieldWriter) {
        writer.write("x", x)
        writer.write("y", y)
        writer.write("width", width)
        writer.write("height", height)
        writer.write("menuBarVisibility", menuBarVisibility)
        writer.write("statusBarVisibility", statusBarVisibility)
        writer.write("toolbarsVisibility", toolbarsVisibility)
        writer.write("allowsResizing", allowsResizing)
    }
}
