#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "typedef NS_ENUM(NSInteger, WKUserScriptInjectionTime) { WKUserScriptInjectionTimeAtDocumentStart, WKUserScriptInjectionTimeAtDocumentEnd }"; https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime (checked 2026-12-02 in the header at 5419f771: the two cases in this order, counted from 0)
public enum WKUserScriptInjectionTime: Int, @unchecked Sendable {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "WKUserScriptInjectionTimeAtDocumentStart" (= 0); https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime/atdocumentstart (checked 2026-12-02 in the header at WebKit/WebKit commit 5419f771, and the member list of https://developer.apple.com/documentation/webkit/wkuserscript)
    case atDocumentStart = 0
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "WKUserScriptInjectionTimeAtDocumentEnd" (= 1); https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime/atdocumentend (checked 2026-12-02 in the header at WebKit/WebKit commit 5419f771, and the member list of https://developer.apple.com/documentation/webkit/wkuserscript)
    case atDocumentEnd = 1
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "@interface WKUserScript : NSObject <NSCopying>"; https://developer.apple.com/documentation/webkit/wkuserscript (checked 2026-12-02: the header at 5419f771 has no WK_SWIFT_UI_ACTOR on the @interface; Apple's page shows "@MainActor class WKUserScript", which the mirror follows)
@MainActor open class WKUserScript: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "@property (nonatomic, readonly, copy) NSString *source"; https://developer.apple.com/documentation/webkit/wkuserscript/source (checked 2026-12-02 in the header at WebKit/WebKit commit 5419f771, and the member list of https://developer.apple.com/documentation/webkit/wkuserscript)
    public let source: String
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "@property (nonatomic, readonly) WKUserScriptInjectionTime injectionTime"; https://developer.apple.com/documentation/webkit/wkuserscript/injectiontime (checked 2026-12-02 in the header at WebKit/WebKit commit 5419f771, and the member list of https://developer.apple.com/documentation/webkit/wkuserscript)
    public let injectionTime: WKUserScriptInjectionTime
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "@property (nonatomic, readonly, getter=isForMainFrameOnly) BOOL forMainFrameOnly"; https://developer.apple.com/documentation/webkit/wkuserscript/isformainframeonly (checked 2026-12-02 in the header at WebKit/WebKit commit 5419f771, and the member list of https://developer.apple.com/documentation/webkit/wkuserscript)
    public let isForMainFrameOnly: Bool

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "- (instancetype)initWithSource:(NSString *)source injectionTime:(WKUserScriptInjectionTime)injectionTime forMainFrameOnly:(BOOL)forMainFrameOnly"; https://developer.apple.com/documentation/webkit/wkuserscript/init(source:injectiontime:formainframeonly:) (checked 2026-12-02 in the header at WebKit/WebKit commit 5419f771, and the member list of https://developer.apple.com/documentation/webkit/wkuserscript)
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
        super.init()
    }
}
#endif
