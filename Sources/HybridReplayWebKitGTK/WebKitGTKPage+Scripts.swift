#if WebKitGTK
import CWebKitGTK
import HybridReplaySeams

extension WebKitGTKPage {
    /// The WebKitGTK script world of `world`: `nil` for the page's (the default world).
    static func worldName(_ world: ContentWorld) -> String? {
        if let name = world.name { return name }
        return world == .defaultClient ? "org.hybridreplay.defaultClient" : nil
    }

    /// Registers `handler` for `window.webkit.messageHandlers.<name>` in `world`.
    func add(_ handler: any ScriptMessageHandler, name: String, world: ContentWorld) {
        // WebKit refuses a name registered twice; the first handler keeps it, as
        // WKUserContentController would refuse it (by throwing).
        guard !isClosed,
            webkit_user_content_manager_register_script_message_handler(manager, name, Self.worldName(world)) != 0
        else { return }
        let box = MessageHandlerBox(page: self, name: name, world: world, handler: handler)
        handlerBoxes.append(box)
        hr_connect_script_message(manager, name, { _, value, data in
            guard let value, let data else { return }
            Unmanaged<MessageHandlerBox>.fromOpaque(data).takeUnretainedValue().receive(value)
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Registers `handler` for messages to `name` in `world` whose promise awaits a reply.
    func add(_ handler: any ScriptMessageHandlerWithReply, name: String, world: ContentWorld) {
        guard !isClosed,
            webkit_user_content_manager_register_script_message_handler_with_reply(
                manager, name, Self.worldName(world)) != 0
        else { return }
        let box = ReplyHandlerBox(page: self, name: name, world: world, handler: handler)
        handlerBoxes.append(box)
        hr_connect_script_message_with_reply(manager, name, { _, value, reply, data in
            guard let value, let reply, let data else { return 0 }
            Unmanaged<ReplyHandlerBox>.fromOpaque(data).takeUnretainedValue().receive(value, reply: reply)
            return 1  // Handled: the reply is answered later, from the handler's reply handler.
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Unregisters the handler for `name` in `world` and disconnects its signal.
    func removeHandler(name: String, world: ContentWorld) {
        guard !isClosed else { return }
        webkit_user_content_manager_unregister_script_message_handler(manager, name, Self.worldName(world))
        let removed = handlerBoxes.filter { box in
            (box as? MessageHandlerBox).map { $0.name == name && $0.world == world }
                ?? (box as? ReplyHandlerBox).map { $0.name == name && $0.world == world } ?? false
        }
        for box in removed { hr_disconnect_by_data(UnsafeMutableRawPointer(manager), Unmanaged.passUnretained(box).toOpaque()) }
        handlerBoxes.removeAll { box in removed.contains { $0 === box } }
    }

    /// Installs `script` into every page loaded from now on.
    func addUserScript(_ script: UserScriptInstallation) {
        guard !isClosed else { return }
        let time =
            script.injectionTime == .documentStart
            ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END
        let frames = script.mainFrameOnly ? WEBKIT_USER_CONTENT_INJECT_TOP_FRAME : WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES
        let userScript =
            if let world = Self.worldName(script.contentWorld) {
                webkit_user_script_new_for_world(script.source, frames, time, world, nil, nil)
            } else {
                webkit_user_script_new(script.source, frames, time, nil, nil)
            }
        guard let userScript else { return }
        webkit_user_content_manager_add_script(manager, userScript)
        webkit_user_script_unref(userScript)
    }

    /// The message as the seam sees it. WebKitGTK does not say which frame
    /// posted it, so it is attributed to the main frame at the page's URL.
    func message(_ value: OpaquePointer, handler: String, world: ContentWorld, expectsReply: Bool) -> ScriptMessage {
        let body: JSONValue
        switch JSCValueConversion.json(from: value, markDates: true) {
        case .success(let converted): body = converted
        // A body without a JSON form still reaches the handler, described, so it is not lost.
        case .failure(let error): body = .string("<\(error.message)>")
        }
        let url = webkit_web_view_get_uri(view).map { String(cString: $0) }
        return ScriptMessage(
            handler: handler, body: body, frame: .main(url), expectsReply: expectsReply, contentWorld: world)
    }
}

final class MessageHandlerBox {
    unowned let page: WebKitGTKPage
    let name: String
    let world: ContentWorld
    let handler: any ScriptMessageHandler

    init(page: WebKitGTKPage, name: String, world: ContentWorld, handler: any ScriptMessageHandler) {
        self.page = page
        self.name = name
        self.world = world
        self.handler = handler
    }

    func receive(_ value: OpaquePointer) {
        // Read on the GTK thread, where JSC values live; handled on the main actor, as WebKit calls handlers.
        let message = page.message(value, handler: name, world: world, expectsReply: false)
        let handler = handler
        performOnMainActor { handler.didReceive(message) }
    }
}

final class ReplyHandlerBox {
    unowned let page: WebKitGTKPage
    let name: String
    let world: ContentWorld
    let handler: any ScriptMessageHandlerWithReply

    init(page: WebKitGTKPage, name: String, world: ContentWorld, handler: any ScriptMessageHandlerWithReply) {
        self.page = page
        self.name = name
        self.world = world
        self.handler = handler
    }

    func receive(_ value: OpaquePointer, reply: OpaquePointer) {
        let pending = PendingReply(reply, context: jsc_value_get_context(value), page: page)
        let message = page.message(value, handler: name, world: world, expectsReply: true)
        let handler = handler
        performOnMainActor { handler.didReceive(message) { outcome in pending.answer(outcome) } }
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
