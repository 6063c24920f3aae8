#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeHandler.h "WK_SWIFT_UI_ACTOR WK_API_AVAILABLE(macos(10.13), ios(11.0)) @protocol WKURLSchemeHandler <NSObject>"; https://developer.apple.com/documentation/webkit/wkurlschemehandler (checked 2026-12-03 in the header at WebKit/WebKit commit 0b0966a1, and Apple's page: "@MainActor protocol WKURLSchemeHandler : NSObjectProtocol")
@MainActor public protocol WKURLSchemeHandler: NSObjectProtocol {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeHandler.h "- (void)webView:(WKWebView *)webView startURLSchemeTask:(id <WKURLSchemeTask>)urlSchemeTask"; https://developer.apple.com/documentation/webkit/wkurlschemehandler/webview(_:start:) (checked 2026-12-03: "func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask)")
    func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKURLSchemeHandler.h "- (void)webView:(WKWebView *)webView stopURLSchemeTask:(id <WKURLSchemeTask>)urlSchemeTask"; https://developer.apple.com/documentation/webkit/wkurlschemehandler/webview(_:stop:) (checked 2026-12-03 in the header at WebKit/WebKit commit 0b0966a1; the Swift form follows its start sibling: "func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask)"; this page not re-read)
    func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask)
}
#endif
