import Foundation
import HybridReplaySeams
import HybridReplayFoundationAdapters

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// The schemes a `WKWebViewConfiguration` is prepared to serve through the
/// seam: create it on the configuration before creating the `WKWebView`,
/// and pass it to ``WebKitWebView/init(_:urlSchemes:reportIssue:)``.
///
/// ```swift
/// let configuration = WKWebViewConfiguration()
/// let schemes = WebKitURLSchemes(["capacitor"], on: configuration)
/// let webView = WebKitWebView(WKWebView(frame: .zero, configuration: configuration), urlSchemes: schemes)
/// ```
public final class WebKitURLSchemes: Sendable {
    private let bridges: [String: URLSchemeHandlerBridge]
    private let issues = Locked<[@Sendable (WebKitAdapterIssue) -> Void]>([])

    /// Registers a handler for each of `schemes` on `configuration`; the web
    /// view's ``WebKitWebView/setURLSchemeHandler(_:forURLScheme:)`` decides what answers.
    @MainActor public init(_ schemes: [String], on configuration: WKWebViewConfiguration) {
        let issues = issues
        var bridges: [String: URLSchemeHandlerBridge] = [:]
        for scheme in schemes {
            let bridge = URLSchemeHandlerBridge { issue in for report in issues.current { report(issue) } }
            configuration.setURLSchemeHandler(bridge, forURLScheme: scheme)
            bridges[scheme.lowercased()] = bridge
        }
        self.bridges = bridges
    }

    /// The bridge for `scheme`, when the configuration was prepared for it.
    func bridge(for scheme: String) -> URLSchemeHandlerBridge? { bridges[scheme.lowercased()] }

    /// The schemes prepared, sorted.
    var schemes: [String] { bridges.keys.sorted() }

    /// Sends the bridges' issues to `report` too.
    func forwardIssues(to report: @escaping @Sendable (WebKitAdapterIssue) -> Void) {
        issues.withLock { $0.append(report) }
    }
}
