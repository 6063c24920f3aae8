/// JavaScript dialogs of format version 2: `javascript.dialog`, a panel the
/// page opened with `alert`, `confirm` or `prompt`, and the UI delegate's
/// `javascript.dialogAnswer`.
///
/// They live on the `javascript` channel rather than beside
/// `navigation.newWindow`: a dialog is the page's script calling out and
/// blocking until native code answers, like the channel's evaluations in the
/// other direction, and it navigates nothing.
extension JavaScriptDialog: StandardPayload {
    public static let eventKind = EventKind(.javascript, "dialog")

    public static let eventDirection = Direction.stimulus

    public var summary: String {
        "\(kind) \(JavaScriptLiteral.string(message))"
            + (defaultText.map { " default \(JavaScriptLiteral.string($0))" } ?? "")
            + (frame.isMainFrame ? "" : " (subframe)")
    }

    static func read(_ reader: inout FieldReader) -> JavaScriptDialog? {
        let kind = reader.known("type", JavaScriptDialogKind.self)
        let message = reader.string("message")
        let defaultText = reader.optionalString("defaultText")
        if let kind, defaultText != nil, kind != .prompt {
            reader.report("defaultText", "only a prompt has 'defaultText'; this dialog's type is '\(kind)'")
        }
        let frame = reader.nested("frame", Frame.read)
        guard let kind, let message, let frame else { return nil }
        return JavaScriptDialog(kind: kind, message: message, defaultText: defaultText, frame: frame)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("type", kind)
        writer.write("message", message)
        writer.write("defaultText", defaultText)
        writer.writeObject("frame", frame.write)
    }
}

extension JavaScriptDialogAnswer: StandardPayload {
    public static let eventKind = EventKind(.javascript, "dialogAnswer")

    public static let eventDirection = Direction.effect

    public var summary: String {
        confirmed ? "OK" + (text.map { " \(JavaScriptLiteral.string($0))" } ?? "") : "Cancel"
    }

    static func read(_ reader: inout FieldReader) -> JavaScriptDialogAnswer? {
        let confirmed = reader.bool("confirmed")
        let text = reader.optionalString("text")
        if confirmed == false, text != nil {
            reader.report("text", "a dialog answered with Cancel has no 'text'")
        }
        guard let confirmed else { return nil }
        return JavaScriptDialogAnswer(confirmed: confirmed, text: confirmed ? text : nil)
    }

    func write(_ writer: inout FieldWriter) {
        writer.write("confirmed", confirmed)
        writer.write("text", text)
    }
}
