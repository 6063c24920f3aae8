#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessage.h "@interface WKScriptMessage : NSObject" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkscriptmessage (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the member list of https://developer.apple.com/documentation/webkit/wkscriptmessage)
@MainActor open class WKScriptMessage: NSObject {
    private let storedBody: Any
    private let storedFrameInfo: WKFrameInfo
    private let storedName: String
    private let storedWorld: WKContentWorld

    // Mirror-only: WebKit creates script messages itself.
    public init(body: Any, frameInfo: WKFrameInfo, name: String, world: WKContentWorld) {
        storedBody = body
        storedFrameInfo = frameInfo
        storedName = name
        storedWorld = world
        super.init()
    }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessage.h "@property (nonatomic, readonly, copy) id body"; https://developer.apple.com/documentation/webkit/wkscriptmessage/body (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the member list of https://developer.apple.com/documentation/webkit/wkscriptmessage)
    open var body: Any { storedBody }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessage.h "@property (nonatomic, readonly, copy) WKFrameInfo *frameInfo"; https://developer.apple.com/documentation/webkit/wkscriptmessage/frameinfo (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the member list of https://developer.apple.com/documentation/webkit/wkscriptmessage)
    open var frameInfo: WKFrameInfo { storedFrameInfo }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessage.h "@property (nonatomic, readonly, copy) NSString *name"; https://developer.apple.com/documentation/webkit/wkscriptmessage/name (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the member list of https://developer.apple.com/documentation/webkit/wkscriptmessage)
    open var name: String { storedName }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessage.h "@property (nonatomic, readonly) WKContentWorld *world"; https://developer.apple.com/documentation/webkit/wkscriptmessage/world (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the member list of https://developer.apple.com/documentation/webkit/wkscriptmessage)
    open var world: WKContentWorld { storedWorld }
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessageHandler.h "@protocol WKScriptMessageHandler <NSObject>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkscriptmessagehandler (checked 2026-12-02 in the header at WebKit/WebKit commit 13873b2f: WK_SWIFT_UI_ACTOR, the one method @required)
@MainActor public protocol WKScriptMessageHandler: NSObjectProtocol {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessageHandler.h "- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message"; https://developer.apple.com/documentation/webkit/wkscriptmessagehandler/usercontentcontroller(_:didreceive:) (checked 2026-12-01)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessageHandlerWithReply.h "@protocol WKScriptMessageHandlerWithReply <NSObject>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkscriptmessagehandlerwithreply (checked 2026-12-01: "@MainActor protocol WKScriptMessageHandlerWithReply : NSObjectProtocol")
@MainActor public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKScriptMessageHandlerWithReply.h "- (void)userContentController:(WKUserContentController *)userContentController didReceiveScriptMessage:(WKScriptMessage *)message replyHandler:(WK_SWIFT_UI_ACTOR void (^)(id _Nullable reply, NSString *_Nullable errorMessage))replyHandler"; https://developer.apple.com/documentation/webkit/wkscriptmessagehandlerwithreply/usercontentcontroller(_:didreceive:replyhandler:) (checked 2026-12-01)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage, replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void)
}
#endif
