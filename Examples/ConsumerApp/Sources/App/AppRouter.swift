import Foundation
import HybridReplaySeams

/// An app's router, written against the seams alone: `navigate://present?r=…&g=…&b=…`
/// links open a native screen, everything else loads.
public struct AppRouter: NavigationDelegate {
    private let routes: any RoutePresenter

    public init(webView: any WebView, routes: any RoutePresenter) {
        self.routes = routes
        webView.setNavigationDelegate(self)
    }

    public func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let url = URLComponents(string: action.urlString), url.scheme?.lowercased() == "navigate" else {
            return decisionHandler(.allow)
        }
        var colour: [String: JSONValue] = [:]
        for item in url.queryItems ?? [] {
            if let value = item.value.flatMap(Int.init) { colour[item.name] = .number(Double(value)) }
        }
        routes.show(NativeRoute(name: url.host ?? "present", parameters: colour))
        decisionHandler(.cancel)
    }
}

/// An echo bridge: what the page posts to `nativeProcess` comes back through
/// `changeEcho(…)`, spliced into JavaScript safely.
public final class AppEchoBridge: ScriptMessageHandler {
    private let webView: any WebView

    public init(webView: any WebView) {
        self.webView = webView
        webView.add(self, name: "nativeProcess")
    }

    public func didReceive(_ message: ScriptMessage) {
        guard case .string(let text) = message.body else { return }
        webView.evaluateJavaScript("changeEcho(\(JavaScriptLiteral.string(text)))", completionHandler: nil)
    }
}
