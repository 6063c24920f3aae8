import Foundation
import HybridReplay

/// A web shell using what format version 2 adds on the web side: it reacts
/// to the navigation lifecycle, with the ways it can be broken, so replay
/// tests can show the replayer catching each misbehaviour.
struct ExampleWebShell: NavigationDelegate {
    /// How the shell misbehaves, if at all.
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        /// Shows the offline page for every failure, not only "not connected".
        static let offlineForEveryError = Fault(name: "offline for every error")
        /// Does not reload after the content process ends.
        static let ignoresTermination = Fault(name: "ignores termination")
    }

    static let offlinePage = "app://offline"
    static let home = "https://app.example.com/"
    /// `NSURLErrorNotConnectedToInternet`.
    static let notConnected = NavigationError(
        domain: "NSURLErrorDomain", code: -1009, message: "The Internet connection appears to be offline.")
    /// `NSURLErrorTimedOut`.
    static let timedOut = NavigationError(domain: "NSURLErrorDomain", code: -1001, message: "The request timed out.")

    let webView: any WebView
    var fault: Fault = .none

    init(platform: Platform, fault: Fault = .none) {
        webView = platform.webView
        self.fault = fault
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func didFinish(_ navigation: NavigationFinish) {
        webView.evaluateJavaScript("document.title", completionHandler: nil)
    }

    func didFailProvisionalNavigation(_ failure: NavigationFailure) {
        let offline = failure.error.domain == Self.notConnected.domain && failure.error.code == Self.notConnected.code
        if offline || fault == .offlineForEveryError { webView.load(NavigationLoad(url: Self.offlinePage)) }
    }

    func didFail(_ failure: NavigationFailure) {
        webView.evaluateJavaScript("showError(\(failure.error.code))", completionHandler: nil)
    }

    func webContentProcessDidTerminate() {
        if fault != .ignoresTermination { webView.load(NavigationLoad(url: Self.home)) }
    }
}
