#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "typedef NS_ENUM(NSInteger, WKNavigationActionPolicy)"; https://developer.apple.com/documentation/webkit/wknavigationactionpolicy (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620: cancel, allow, download, counted from 0)
public enum WKNavigationActionPolicy: Int, @unchecked Sendable {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "WKNavigationActionPolicyCancel" (= 0); https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/cancel (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620)
    case cancel = 0
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "WKNavigationActionPolicyAllow" (= 1); https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/allow (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620)
    case allow = 1
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "WKNavigationActionPolicyDownload" (= 2); https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/download (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620)
    case download = 2
}

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "typedef NS_ENUM(NSInteger, WKNavigationResponsePolicy)"; https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620: cancel, allow, download, counted from 0)
public enum WKNavigationResponsePolicy: Int, @unchecked Sendable {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "WKNavigationResponsePolicyCancel" (= 0); https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy/cancel (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620)
    case cancel = 0
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "WKNavigationResponsePolicyAllow" (= 1); https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy/allow (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620)
    case allow = 1
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "WKNavigationResponsePolicyDownload" (= 2); https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy/download (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620)
    case download = 2
}

// Every requirement is `optional` in WebKit (an @objc protocol); Linux has no
// optional requirements, so the extension below supplies empty defaults.
// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "@protocol WKNavigationDelegate <NSObject>" WK_SWIFT_UI_ACTOR; https://developer.apple.com/documentation/webkit/wknavigationdelegate (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620)
@MainActor public protocol WKNavigationDelegate: NSObjectProtocol {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webView:(WKWebView *)webView decidePolicyForNavigationAction:(WKNavigationAction *)navigationAction decisionHandler:(WK_SWIFT_UI_ACTOR void (^)(WKNavigationActionPolicy))decisionHandler"; https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-2ni62 (checked 2026-12-01)
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webView:(WKWebView *)webView decidePolicyForNavigationAction:(WKNavigationAction *)navigationAction preferences:(WKWebpagePreferences *)preferences decisionHandler:(WK_SWIFT_UI_ACTOR void (^)(WKNavigationActionPolicy, WKWebpagePreferences *))decisionHandler"; https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:preferences:decisionhandler:) (checked 2026-12-01)
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webView:(WKWebView *)webView decidePolicyForNavigationResponse:(WKNavigationResponse *)navigationResponse decisionHandler:(WK_SWIFT_UI_ACTOR void (^)(WKNavigationResponsePolicy))decisionHandler"; https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-19mn2 (checked 2026-12-01)
    func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webView:(WKWebView *)webView didStartProvisionalNavigation:(null_unspecified WKNavigation *)navigation"; https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didstartprovisionalnavigation:) (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620, and Apple's page: "@MainActor optional func" with these labels and types)
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webView:(WKWebView *)webView didCommitNavigation:(null_unspecified WKNavigation *)navigation"; https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didcommit:) (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620, and Apple's page: "@MainActor optional func" with these labels and types)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webView:(WKWebView *)webView didFinishNavigation:(null_unspecified WKNavigation *)navigation"; https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfinish:) (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620, and Apple's page: "@MainActor optional func" with these labels and types)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webView:(WKWebView *)webView didFailNavigation:(null_unspecified WKNavigation *)navigation withError:(NSError *)error"; https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfail:witherror:) (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620, and Apple's page: "@MainActor optional func" with these labels and types)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webView:(WKWebView *)webView didFailProvisionalNavigation:(null_unspecified WKNavigation *)navigation withError:(NSError *)error"; https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfailprovisionalnavigation:witherror:) (checked 2026-12-02 in the header at WebKit/WebKit commit 06dcb620, and Apple's page: "@MainActor optional func" with these labels and types)
    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKNavigationDelegate.h "- (void)webViewWebContentProcessDidTerminate:(WKWebView *)webView" (header not re-read); https://developer.apple.com/documentation/webkit/wknavigationdelegate/webviewwebcontentprocessdidterminate(_:) (checked 2026-12-02: "@MainActor optional func webViewWebContentProcessDidTerminate(_ webView: WKWebView)")
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)

    // Source: https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didreceive:completionhandler:) (checked 2026-12-05: "optional func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)"; header not re-read). URLAuthenticationChallenge, URLSession.AuthChallengeDisposition and URLCredential are FoundationNetworking's here, Foundation's on Apple platforms.
    func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
}

extension WKNavigationDelegate {
    // Mirror-only: stands for "optional" — WebKit calls nothing a delegate does not implement.
    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void) {}
    // Mirror-only: stands for "optional".
    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences, decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void) {}
    // Mirror-only: stands for "optional".
    public func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse, decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void) {}
    // Mirror-only: stands for "optional".
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}
    // Mirror-only: stands for "optional".
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
    // Mirror-only: stands for "optional".
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    // Mirror-only: stands for "optional".
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    // Mirror-only: stands for "optional".
    public func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {}
    // Mirror-only: stands for "optional".
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
    // Mirror-only: stands for "optional".
    public func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge, completionHandler: @escaping @MainActor @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {}
}
#endif
