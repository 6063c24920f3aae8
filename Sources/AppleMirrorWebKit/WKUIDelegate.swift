#if !canImport(WebKit)
import Foundation

// Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "@protocol WKUIDelegate <NSObject>"; https://developer.apple.com/documentation/webkit/wkuidelegate (checked 2026-12-02: the header at WebKit/WebKit commit 02e38c5d has no WK_SWIFT_UI_ACTOR on the protocol; the method is @optional)
@MainActor public protocol WKUIDelegate: NSObjectProtocol {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "- (nullable WKWebView *)webView:(WKWebView *)webView createWebViewWithConfiguration:(WKWebViewConfiguration *)configuration forNavigationAction:(WKNavigationAction *)navigationAction windowFeatures:(WKWindowFeatures *)windowFeatures"; https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:createwebviewwith:for:windowfeatures:) (checked 2026-12-01)
    func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView?

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "- (void)webViewDidClose:(WKWebView *)webView WK_API_AVAILABLE(macos(10.11), ios(9.0));" (read 2026-12-05 at commit 02e38c5d, declared @optional: "Notifies your app that the DOM window object's close() method completed successfully"); the Swift name is the importer's for a selector of one argument, webViewDidClose(_:) (Apple's page not re-checked here)
    func webViewDidClose(_ webView: WKWebView)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "- (void)webView:(WKWebView *)webView runJavaScriptAlertPanelWithMessage:(NSString *)message initiatedByFrame:(WKFrameInfo *)frame completionHandler:(void (^)(void))completionHandler"; https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:runjavascriptalertpanelwithmessage:initiatedbyframe:completionhandler:) (checked 2026-12-03: the Swift form follows its confirm and prompt siblings, whose pages read "completionHandler: @escaping @MainActor @Sendable"; this page not re-read)
    func webView(_ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable () -> Void)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "- (void)webView:(WKWebView *)webView runJavaScriptConfirmPanelWithMessage:(NSString *)message initiatedByFrame:(WKFrameInfo *)frame completionHandler:(void (^)(BOOL result))completionHandler"; https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:runjavascriptconfirmpanelwithmessage:initiatedbyframe:completionhandler:) (checked 2026-12-03: "optional func webView(_ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void)")
    func webView(_ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void)

    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "- (void)webView:(WKWebView *)webView runJavaScriptTextInputPanelWithPrompt:(NSString *)prompt defaultText:(nullable NSString *)defaultText initiatedByFrame:(WKFrameInfo *)frame completionHandler:(void (^)(NSString * _Nullable result))completionHandler"; https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:runjavascripttextinputpanelwithprompt:defaulttext:initiatedbyframe:completionhandler:) (checked 2026-12-03: "optional func webView(_ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void)")
    func webView(_ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void)

    // Source: https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:requestmediacapturepermissionfor:initiatedbyframe:type:decisionhandler:) (checked 2026-12-05: "optional func webView(_ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void)", iOS 15.0+, macOS 12.0+); WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "- (void)webView:(WKWebView *)webView requestMediaCapturePermissionForOrigin:(WKSecurityOrigin *)origin initiatedByFrame:(WKFrameInfo *)frame type:(WKMediaCaptureType)type decisionHandler:(void (^)(WKPermissionDecision decision))decisionHandler" (header not re-read)
    func webView(_ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void)
}

extension WKUIDelegate {
    // Mirror-only: stands for "optional" — without it WebKit does nothing on close (WebKit/WebKit Source/WebKit/UIProcess/Cocoa/UIDelegate.mm, UIDelegate::UIClient::close: "if (!m_uiDelegate->m_delegateMethods.webViewDidClose) return;", read 2026-12-05).
    public func webViewDidClose(_ webView: WKWebView) {}

    // Mirror-only: stands for "optional" — without it WebKit opens no window.
    public func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView? { nil }

    // Mirror-only: stands for "optional" — without it WebKit dismisses the alert.
    public func webView(_ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable () -> Void) {
        completionHandler()
    }

    // Mirror-only: stands for "optional" — without it WebKit answers false.
    public func webView(_ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (Bool) -> Void) {
        completionHandler(false)
    }

    // Mirror-only: stands for "optional" — without it WebKit answers nil.
    public func webView(_ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?, initiatedByFrame frame: WKFrameInfo, completionHandler: @escaping @MainActor @Sendable (String?) -> Void) {
        completionHandler(nil)
    }

    // Mirror-only: stands for "optional" — without it WebKit asks the user (UIClient::decidePolicyForUserMediaPermissionRequest calls doDefaultAction()).
    public func webView(_ webView: WKWebView, requestMediaCapturePermissionFor origin: WKSecurityOrigin, initiatedByFrame frame: WKFrameInfo, type: WKMediaCaptureType, decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void) {
        decisionHandler(.prompt)
    }
}

// Source: https://developer.apple.com/documentation/webkit/wkmediacapturetype (checked 2026-12-05: "enum WKMediaCaptureType", cases camera, microphone, cameraAndMicrophone, iOS 15.0+, macOS 12.0+); WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "typedef NS_ENUM(NSInteger, WKMediaCaptureType)" (header not re-read: raw values in declaration order)
public enum WKMediaCaptureType: Int, @unchecked Sendable {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "WKMediaCaptureTypeCamera" (= 0 by declaration order; header not re-read); https://developer.apple.com/documentation/webkit/wkmediacapturetype/camera (checked 2026-12-05: the case is listed on Apple's WKMediaCaptureType page)
    case camera = 0
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "WKMediaCaptureTypeMicrophone" (= 1 by declaration order; header not re-read); https://developer.apple.com/documentation/webkit/wkmediacapturetype/microphone (checked 2026-12-05: the case is listed on Apple's WKMediaCaptureType page)
    case microphone = 1
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "WKMediaCaptureTypeCameraAndMicrophone" (= 2 by declaration order; header not re-read); https://developer.apple.com/documentation/webkit/wkmediacapturetype/cameraandmicrophone (checked 2026-12-05: the case is listed on Apple's WKMediaCaptureType page)
    case cameraAndMicrophone = 2
}

// Source: https://developer.apple.com/documentation/webkit/wkpermissiondecision (checked 2026-12-05: "enum WKPermissionDecision", "case prompt: Prompt the user for permission for the requested resource", case grant, case deny, iOS 15.0+, macOS 12.0+); WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "typedef NS_ENUM(NSInteger, WKPermissionDecision)" (header not re-read: raw values in declaration order)
public enum WKPermissionDecision: Int, @unchecked Sendable {
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "WKPermissionDecisionPrompt" (= 0 by declaration order; header not re-read); https://developer.apple.com/documentation/webkit/wkpermissiondecision/prompt (checked 2026-12-05: the case is listed on Apple's WKPermissionDecision page)
    case prompt = 0
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "WKPermissionDecisionGrant" (= 1 by declaration order; header not re-read); https://developer.apple.com/documentation/webkit/wkpermissiondecision/grant (checked 2026-12-05: the case is listed on Apple's WKPermissionDecision page)
    case grant = 1
    // Source: WebKit/WebKit Source/WebKit/UIProcess/API/Cocoa/WKUIDelegate.h "WKPermissionDecisionDeny" (= 2 by declaration order; header not re-read); https://developer.apple.com/documentation/webkit/wkpermissiondecision/deny (checked 2026-12-05: the case is listed on Apple's WKPermissionDecision page)
    case deny = 2
}
#endif
