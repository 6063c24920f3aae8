import Foundation
import HybridReplay

/// The seed article's navigation router, with the ways it can be broken,
/// so replay tests can show the replayer catching each misbehaviour.
struct ExampleRouter: NavigationDelegate {
    /// How the router misbehaves, if at all.
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        static let allowsEverything = Fault(name: "allows everything")
        static let decidesTwice = Fault(name: "decides twice")
        static let neverDecides = Fault(name: "never decides")
        static let decidesBeforeRouting = Fault(name: "decides before routing")
        static let neverRoutes = Fault(name: "never routes")
        static let wrongColour = Fault(name: "wrong colour")
    }

    var routes: any RoutePresenter
    var fault: Fault = .none

    init(platform: Platform, fault: Fault = .none) {
        routes = platform.routes
        self.fault = fault
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard let url = URLComponents(string: action.urlString), url.scheme == "navigate" else {
            decisionHandler(.allow)
            return
        }
        if fault == .neverDecides { return }
        if fault == .allowsEverything {
            decisionHandler(.allow)
            return
        }
        if fault == .decidesBeforeRouting { decisionHandler(.cancel) }
        var parameters: [String: JSONValue] = [:]
        for item in url.queryItems ?? [] {
            if let value = item.value.flatMap(Double.init) { parameters[item.name] = .number(value) }
        }
        if fault == .wrongColour { parameters["g"] = .number(0) }
        if fault != .neverRoutes { routes.show(NativeRoute(name: url.host ?? "", parameters: parameters)) }
        if fault != .decidesBeforeRouting { decisionHandler(.cancel) }
        if fault == .decidesTwice { decisionHandler(.allow) }
    }
}
