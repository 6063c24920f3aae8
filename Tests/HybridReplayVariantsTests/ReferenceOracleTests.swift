import Foundation
import HybridReplay
import HybridReplayReference
import Testing

@testable import HybridReplayVariants

/// The reference router, except that it takes 256 for a colour component: a
/// bug no platform rule sees (every action is still decided once).
struct RouterAcceptingPastByte: NavigationDelegate {
    let routes: any RoutePresenter

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard action.urlString.lowercased().hasPrefix("navigate:") else { return decisionHandler(.allow) }
        if let components = URLComponents(string: action.urlString), let route = Self.route(for: components) { routes.show(route) }
        decisionHandler(.cancel)
    }

    static func route(for url: URLComponents) -> NativeRoute? {
        guard let transition = url.host, NavigationRouter.transitions.contains(transition) else { return nil }
        var parameters: [String: JSONValue] = [:]
        for component in ["r", "g", "b"] {
            // The bug: 0...256.
            guard let text = url.queryItems?.first(where: { $0.name == component })?.value, let value = Double(text), (0...256).contains(value)
            else { return nil }
            parameters[component] = .number(value)
        }
        return NativeRoute(name: transition, parameters: parameters)
    }
}

let referenceRouter = ReferenceImplementation(name: "navigation-router") { platform in
    NavigationRouter(webView: platform.webView, routes: platform.routes)
}

@Suite("ReferenceImplementation")
struct ReferenceOracleTests {
    let url = suiteFolder.appendingPathComponent("router/present-yellow.json")

    @Test("the reference compared with itself differs on no variant")
    func agreesWithItself() async throws {
        var options = ExplorationOptions()
        options.reference = referenceRouter
        let exploration = try await exploreCassette(at: url, options: options, setUp: referenceRouter.setUp)
        #expect(exploration.explored == exploration.total && exploration.total > 20)
        #expect(exploration.passed, "\(exploration.failures.map(\.violations))")
    }

    @Test("a router taking 256 for a colour keeps every platform rule, and the reference oracle finds it on the past-byte variants")
    func findsWhatNoRuleSees() async throws {
        let setUp: @Sendable (Platform) async throws -> any Sendable = { platform in
            let router = RouterAcceptingPastByte(routes: platform.routes)
            platform.webView.setNavigationDelegate(router)
            return router
        }
        let rulesOnly = try await exploreCassette(at: url, setUp: setUp)
        #expect(rulesOnly.passed)

        var options = ExplorationOptions()
        options.reference = referenceRouter
        let withReference = try await exploreCassette(at: url, options: options, setUp: setUp)
        let failing = withReference.failures.map(\.variant.id.description).sorted()
        #expect(failing == ["v1:router-present-yellow:query:1:b=past-byte", "v1:router-present-yellow:query:1:g=past-byte", "v1:router-present-yellow:query:1:r=past-byte"])
        let failure = try #require(withReference.failures.first)
        #expect(failure.violations.map(\.rule) == [.sameAsReference])
        #expect(failure.violations.first?.message.contains("the implementation made navigation.route, which the reference navigation-router did not") == true)
        #expect(failure.shrunkViolations.map(\.rule) == [.sameAsReference])
    }

    @Test("a difference names the first step where the runs part, by kind, and says which side made what")
    func difference() async throws {
        let cassette = try suiteCassette("router/present-yellow.json")
        let report = await Replayer(cassette: cassette).explore { platform in
            NavigationRouter(webView: platform.webView, routes: platform.routes)
        }
        var fewer = report.trace
        let route = try #require(fewer.events.firstIndex { $0.direction == .effect && $0.kind.description == "navigation.route" })
        fewer.events.remove(at: route)
        let missing = try #require(ReferenceImplementation.difference(of: fewer, from: report.trace, reference: "r"))
        // Without the route, the decision comes where the reference made the route.
        #expect(missing.message.hasSuffix("the implementation made navigation.decision where the reference r made navigation.route"), "\(missing.message)")
        #expect(ReferenceImplementation.difference(of: report.trace, from: report.trace, reference: "r") == nil)
    }
}
