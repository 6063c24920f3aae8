/// Records each message the page posts to a handler, then delivers it to the
/// app's handler as the cause of what the handler does.
struct RecordingMessageHandler: ScriptMessageHandler {
    let app: any ScriptMessageHandler
    let recorder: Recorder

    func didReceive(_ message: ScriptMessage) {
        var recorded = message
        recorded.expectsReply = false
        let messageID = recorder.record(recorded, cause: nil)
        recorder.deliver(messageID) { app.didReceive(message) }
    }
}

/// Records each message the page awaits a reply to, delivers it to the app's
/// handler, and records the handler's reply as a `script.reply` caused by the message.
///
/// A second reply is recorded too: WebKit ignores it, and the cassette then
/// fails validation naming the message, which is the bug to fix.
struct RecordingReplyHandler: ScriptMessageHandlerWithReply {
    let app: any ScriptMessageHandlerWithReply
    let recorder: Recorder

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        var recorded = message
        recorded.expectsReply = true
        let messageID = recorder.record(recorded, cause: nil)
        recorder.deliver(messageID) {
            app.didReceive(message) { [recorder] outcome in
                recorder.record(ScriptReply(outcome), cause: messageID)
                replyHandler(outcome)
            }
        }
    }
}
