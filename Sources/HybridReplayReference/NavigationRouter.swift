import Foundation
import HybridReplaySeams

/// The seed's navigation hijack ("How to hijack WKWebView navigation
/// actions"): links to `navigate://<transition>?r=…&g=…&b=…` open a native
/// screen of that colour instead of loading.
///
/// Every navigation action gets exactly one decision:
/// - a `navigate:` URL is cancelled. When it names a transition (`present`
///   or `push`) and a colour whose `r`, `g` and `b` are numbers from 0 to
///   255, the route is shown first, as ``NativeRoute`` `present` or `push`
///   with the three components as parameters. A malformed one (unknown
///   transition, a component missing or not a number) shows nothing; the
///   seed returns without deciding here, which WebKit reports as
///   "Completion handler … was not called";
/// - a link that opens a new window (`target="_blank"`, so no target frame)
///   is cancelled and loaded in this web view, as the seed loads every link;
/// - everything else is allowed: it loads as usual.
public struct NavigationRouter: NavigationDelegate {
    /// The scheme of hijacked links.
    public static let scheme = "navigate"
    /// The transitions a `navigate:` URL may name, as its host.
    public static let transitions: Set<String> = ["present", "push"]

    private let webView: any WebView
    private let routes: any RoutePresenter

    /// Becomes `webView`'s navigation delegate.
    ///
    /// - Parameters:
    ///   - webView: The web view whose navigations are decided.
    ///   - routes: Where native screens are shown.
    public init(webView: any WebView, routes: any RoutePresenter) {
        self.webView = webView
        self.routes = routes
        webView.setNavigationDelegate(self)
    }

    public func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        // The scheme is read from the text, not from URLComponents, which
        // rejects some URLs outright: a `navigate:` link is never loaded.
        if action.urlString.prefix(Self.scheme.count + 1).lowercased() == Self.scheme + ":" {
            if let components = URLComponents(string: action.urlString), let route = Self.route(for: components) {
                routes.show(route)
            }
            decisionHandler(.cancel)
        } else if action.navigationType == .linkActivated && action.targetFrame == nil {
            webView.load(NavigationLoad(url: action.urlString, method: action.method))
            decisionHandler(.cancel)
        } else {
            decisionHandler(.allow)
        }
    }

    /// The screen a well-formed `navigate:` URL asks for; `nil` for a malformed one.
    public static func route(for url: URLComponents) -> NativeRoute? {
        guard let transition = url.host, transitions.contains(transition) else { return nil }
        var parameters: [String: JSONValue] = [:]
        for component in ["r", "g", "b"] {
            guard
                let text = url.queryItems?.first(where: { $0.name == component })?.value,
                let value = Double(text), value.isFinite, (0...255).contains(value)
            else { return nil }
            parameters[component] = .number(value)
        }
        return NativeRoute(name: transition, parameters: parameters)
    }
}
