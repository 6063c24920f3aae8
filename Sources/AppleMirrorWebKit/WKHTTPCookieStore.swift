#if !canImport(WebKit)
import Foundation
// HTTPCookie is Foundation's on Apple platforms and FoundationNetworking's on Linux.
@_exported import FoundationNetworking

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKHTTPCookieStore.h "@interface WKHTTPCookieStore : NSObject" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkhttpcookiestore (checked 2026-12-01: "@MainActor class WKHTTPCookieStore")
@MainActor open class WKHTTPCookieStore: NSObject {
    // Mirror-only: WebKit vends the store from WKWebsiteDataStore.httpCookieStore.
    nonisolated public override init() { super.init() }

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKHTTPCookieStore.h "- (void)getAllCookies:(WK_SWIFT_UI_ACTOR void (^)(NSArray<NSHTTPCookie *> *))completionHandler"; https://developer.apple.com/documentation/webkit/wkhttpcookiestore/getallcookies(_:) (checked 2026-12-01)
    open func getAllCookies(_ completionHandler: @escaping @MainActor @Sendable ([HTTPCookie]) -> Void) {}

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKHTTPCookieStore.h "- (void)setCookie:(NSHTTPCookie *)cookie completionHandler:(nullable WK_SWIFT_UI_ACTOR void (^)(void))completionHandler"; https://developer.apple.com/documentation/webkit/wkhttpcookiestore/setcookie(_:completionhandler:) (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1: the handler is nullable and WK_SWIFT_UI_ACTOR; Apple's page shows only the async form "func setCookie(_ cookie: HTTPCookie) async")
    open func setCookie(_ cookie: HTTPCookie, completionHandler: (@MainActor @Sendable () -> Void)? = nil) {}
}
#endif
