#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKWindowFeatures.h "@interface WKWindowFeatures : NSObject" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wkwindowfeatures (checked 2026-12-02 in the header at WebKit/WebKit commit 0b0966a1: WK_SWIFT_UI_ACTOR; the mirror declares none of its eight NSNumber properties)
@MainActor open class WKWindowFeatures: NSObject {
    // Mirror-only: WebKit creates window features itself.
    nonisolated public override init() { super.init() }
}

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
