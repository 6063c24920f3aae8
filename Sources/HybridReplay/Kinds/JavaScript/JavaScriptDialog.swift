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

// MARK: What the kind means

extension JavaScriptDialog {
    static let formatVersion = 2

    static let delivery = KindDelivery<JavaScriptDialog>
        .receiver(
            StimulusReceiver(
                turn: .own,
                missing: { dialog, registered in
                    registered.uiDelegate == nil
                        ? "the web view has no UI delegate to answer the page's \(dialog.kind) dialog; set uiDelegate" : nil
                },
                deliver: { dialog, event, engine, registered in
                    guard let delegate = registered.uiDelegate else { return }
                    engine.runDialog(dialog, id: event.id, by: delegate, in: registered.delegatesWebView(engine))
                }))

    static let settlement: Settlement? = nil

    static let webHalfRole = WebHalfRole.pageStimulus

    static let writtenOrder = WrittenOrder.fixed

    static let answerRule = AnswerRule.none

    static let causeRule = CauseRule.free

    func rewritten(by rewriter: PayloadRewriter, _ placeholders: inout RedactionPlaceholders) -> Self {
        var dialog = self
        dialog.message = rewriter.text(message, &placeholders)
        // A prompt for a password may be pre-filled with the saved one.
        dialog.defaultText = defaultText.map { text in
            (kind == .prompt ? rewriter.promptText(text, asked: message, &placeholders) : nil) ?? rewriter.text(text, &placeholders)
        }
        dialog.frame = rewriter.frame(frame, &placeholders) ?? frame
        return dialog
    }

    func recordedForm() -> Self { self }

    func comparedForm() -> Self { self }
}

// MARK: In the web half

extension JavaScriptDialog: WebHalfPageStep {
    var pageDoes: String { "open its \(kind) \(JSONValue.string(message))" }
}
