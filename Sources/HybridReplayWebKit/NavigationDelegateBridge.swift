import Foundation
import HybridReplaySeams

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// The `WKNavigationDelegate` WebKit holds for a seam NavigationDelegate.
///
/// WebKit calls it on the main actor; the seam delegate may answer from any
/// thread, later, or (wrongly) twice or never: ExactlyOnce delivers the
/// first answer to WebKit on the main actor, drops and reports repeats, and
/// answers `.cancel` and reports when the handler is dropped uncalled.
///
/// It implements the `preferences:` variant of `decidePolicyFor` only:
/// WebKit calls that one when a delegate has both, and passes the
/// preferences it was given back unchanged.
@MainActor package final class NavigationDelegateBridge: NSObject, WKNavigationDelegate {
    private let delegate: any NavigationDelegate
    private let report: @Sendable (WebKitAdapterIssue) -> Void

    package init(_ delegate: any NavigationDelegate, report: @escaping @Sendable (WebKitAdapterIssue) -> Void) {
        self.delegate = delegate
        self.report = report
        super.init()
    }

    package func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {
        let action = NavigationConversion.action(navigationAction)
        let report = self.report
        let once = ExactlyOnce<NavigationPolicy>(
            "decision handler for \(action.method) \(action.url)", fallback: .cancel, report: report
        ) { policy in
            let webKitPolicy = NavigationConversion.actionPolicy(policy)
            if webKitPolicy == nil {
                report(WebKitAdapterIssue(.unsupportedValue, "WebKit has no navigation policy '\(policy.rawValue)'; cancelled \(action.url)"))
            }
            performOnMainActor { decisionHandler(webKitPolicy ?? .cancel, preferences) }
        }
        delegate.decidePolicy(for: action) { once.call($0) }
    }
}
