import Foundation
import HybridReplay

/// The web shell's UI delegate: links that ask for a new window open in
/// place, sized popups (a sign-in window) get a web view, other popups none.
struct ExampleWindowOpener: UIDelegate {
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        /// Returns a web view for every request, ads included.
        static let opensEveryWindow = Fault(name: "opens every window")
    }

    let webView: any WebView
    var fault: Fault = .none

    init(platform: Platform, fault: Fault = .none) {
        webView = platform.webView
        self.fault = fault
        platform.webView.setUIDelegate(self)
    }

    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        if fault == .opensEveryWindow { return webView }
        if action.navigationType == .linkActivated {
            webView.load(NavigationLoad(url: action.urlString))
            return nil
        }
        // A popup that says how big it wants to be is a sign-in window; the
        // test app has one web view, so it stands in for the new one.
        return windowFeatures.width != nil && windowFeatures.height != nil ? webView : nil
    }
}
