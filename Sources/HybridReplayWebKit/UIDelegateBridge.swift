import Foundation
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// The `WKUIDelegate` WebKit holds for a seam UIDelegate: new windows.
///
/// WebKit must get a `WKWebView` created with the configuration it passes;
/// the seam returns `any WebView`. A WebKitWebView is unwrapped (the app
/// must have created it with `configuration` — WebKit raises otherwise);
/// any other web view cannot stand in for a `WKWebView`, so the window is
/// refused and the mismatch reported. `WKWindowFeatures` reaches the seam as
/// WindowFeatures, member for member, `nil` where the page did not say.
@MainActor package final class UIDelegateBridge: NSObject, WKUIDelegate {
    private let delegate: any UIDelegate
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    private let frames: WebKitFrames

    package init(
        _ delegate: any UIDelegate, frames: WebKitFrames = WebKitFrames(),
        report: @escaping @Sendable (WebKitAdapterIssue) -> Void
    ) {
        self.delegate = delegate
        self.frames = frames
        self.report = report
        super.init()
    }

    package func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        let action = frames.action(navigationAction)
        let features = NavigationConversion.windowFeatures(windowFeatures)
        guard let created = delegate.createWebView(for: action, windowFeatures: features) else { return nil }
        guard let adapter = created as? WebKitWebView else {
            report(WebKitAdapterIssue(.unsupportedValue, "the window for \(action.url) is a \(type(of: created)), not a WebKitWebView; refused"))
            return nil
        }
        return adapter.webView
    }
}
