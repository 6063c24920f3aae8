import Foundation
import HybridReplaySeams
import HybridReplayWebKit
import Testing

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

// The example in docs/apple-adapters.md ("## WebKit"), compiled as shown.
@MainActor
func makeWebSeams(webView: WKWebView, cookieStore: WKHTTPCookieStore) -> (any WebView, any CookieStore) {
    let report: @Sendable (WebKitAdapterIssue) -> Void = { issue in assertionFailure("\(issue)") }
    let page = WebKitWebView(webView, reportIssue: report)
    let cookies = WebKitCookieStore(cookieStore, reportIssue: report)
    return (page, cookies)
}

@MainActor
@Suite("WebKit documentation example")
struct DocumentationExampleTests {
    @Test("the documented setup wraps the given web view and cookie store")
    func documentedSetup() {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        let store = WKHTTPCookieStore()
        let (page, cookies) = makeWebSeams(webView: webView, cookieStore: store)
        #expect((page as? WebKitWebView)?.webView === webView)
        #expect((cookies as? WebKitCookieStore)?.store === store)
    }
}
