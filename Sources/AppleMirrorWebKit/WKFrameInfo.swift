#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKFrameInfo.h "@interface WKFrameInfo : NSObject <NSCopying>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkframeinfo (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the property list of https://developer.apple.com/documentation/webkit/wkframeinfo)
@MainActor open class WKFrameInfo: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKFrameInfo.h "@property (nonatomic, readonly, getter=isMainFrame) BOOL mainFrame"; https://developer.apple.com/documentation/webkit/wkframeinfo/ismainframe (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the property list of https://developer.apple.com/documentation/webkit/wkframeinfo)
    public let isMainFrame: Bool
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKFrameInfo.h "@property (nonatomic, readonly, copy) NSURLRequest *request"; https://developer.apple.com/documentation/webkit/wkframeinfo/request (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the property list of https://developer.apple.com/documentation/webkit/wkframeinfo)
    public let request: URLRequest
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKFrameInfo.h "@property (nonatomic, readonly) WKSecurityOrigin *securityOrigin"; https://developer.apple.com/documentation/webkit/wkframeinfo/securityorigin (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1, and the property list of https://developer.apple.com/documentation/webkit/wkframeinfo)
    public let securityOrigin: WKSecurityOrigin

    // Mirror-only: WebKit creates frame infos itself.
    public init(isMainFrame: Bool, request: URLRequest, securityOrigin: WKSecurityOrigin) {
        self.isMainFrame = isMainFrame
        self.request = request
        self.securityOrigin = securityOrigin
        super.init()
    }
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKSecurityOrigin.h "@interface WKSecurityOrigin : NSObject" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wksecurityorigin (checked 2026-12-02 against Apple's WKSecurityOrigin page: "@MainActor class WKSecurityOrigin", "var `protocol`: String", "var host: String", "var port: Int"; header not re-read)
@MainActor open class WKSecurityOrigin: NSObject {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKSecurityOrigin.h "@property (nonatomic, readonly, copy) NSString *protocol"; https://developer.apple.com/documentation/webkit/wksecurityorigin/protocol (checked 2026-12-02 against Apple's WKSecurityOrigin page: "@MainActor class WKSecurityOrigin", "var `protocol`: String", "var host: String", "var port: Int"; header not re-read)
    public let `protocol`: String
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKSecurityOrigin.h "@property (nonatomic, readonly, copy) NSString *host"; https://developer.apple.com/documentation/webkit/wksecurityorigin/host (checked 2026-12-02 against Apple's WKSecurityOrigin page: "@MainActor class WKSecurityOrigin", "var `protocol`: String", "var host: String", "var port: Int"; header not re-read)
    public let host: String
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKSecurityOrigin.h "@property (nonatomic, readonly) NSInteger port"; https://developer.apple.com/documentation/webkit/wksecurityorigin/port (checked 2026-12-02 against Apple's WKSecurityOrigin page: "@MainActor class WKSecurityOrigin", "var `protocol`: String", "var host: String", "var port: Int"; header not re-read)
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
