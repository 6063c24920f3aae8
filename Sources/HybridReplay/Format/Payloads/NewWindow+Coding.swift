/// New windows of format version 2: `navigation.newWindow` and what the UI
/// delegate returned, `navigation.newWindowResult`.
extension NewWindowRequest: StandardPayload {
    public static let eventKind = EventKind(.navigation, "newWindow")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        let size = windowFeatures.width.flatMap { width in
            windowFeatures.height.map { " \(CanonicalNumber.text(width))×\(CanonicalNumber.text($0))" }
        }
        return "\(action.navigationType) \(action.method) \(action.url)" + (size ?? "")
    }

    static func read(_ reader: inout FieldReader) -> NewWindowRequest? {
        let action = reader.nested("action", NavigationAction.read)
        let features = reader.nested("windowFeatures", WindowFeatures.read)
        guard let action, let features else { return nil }
        return NewWindowRequest(action: action, windowFeatures: features)
    }

    func write(_ writer: inout FieldWriter) {
        writer.writeObject("action", action.write)
        writer.writeObject("windowFeatures", windowFeatures.write)
    }
}

extension WindowFeatures {
    static func read(_ reader: inout FieldReader) -> WindowFeatures? {
        WindowFeatures(
            x: reader.optionalNumber("x"), y: reader.optionalNumber("y"), width: reader.optionalNumber("width"),
            height: reader.optionalNumber("height"), menuBarVisibility: reader.optionalBool("menuBarVisibility"),
            statusBarVisibility: reader.optionalBool("statusBarVisibility"),
            toolbarsVisibility: reader.optionalBool("toolbarsVisibility"), allowsResizing: reader.optionalBool("allowsResizing"))
    }

    func write(_ writer: inout FieldWriter) {
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

extension NewWindowResult: StandardPayload {
    public static let eventKind = EventKind(.navigation, "newWindowResult")

    public static let eventDirection = Direction.effect

    public var summary: String { returnedWebView ? "web view" : "nil" }

    static func read(_ reader: inout FieldReader) -> NewWindowResult? {
        reader.bool("returnedWebView").map(NewWindowResult.init)
    }

    func write(_ writer: inout FieldWriter) { writer.write("returnedWebView", returnedWebView) }
}
