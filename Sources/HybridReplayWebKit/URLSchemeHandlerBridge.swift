import Foundation
import HybridReplaySeams
import HybridReplayFoundationAdapters

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// The `WKURLSchemeHandler` a `WKWebViewConfiguration` holds for one scheme,
/// answering through whichever seam ``URLSchemeHandler`` the web view's
/// ``WebKitWebView/setURLSchemeHandler(_:forURLScheme:)`` set last.
///
/// WebKit takes scheme handlers on the configuration only, before the web
/// view exists; the seam sets them on the web view. So the configuration is
/// given one bridge per scheme up front (``WebKitURLSchemes``), and the web
/// view fills it in. With no seam handler set, a request fails.
@MainActor package final class URLSchemeHandlerBridge: NSObject, WKURLSchemeHandler {
    package var handler: (any URLSchemeHandler)?
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    /// The seam task handed out for each WebKit task not yet stopped, so `stop` gets the same object.
    private var tasks: [ObjectIdentifier: WebKitURLSchemeTask] = [:]

    package init(report: @escaping @Sendable (WebKitAdapterIssue) -> Void) {
        self.report = report
        super.init()
    }

    package func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
        let task = WebKitURLSchemeTask(urlSchemeTask, report: report)
        guard let handler else {
            return task.didFailWithError(URLError(.unsupportedURL))
        }
        tasks[ObjectIdentifier(urlSchemeTask)] = task
        handler.start(task)
    }

    package func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {
        guard let task = tasks.removeValue(forKey: ObjectIdentifier(urlSchemeTask)), task.markStopped() else { return }
        handler?.stop(task)
    }
}
