/// What a stimulus needs app code to have registered before the platform can
/// hand it over.
extension ReplayReceivers.Table {
    /// Why `payload` cannot be delivered with what app code has registered
    /// now, or `nil` when its receiver is there or it needs none (an answer
    /// goes to the call that awaits it).
    ///
    /// The scheduler asks before it delivers: while the implementation is
    /// still busy it waits, since app code may register the receiver late (a
    /// delegate set lazily or from `DispatchQueue.main.async`); once the
    /// implementation is idle the receiver will not come, and the stimulus is
    /// reported undeliverable with this reason.
    func missingReceiver(for payload: any EventPayload) -> String? {
        switch payload {
        case let message as ScriptMessage:
            let key = ScriptHandlerKey(message.handler, message.contentWorld)
            if message.expectsReply {
                if replyHandlers[key] != nil { return nil }
                if scriptHandlers[key] != nil {
                    return "the page awaits a reply, but the handler registered for '\(key)' is one without reply"
                }
                return "no reply handler is registered for '\(key)'" + registeredHandlers
            }
            if scriptHandlers[key] != nil { return nil }
            if replyHandlers[key] != nil {
                return "the page awaits no reply, but the handler registered for '\(key)' is one with reply"
            }
            return "no script message handler is registered for '\(key)'" + registeredHandlers
        case is NavigationAction, is NavigationResponse, is NavigationStart, is NavigationCommit, is NavigationFinish,
            is NavigationFailure, is WebContentProcessTermination:
            return navigationDelegate == nil ? "the web view has no navigation delegate" : nil
        case is NewWindowRequest:
            return uiDelegate == nil ? "the web view has no UI delegate" : nil
        case let dialog as JavaScriptDialog:
            return uiDelegate == nil
                ? "the web view has no UI delegate to answer the page's \(dialog.kind) dialog; call setUIDelegate(_:)" : nil
        case let request as URLSchemeRequest:
            guard schemeHandlers[request.scheme] == nil else { return nil }
            let schemes = schemeHandlers.keys.sorted()
            return "no URL scheme handler is registered for '\(request.scheme)'"
                + (schemes.isEmpty ? " (none is registered)" : " (registered: \(schemes.joined(separator: ", ")))")
                + "; call setURLSchemeHandler(_:forURLScheme:)"
        case is LocationAuthorizationChange, is LocationUpdate, is LocationFailure:
            return locationDelegate == nil ? "the app never set a location delegate" : nil
        case let custom as CustomEvent:
            return customHandlers.handler(for: custom.name) == nil ? customHandlers.missingHandlerReason(for: custom.name) : nil
        default:
            // Only the kinds of `needNoReceiver` land here; a test over every stimulus kind
            // the format defines (ReceiverCoverageTests) fails for a new kind left out of both.
            return nil
        }
    }

    /// The stimuli that go to no receiver app code registers: answers, which
    /// go to the call that awaits them, and a stop, which goes to the task
    /// its request started.
    static let needNoReceiver: Set<EventKind> = [
        JavaScriptResult.eventKind, HTTPResponse.eventKind, HTTPTransportFailure.eventKind,
        CookieStoreContents.eventKind, URLSchemeStop.eventKind,
    ]

    private var registeredHandlers: String {
        let keys = Set(scriptHandlers.keys).union(replyHandlers.keys).sorted()
        return keys.isEmpty ? " (none is registered)" : " (registered: \(keys.map(\.description).joined(separator: ", ")))"
    }
}
