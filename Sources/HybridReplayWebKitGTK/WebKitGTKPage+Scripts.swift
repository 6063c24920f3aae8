#if WebKitGTK
import CWebKitGTK
import HybridReplay

extension WebKitGTKPage {
    /// Registers `handler` for `window.webkit.messageHandlers.<name>`.
    func add(_ handler: any ScriptMessageHandler, name: String) {
        // WebKit refuses a name registered twice; the first handler keeps it, as
        // WKUserContentController would refuse it (by throwing).
        guard !isClosed, webkit_user_content_manager_register_script_message_handler(manager, name, nil) != 0
        else { return }
        let box = MessageHandlerBox(page: self, name: name, handler: handler)
        handlerBoxes.append(box)
        hr_connect_script_message(manager, name, { _, value, data in
            guard let value, let data else { return }
            Unmanaged<MessageHandlerBox>.fromOpaque(data).takeUnretainedValue().receive(value)
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Registers `handler` for messages to `name` whose promise awaits a reply.
    func add(_ handler: any ScriptMessageHandlerWithReply, name: String) {
        guard !isClosed,
            webkit_user_content_manager_register_script_message_handler_with_reply(manager, name, nil) != 0
        else { return }
        let box = ReplyHandlerBox(page: self, name: name, handler: handler)
        handlerBoxes.append(box)
        hr_connect_script_message_with_reply(manager, name, { _, value, reply, data in
            guard let value, let reply, let data else { return 0 }
            Unmanaged<ReplyHandlerBox>.fromOpaque(data).takeUnretainedValue().receive(value, reply: reply)
            return 1  // Handled: the reply is answered later, from the handler's reply handler.
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Installs `script` into every page loaded from now on.
    func addUserScript(_ script: UserScriptInstallation) {
        guard !isClosed else { return }
        let time =
            script.injectionTime == .documentStart
            ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END
        let frames = script.mainFrameOnly ? WEBKIT_USER_CONTENT_INJECT_TOP_FRAME : WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES
        guard let userScript = webkit_user_script_new(script.source, frames, time, nil, nil) else { return }
        webkit_user_content_manager_add_script(manager, userScript)
        webkit_user_script_unref(userScript)
    }

    /// The message as the seam sees it. WebKitGTK does not say which frame
    /// posted it, so it is attributed to the main frame at the page's URL.
    func message(_ value: OpaquePointer, handler: String, expectsReply: Bool) -> ScriptMessage {
        let body: JSONValue
        switch JSCValueConversion.json(from: value, markDates: true) {
        case .success(let converted): body = converted
        // A body without a JSON form still reaches the handler, described, so it is not lost.
        case .failure(let error): body = .string("<\(error.message)>")
        }
        let url = webkit_web_view_get_uri(view).map { String(cString: $0) }
        return ScriptMessage(handler: handler, body: body, frame: .main(url), expectsReply: expectsReply)
    }
}

private final class MessageHandlerBox {
    unowned let page: WebKitGTKPage
    let name: String
    let handler: any ScriptMessageHandler

    init(page: WebKitGTKPage, name: String, handler: any ScriptMessageHandler) {
        self.page = page
        self.name = name
        self.handler = handler
    }

    func receive(_ value: OpaquePointer) {
        handler.didReceive(page.message(value, handler: name, expectsReply: false))
    }
}

private final class ReplyHandlerBox {
    unowned let page: WebKitGTKPage
    let name: String
    let handler: any ScriptMessageHandlerWithReply

    init(page: WebKitGTKPage, name: String, handler: any ScriptMessageHandlerWithReply) {
        self.page = page
        self.name = name
        self.handler = handler
    }

    func receive(_ value: OpaquePointer, reply: OpaquePointer) {
        let pending = PendingReply(reply, context: jsc_value_get_context(value), page: page)
        handler.didReceive(page.message(value, handler: name, expectsReply: true)) { outcome in
            pending.answer(outcome)
        }
    }
}

/// A reply the page's promise waits on, answered once from any thread.
private final class PendingReply: @unchecked Sendable {
    // Touched only on the GTK thread, and released there: JSC objects are not
    // thread-safe. Both are set to nil once answered; never answering leaves
    // the page's promise pending, as with WKWebView.
    private var reply: OpaquePointer?
    /// The context the reply value is created in: the message's own.
    private var context: OpaquePointer?
    private let page: WebKitGTKPage

    init(_ reply: OpaquePointer, context: OpaquePointer?, page: WebKitGTKPage) {
        self.reply = webkit_script_message_reply_ref(reply)
        if let context { g_object_ref(UnsafeMutableRawPointer(context)) }
        self.context = context
        self.page = page
    }

    /// Settles the page's promise with the first answer; later ones are ignored.
    func answer(_ outcome: Outcome) {
        page.thread.perform { [self] in
            guard let reply else { return }
            let context = self.context
            self.reply = nil
            self.context = nil
            defer {
                webkit_script_message_reply_unref(reply)
                if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
            }
            guard !page.isClosed else { return }
            switch outcome {
            case .value(let json):
                guard let context, let value = JSCValueConversion.value(from: json, in: context) else {
                    webkit_script_message_reply_return_error_message(reply, "the reply \(json) is not valid JSON")
                    return
                }
                webkit_script_message_reply_return_value(reply, value)
                g_object_unref(UnsafeMutableRawPointer(value))
            case .error(let message):
                webkit_script_message_reply_return_error_message(reply, message)
            }
        }
    }
}
#endif
