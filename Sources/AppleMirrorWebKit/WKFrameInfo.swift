#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKFrameInfo.h "@interface WKFrameInfo : NSObject <NSCopying>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkframeinfo
@MainActor open class WKFrameInfo: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKFrameInfo.h "@property (nonatomic, readonly, getter=isMainFrame) BOOL mainFrame"; https://developer.apple.com/documentation/webkit/wkframeinfo/ismainframe
    public let isMainFrame: Bool
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKFrameInfo.h "@property (nonatomic, readonly, copy) NSURLRequest *request"; https://developer.apple.com/documentation/webkit/wkframeinfo/request
    public let request: URLRequest
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKFrameInfo.h "@property (nonatomic, readonly) WKSecurityOrigin *securityOrigin"; https://developer.apple.com/documentation/webkit/wkframeinfo/securityorigin
    public let securityOrigin: WKSecurityOrigin

    // Mirror-only: WebKit creates frame infos itself.
    public init(isMainFrame: Bool, request: URLRequest, securityOrigin: WKSecurityOrigin) {
        self.isMainFrame = isMainFrame
        self.request = request
        self.securityOrigin = securityOrigin
        super.init()
    }
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKSecurityOrigin.h "@interface WKSecurityOrigin : NSObject" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wksecurityorigin
@MainActor open class WKSecurityOrigin: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKSecurityOrigin.h "@property (nonatomic, readonly, copy) NSString *protocol"; https://developer.apple.com/documentation/webkit/wksecurityorigin/protocol
    public let `protocol`: String
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKSecurityOrigin.h "@property (nonatomic, readonly, copy) NSString *host"; https://developer.apple.com/documentation/webkit/wksecurityorigin/host
    public let host: String
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKSecurityOrigin.h "@property (nonatomic, readonly) NSInteger port"; https://developer.apple.com/documentation/webkit/wksecurityorigin/port
    public let port: Int

    // Mirror-only: WebKit creates security origins itself.
    public init(protocol: String, host: String, port: Int) {
        self.protocol = `protocol`
        self.host = host
        self.port = port
        super.init()
    }
}
#endif
