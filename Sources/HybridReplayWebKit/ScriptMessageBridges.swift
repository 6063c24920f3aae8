import Foundation
import HybridReplaySeams
import HybridReplayFoundationAdapters

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// Converts a WebKit script message to the seam's ScriptMessage, its frame remembered in `frames`.
@MainActor package func scriptMessage(
    from message: WKScriptMessage, expectsReply: Bool, frames: WebKitFrames
) throws(ScriptValueError) -> ScriptMessage {
    ScriptMessage(
        handler: message.name, body: try ScriptValueConversion.jsonValue(from: message.body),
        frame: frames.frame(message.frameInfo), expectsReply: expectsReply,
        contentWorld: WebKitWorlds.contentWorld(message.world))
}

/// The `WKScriptMessageHandler` WebKit holds for a seam ScriptMessageHandler.
@MainActor package final class ScriptMessageBridge: NSObject, WKScriptMessageHandler {
    private let handler: any ScriptMessageHandler
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    private let frames: WebKitFrames

    package init(
        _ handler: any ScriptMessageHandler, frames: WebKitFrames = WebKitFrames(),
        report: @escaping @Sendable (WebKitAdapterIssue) -> Void
    ) {
        self.handler = handler
        self.frames = frames
        self.report = report
        super.init()
    }

    package func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) {
        do {
            handler.didReceive(try scriptMessage(from: message, expectsReply: false, frames: frames))
        } catch {
            report(WebKitAdapterIssue(.unsupportedValue, "message to '\(message.name)' dropped: \(error)"))
        }
    }
}

/// The `WKScriptMessageHandlerWithReply` WebKit holds for a seam
/// ScriptMessageHandlerWithReply: the reply goes through ExactlyOnce
/// and back through ScriptValueConversion.
@MainActor package final class ScriptReplyBridge: NSObject, WKScriptMessageHandlerWithReply {
    private let handler: any ScriptMessageHandlerWithReply
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    private let frames: WebKitFrames

    package init(
        _ handler: any ScriptMessageHandlerWithReply, frames: WebKitFrames = WebKitFrames(),
        report: @escaping @Sendable (WebKitAdapterIssue) -> Void
    ) {
        self.handler = handler
        self.frames = frames
        self.report = report
        super.init()
    }

    package func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        let converted: ScriptMessage
        do {
            converted = try scriptMessage(from: message, expectsReply: true, frames: frames)
        } catch {
            report(WebKitAdapterIssue(.unsupportedValue, "message to '\(message.name)' rejected: \(error)"))
            replyHandler(nil, "\(error)")
            return
        }
        let reply = ExactlyOnce<Outcome>(
            "reply handler for a message to '\(message.name)'",
            fallback: .error("the native handler for '\(message.name)' never replied"), report: report
        ) { outcome in
            performOnMainActor {
                switch outcome {
                case .value(let value): replyHandler(ScriptValueConversion.foundationValue(from: value), nil)
                case .error(let message): replyHandler(nil, message)
                }
            }
        }
        handler.didReceive(converted) { reply.call($0) }
    }
}
