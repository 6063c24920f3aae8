#if WebKitGTK
import CWebKitGTK
import HybridReplaySeams

extension WebKitGTKPage {
    /// Handles `script-dialog`: asks the UI delegate, on the main actor, to
    /// run the page's `alert`, `confirm` or `prompt`, and answers WebKit when
    /// it calls back. The page's script waits until then, as it does in
    /// `WKWebView`, even while a synchronous `prompt()` runs during a load.
    ///
    /// With no UI delegate the dialog gets WebKit's default answer at once
    /// and ``reportIssue`` hears of it; a `beforeunload` confirmation, which
    /// `WKUIDelegate` has no public method for, lets the page go.
    func runDialog(_ dialog: OpaquePointer) {
        let pending = PendingDialog(dialog, page: self)
        let type = webkit_script_dialog_get_dialog_type(dialog)
        let message = webkit_script_dialog_get_message(dialog).map { String(cString: $0) } ?? ""
        let kind: JavaScriptDialogKind
        switch type {
        case WEBKIT_SCRIPT_DIALOG_ALERT: kind = .alert
        case WEBKIT_SCRIPT_DIALOG_CONFIRM: kind = .confirm
        case WEBKIT_SCRIPT_DIALOG_PROMPT: kind = .prompt
        default: return pending.answer(.ok)
        }
        // WebKitGTK does not say which frame opened the dialog: the main frame at the page's URL stands in.
        let request = JavaScriptDialog(
            kind: kind, message: message,
            defaultText: kind == .prompt
                ? webkit_script_dialog_prompt_get_default_text(dialog).map { String(cString: $0) } ?? "" : nil,
            frame: .main(webkit_web_view_get_uri(view).map { String(cString: $0) }))
        guard let delegate = uiDelegate else {
            let answered = kind == .alert ? "dismissed" : kind == .confirm ? "false" : "null"
            reportIssue(
                WebKitGTKError(
                    "the page opened a JavaScript dialog (\(request.kind) \(JavaScriptLiteral.string(message))) "
                        + "and no UI delegate is set; it was answered as WebKit does (\(answered)); "
                        + "set uiDelegate to answer it"))
            return pending.answer(request.defaultAnswer)
        }
        performOnMainActor { [owner] in
            // The owner holds this page: it is there while the page asks.
            guard let owner else { return pending.answer(request.defaultAnswer) }
            delegate.runJavaScriptDialog(request, in: owner) { answer in pending.answer(answer) }
        }
    }
}

/// A script dialog WebKit waits on, answered once from any thread.
private final class PendingDialog: @unchecked Sendable {
    // Touched only on the GTK thread: set to nil once answered.
    private var dialog: OpaquePointer?
    private let page: WebKitGTKPage

    init(_ dialog: OpaquePointer, page: WebKitGTKPage) {
        self.dialog = webkit_script_dialog_ref(dialog)
        self.page = page
    }

    /// Applies the first answer and closes the dialog; later answers are ignored, as the dialog is gone.
    func answer(_ answer: JavaScriptDialogAnswer) {
        page.thread.perform { [self] in
            guard let dialog else { return }
            self.dialog = nil
            defer { webkit_script_dialog_unref(dialog) }
            guard !page.isClosed else { return }
            switch webkit_script_dialog_get_dialog_type(dialog) {
            case WEBKIT_SCRIPT_DIALOG_CONFIRM, WEBKIT_SCRIPT_DIALOG_BEFORE_UNLOAD_CONFIRM:
                webkit_script_dialog_confirm_set_confirmed(dialog, answer.confirmed ? 1 : 0)
            case WEBKIT_SCRIPT_DIALOG_PROMPT:
                // Without a text the prompt returns null, as Cancel does.
                if answer.confirmed { webkit_script_dialog_prompt_set_text(dialog, answer.text ?? "") }
            default:
                break
            }
            webkit_script_dialog_close(dialog)
        }
    }
}
#endif
