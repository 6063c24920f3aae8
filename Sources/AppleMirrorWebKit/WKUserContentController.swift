#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserContentController.h "@interface WKUserContentController : NSObject <NSSecureCoding>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkusercontentcontroller (checked 2026-12-02 in the header at WebKit/WebKit commit 4732da57)
@MainActor open class WKUserContentController: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserContentController.h (inherits "- (instancetype)init" from NSObject); https://developer.apple.com/documentation/webkit/wkusercontentcontroller/init() (checked 2026-12-02: the header at 4732da57 declares no initializer)
    public override init() { super.init() }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserContentController.h "- (void)addUserScript:(WKUserScript *)userScript"; https://developer.apple.com/documentation/webkit/wkusercontentcontroller/adduserscript(_:) (checked 2026-12-02 in the header at WebKit/WebKit commit 4732da57)
    open func addUserScript(_ userScript: WKUserScript) {}

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserContentController.h "- (void)addScriptMessageHandler:(id <WKScriptMessageHandler>)scriptMessageHandler name:(NSString *)name"; https://developer.apple.com/documentation/webkit/wkusercontentcontroller/add(_:name:) (checked 2026-12-01)
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {}

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserContentController.h "- (void)addScriptMessageHandler:(id <WKScriptMessageHandler>)scriptMessageHandler contentWorld:(WKContentWorld *)world name:(NSString *)name"; https://developer.apple.com/documentation/webkit/wkusercontentcontroller/add(_:contentworld:name:) (checked 2026-12-01)
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {}

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserContentController.h "- (void)addScriptMessageHandlerWithReply:(id <WKScriptMessageHandlerWithReply>)scriptMessageHandlerWithReply contentWorld:(WKContentWorld *)contentWorld name:(NSString *)name"; https://developer.apple.com/documentation/webkit/wkusercontentcontroller/addscriptmessagehandler(_:contentworld:name:) (checked 2026-12-02 in the header at WebKit/WebKit commit 4732da57)
    open func addScriptMessageHandler(_ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String) {}

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserContentController.h "- (void)removeScriptMessageHandlerForName:(NSString *)name"; https://developer.apple.com/documentation/webkit/wkusercontentcontroller/removescriptmessagehandler(forname:) (checked 2026-12-02 in the header at 4732da57, and Apple's page: "func removeScriptMessageHandler(forName name: String)")
    open func removeScriptMessageHandler(forName name: String) {}

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserContentController.h "- (void)removeScriptMessageHandlerForName:(NSString *)name contentWorld:(WKContentWorld *)contentWorld"; https://developer.apple.com/documentation/webkit/wkusercontentcontroller/removescriptmessagehandler(forname:contentworld:) (checked 2026-12-02 in the header at 4732da57, and Apple's page: "func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld)")
    open func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {}
}
#endif
