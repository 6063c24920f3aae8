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

// The example in docs/app-served-schemes.md ("## On iOS and macOS"), compiled as shown.
@MainActor
func makeServedWebView(serving handler: any URLSchemeHandler) -> WebKitWebView {
    let configuration = WKWebViewConfiguration()
    let schemes = WebKitURLSchemes(["capacitor"], on: configuration)
    let webView = WebKitWebView(WKWebView(frame: .zero, configuration: configuration), urlSchemes: schemes)
    webView.setURLSchemeHandler(handler, forURLScheme: "capacitor")
    return webView
}

@MainActor
@Suite("App-served schemes documentation example")
struct ServedWebViewExampleTests {
    /// Fails every request: the example needs a handler, not an answer.
    final class NoFiles: URLSchemeHandler {
        func start(_ task: any URLSchemeTask) { task.didFailWithError(URLError(.fileDoesNotExist)) }
        func stop(_ task: any URLSchemeTask) {}
    }

    @Test("the documented setup gives the configuration a WebKit handler for the scheme before the web view exists")
    func documentedSetup() {
        let webView = makeServedWebView(serving: NoFiles())
        #expect(webView.webView.configuration.urlSchemeHandler(forURLScheme: "capacitor") != nil)
        #expect(webView.webView.configuration.urlSchemeHandler(forURLScheme: "app") == nil)
    }
}
