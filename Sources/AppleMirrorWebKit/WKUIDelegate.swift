#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "@protocol WKUIDelegate <NSObject>"; https://developer.apple.com/documentation/webkit/wkuidelegate (checked 2026-12-02: the header at WebKit/WebKit commit 02e38c5d has no WK_SWIFT_UI_ACTOR on the protocol; the method is @optional)
@MainActor public protocol WKUIDelegate: NSObjectProtocol {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "- (nullable WKWebView *)webView:(WKWebView *)webView createWebViewWithConfiguration:(WKWebViewConfiguration *)configuration forNavigationAction:(WKNavigationAction *)navigationAction windowFeatures:(WKWindowFeatures *)windowFeatures"; https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:createwebviewwith:for:windowfeatures:) (checked 2026-12-01)
    func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView?
}

extension WKUIDelegate {
    // Mirror-only: stands for "optional" — without it WebKit opens no window.
    public func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView? { nil }
}
#endif
