/// A script message handler that handles each message with `async`/`await`.
///
/// A replay runs ``receive(_:)`` in a task it owns and tracks, so it knows
/// when the handler is done; elsewhere the message is handled in a new task.
public protocol AsyncScriptMessageHandler: ScriptMessageHandler {
    /// Handles one message the page posted.
    func receive(_ message: ScriptMessage) async
}

extension AsyncScriptMessageHandler {
    @MainActor public func didReceive(_ message: ScriptMessage) {
        Task { await receive(message) }
    }
}

/// A script message handler that computes the page's reply with `async`/`await`,
/// as `userContentController(_:didReceive:) async -> (Any?, String?)` does.
///
/// The reply is the value ``reply(to:)`` returns, so it is sent exactly once.
public protocol AsyncScriptMessageHandlerWithReply: ScriptMessageHandlerWithReply {
    /// The reply to `message`: a value, or an error message for the page's promise.
    func reply(to message: ScriptMessage) async -> Outcome
}

extension AsyncScriptMessageHandlerWithReply {
    @MainActor public func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        Task { replyHandler(await reply(to: message)) }
    }
}
