import Foundation
import HybridReplay

/// The shell's response policy and page preferences, with their faults.
extension ExampleWebShell {
    static let errorPage = "app://error"

    /// The desktop site is shown in desktop mode; the ads host gets no scripts.
    func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        var chosen = preferences
        let host = URLComponents(string: action.urlString)?.host
        if host == "desktop.example.com", fault != .ignoresDesktopSites { chosen.preferredContentMode = .desktop }
        if host == "ads.example.com" { chosen.allowsContentJavaScript = false }
        decisionHandler(.allow, chosen)
    }

    /// Shows an error page for failed main-frame responses, downloads what
    /// the web view cannot show, and allows the rest.
    func decidePolicy(
        for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void
    ) {
        if fault == .neverDecidesResponses { return }
        if fault == .downloadsEverything { return decisionHandler(.download) }
        if let status = response.status, status >= 400, response.isForMainFrame {
            webView.load(NavigationLoad(url: "\(Self.errorPage)?status=\(status)"))
            decisionHandler(.cancel)
        } else if !response.canShowMIMEType {
            decisionHandler(.download)
        } else {
            decisionHandler(.allow)
            if fault == .decidesResponsesTwice { decisionHandler(.cancel) }
        }
    }
}

extension ExampleWebShell.Fault {
    static let downloadsEverything = Self(name: "downloads everything")
    static let decidesResponsesTwice = Self(name: "decides responses twice")
    static let neverDecidesResponses = Self(name: "never decides responses")
    static let ignoresDesktopSites = Self(name: "ignores desktop sites")
}
