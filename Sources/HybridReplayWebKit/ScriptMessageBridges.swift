import Foundation
import HybridReplaySeams
import HybridReplayFoundationAdapters

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// Converts a WebKit script message to the seam's ScriptMessage.
@MainActor package func scriptMessage(from message: WKScriptMessage, expectsReply: Bool) throws(ScriptValueError)
    -> ScriptMessage
{
    ScriptMessage(
        handler: message.name, body: try ScriptValueConversion.jsonValue(from: message.body),
        frame: NavigationConversion.frame(message.frameInfo), expectsReply: expectsReply,
        contentWorld: WebKitWorlds.contentWorld(message.world))
}

/// The `WKScriptMessageHandler` WebKit holds for a seam ScriptMessageHandler.
@MainActor package final class ScriptMessageBridge: NSObject, WKScriptMessageHandler {
    private let handler: any ScriptMessageHandler
    private let report: @Sendable (WebKitAdapterIssue) -> Void

    package init(_ handler: any ScriptMessageHandler, report: @escaping @Sendable (WebKitAdapterIssue) -> Void) {
        self.handler = handler
        self.report = report
        super.init()
    }

    package func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
    ) {
        do {
            handler.didReceive(try scriptMessage(from: message, expectsReply: false))
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

    package init(_ handler: any ScriptMessageHandlerWithReply, report: @escaping @Sendable (WebKitAdapterIssue) -> Void) {
        self.handler = handler
        self.report = report
        super.init()
    }

    package func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        let converted: ScriptMessage
        do {
            converted = try scriptMessage(from: message, expectsReply: true)
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
