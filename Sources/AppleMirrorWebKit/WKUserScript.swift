#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "typedef NS_ENUM(NSInteger, WKUserScriptInjectionTime) { WKUserScriptInjectionTimeAtDocumentStart, WKUserScriptInjectionTimeAtDocumentEnd }"; https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime
public enum WKUserScriptInjectionTime: Int, @unchecked Sendable {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "WKUserScriptInjectionTimeAtDocumentStart" (= 0); https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime/atdocumentstart
    case atDocumentStart = 0
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "WKUserScriptInjectionTimeAtDocumentEnd" (= 1); https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime/atdocumentend
    case atDocumentEnd = 1
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "@interface WKUserScript : NSObject <NSCopying>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkuserscript
@MainActor open class WKUserScript: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "@property (nonatomic, readonly, copy) NSString *source"; https://developer.apple.com/documentation/webkit/wkuserscript/source
    public let source: String
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "@property (nonatomic, readonly) WKUserScriptInjectionTime injectionTime"; https://developer.apple.com/documentation/webkit/wkuserscript/injectiontime
    public let injectionTime: WKUserScriptInjectionTime
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "@property (nonatomic, readonly, getter=isForMainFrameOnly) BOOL forMainFrameOnly"; https://developer.apple.com/documentation/webkit/wkuserscript/isformainframeonly
    public let isForMainFrameOnly: Bool

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUserScript.h "- (instancetype)initWithSource:(NSString *)source injectionTime:(WKUserScriptInjectionTime)injectionTime forMainFrameOnly:(BOOL)forMainFrameOnly"; https://developer.apple.com/documentation/webkit/wkuserscript/init(source:injectiontime:formainframeonly:)
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
        super.init()
    }
}
#endif
