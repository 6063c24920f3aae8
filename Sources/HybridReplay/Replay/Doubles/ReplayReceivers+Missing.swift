/// What a stimulus needs app code to have registered before the platform can
/// hand it over.
extension ReplayReceivers.Table {
    /// Why `payload` cannot be delivered with what app code has registered
    /// now, or `nil` when its receiver is there or it needs none (an answer
    /// goes to the call that awaits it): the receiver its kind's description
    /// names (see ``KindDelivery``), or the custom seam's handler.
    ///
    /// The scheduler asks before it delivers: while the implementation is
    /// still busy it waits, since app code may register the receiver late (a
    /// delegate set lazily or from `DispatchQueue.main.async`); once the
    /// implementation is idle the receiver will not come, and the stimulus is
    /// reported undeliverable with this reason.
    func missingReceiver(for payload: any EventPayload) -> String? {
        if let standard = payload as? any StandardPayload { return receiverMissing(for: standard) }
        if let custom = payload as? CustomEvent {
            return customHandlers.handler(for: custom.name) == nil ? customHandlers.missingHandlerReason(for: custom.name) : nil
        }
        return nil
    }

    private func receiverMissing<Payload: StandardPayload>(for payload: Payload) -> String? {
        switch Payload.delivery {
        case .receiver(let receiver): receiver.missing(payload, self)
        case .answer, .effect: nil
        }
    }

    /// Why `message` finds no handler of the kind it needs, or `nil`.
    func missingHandler(for message: ScriptMessage) -> String? {
        let key = ScriptHandlerKey(message.handler, message.contentWorld)
        if message.expectsReply {
            if replyHandlers[key] != nil { return nil }
            if scriptHandlers[key] != nil {
                return "the page awaits a reply, but the handler registered for '\(key)' is one without reply"
            }
            return "no reply handler is registered for " + registeredHandlers(besides: key)
        }
        if scriptHandlers[key] != nil { return nil }
        if replyHandlers[key] != nil {
            return "the page awaits no reply, but the handler registered for '\(key)' is one with reply"
        }
        return "no script message handler is registered for " + registeredHandlers(besides: key)
    }

    /// Why `request` finds no scheme handler, or `nil`.
    func missingSchemeHandler(for request: URLSchemeRequest) -> String? {
        guard schemeHandlers[request.scheme] == nil else { return nil }
        let schemes = schemeHandlers.keys.sorted()
        return "no URL scheme handler is registered for '\(request.scheme)'"
            + (schemes.isEmpty ? " (none is registered)" : " (registered: \(schemes.joined(separator: ", ")))")
            + "; call setURLSchemeHandler(_:forURLScheme:)"
    }

    /// `missing`, quoted, then the handlers registered: each named with its
    /// content world, the page's too, when `missing` or any of them is in
    /// another world (`'prefsReady' in world "concierge" (registered:
    /// prefsReady in the page world)`), so a handler of the right name in
    /// the wrong world does not read as the one missing; by name alone when
    /// every one is in the page's world.
    private func registeredHandlers(besides missing: ScriptHandlerKey) -> String {
        let keys = Set(scriptHandlers.keys).union(replyHandlers.keys).sorted()
        let namesWorlds = missing.contentWorld != .page || keys.contains { $0.contentWorld != .page }
        let named = namesWorlds ? "'\(missing.name)' in \(missing.world)" : "'\(missing.name)'"
        let registered = keys.map { namesWorlds ? "\($0.name) in \($0.world)" : $0.name }
        return named + (keys.isEmpty ? " (none is registered)" : " (registered: \(registered.joined(separator: ", ")))")
    }
}
