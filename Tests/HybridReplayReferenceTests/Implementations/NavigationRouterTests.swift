import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import Testing

@Suite("NavigationRouter")
struct NavigationRouterTests {
    /// A web view with the router as its navigation delegate, and the routes it shows.
    private static func router() -> (SimulatedWebView, CollectingRoutePresenter) {
        let webView = SimulatedWebView()
        let routes = CollectingRoutePresenter()
        _ = NavigationRouter(webView: webView, routes: routes)
        return (webView, routes)
    }

    private static func link(_ url: String, newWindow: Bool = false) -> NavigationAction {
        NavigationAction(
            url: url, navigationType: .linkActivated, sourceFrame: .main("https://app.example.com/"),
            targetFrame: newWindow ? nil : .main("https://app.example.com/"))
    }

    @Test("becomes the web view's navigation delegate")
    func becomesDelegate() {
        let (webView, _) = Self.router()
        #expect(webView.hasNavigationDelegate)
        #expect(NavigationRouter.scheme == "navigate")
        #expect(NavigationRouter.transitions == ["present", "push"])
    }

    @Test(
        "presents the seed's yellow screen and cancels the link, in the page or a new window", arguments: [false, true])
    func presentsYellow(newWindow: Bool) async throws {
        let (webView, routes) = Self.router()
        let policy = try await webView.navigate(Self.link("navigate://present?r=255&g=255&b=0", newWindow: newWindow))
        #expect(policy == .cancel)
        #expect(routes.routes == [NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0])])
        #expect(webView.loads.isEmpty)
        #expect(webView.decisionMisuses.isEmpty)
    }

    @Test("pushes the seed's red screen and cancels the link")
    func pushesRed() async throws {
        let (webView, routes) = Self.router()
        let policy = try await webView.navigate(Self.link("navigate://push?r=255&g=0&b=0", newWindow: true))
        #expect(policy == .cancel)
        #expect(routes.routes == [NativeRoute(name: "push", parameters: ["r": 255, "g": 0, "b": 0])])
        #expect(webView.loads.isEmpty)
        #expect(webView.decisionMisuses.isEmpty)
    }

    @Test(
        "reads r, g and b as numbers from 0 to 255, in any order and beside other parameters",
        arguments: [
            ("navigate://present?b=3&g=2&r=1", 1.0, 2.0, 3.0),
            ("navigate://push?r=0&g=0&b=0", 0, 0, 0),
            ("navigate://present?r=255&g=255&b=255&animated=false", 255, 255, 255),
            ("navigate://present?r=12.5&g=1e2&b=007", 12.5, 100, 7),
            ("navigate://present?r=1&g=2&b=3&r=200", 1, 2, 3),
            // Double(_:) reads hexadecimal too, in the seed as here.
            ("navigate://present?r=0x10&g=0xff&b=0", 16, 255, 0),
        ])
    func readsComponents(url: String, r: Double, g: Double, b: Double) async throws {
        let (webView, routes) = Self.router()
        #expect(try await webView.navigate(Self.link(url)) == .cancel)
        let route = try #require(routes.routes.onlyElement)
        #expect(route.parameters == ["r": .number(r), "g": .number(g), "b": .number(b)])
        #expect(webView.decisionMisuses.isEmpty)
    }

    @Test(
        "cancels a malformed navigate: link without showing anything",
        arguments: [
            "navigate://dismiss?r=255&g=255&b=0",  // unknown transition
            "navigate://Present?r=255&g=255&b=0",  // transitions are lowercase
            "navigate://?r=255&g=255&b=0",  // no transition
            "navigate:present?r=255&g=255&b=0",  // no authority, so no host
            "navigate://present",  // no colour
            "navigate://present?r=255&g=255",  // b missing
            "navigate://push?g=0&b=0",  // r missing
            "navigate://present?r=255&g=&b=0",  // g empty
            "navigate://present?r=255&g=255&b",  // b without a value
            "navigate://present?r=red&g=255&b=0",  // not a number
            "navigate://present?r=%2032&g=255&b=0",  // " 32" is not a number
            "navigate://present?r=256&g=255&b=0",  // above 255
            "navigate://push?r=255&g=-1&b=0",  // below 0
            "navigate://push?r=255&g=0&b=255.5",  // above 255 by a fraction
            "navigate://present?r=nan&g=255&b=0",
            "navigate://present?r=NaN&g=255&b=0",
            "navigate://present?r=255&g=inf&b=0",
            "navigate://present?r=255&g=255&b=-inf",
            "navigate://present?r=255&g=255&b=infinity",
            "navigate://present?r=1e3&g=255&b=0",  // 1000
        ])
    func cancelsMalformed(url: String) async throws {
        for newWindow in [false, true] {
            let (webView, routes) = Self.router()
            let policy = try await webView.navigate(Self.link(url, newWindow: newWindow))
            #expect(policy == .cancel, "new window: \(newWindow)")
            #expect(routes.routes.isEmpty, "new window: \(newWindow)")
            #expect(webView.loads.isEmpty, "new window: \(newWindow)")
            #expect(webView.decisionMisuses.isEmpty)
        }
    }

    @Test(
        "cancels a navigate: link that URLComponents cannot parse, without loading it",
        arguments: ["navigate://present?r=100%&g=0&b=0", "navigate://present?r=1 0&g=0&b=0", "navigate://pre sent?r=1"])
    func cancelsUnparsable(url: String) async throws {
        for newWindow in [false, true] {
            let (webView, routes) = Self.router()
            let policy = try await webView.navigate(Self.link(url, newWindow: newWindow))
            #expect(policy == .cancel, "new window: \(newWindow)")
            #expect(routes.routes.isEmpty)
            #expect(webView.loads.isEmpty, "a navigate: URL must never be loaded; new window: \(newWindow)")
            #expect(webView.decisionMisuses.isEmpty)
        }
    }

    @Test(
        "matches the scheme in any case", arguments: ["NAVIGATE://present?r=1&g=2&b=3", "Navigate://push?r=1&g=2&b=3"])
    func matchesSchemeInAnyCase(url: String) async throws {
        let (webView, routes) = Self.router()
        #expect(try await webView.navigate(Self.link(url)) == .cancel)
        #expect(routes.routes.map(\.name) == [url.contains("push") ? "push" : "present"])
        #expect(routes.routes.first?.parameters == ["r": 1, "g": 2, "b": 3])
    }

    @Test("cancels a link that opens a new window and loads it in this web view instead")
    func loadsNewWindowLink() async throws {
        let (webView, routes) = Self.router()
        let policy = try await webView.navigate(Self.link("https://www.swiftsenpai.com/", newWindow: true))
        #expect(policy == .cancel)
        #expect(webView.loads == [NavigationLoad(url: "https://www.swiftsenpai.com/", method: "GET")])
        #expect(routes.routes.isEmpty)
        #expect(webView.decisionMisuses.isEmpty)
    }

    @Test("allows a link in the page or a frame to load as usual")
    func allowsFrameLinks() async throws {
        let (webView, routes) = Self.router()
        #expect(try await webView.navigate(Self.link("https://example.com/next")) == .allow)
        let inFrame = NavigationAction(
            url: "https://ads.example/click", navigationType: .linkActivated,
            targetFrame: Frame(isMainFrame: false, url: "https://ads.example/"))
        #expect(try await webView.navigate(inFrame) == .allow)
        #expect(webView.loads.isEmpty)
        #expect(routes.routes.isEmpty)
        #expect(webView.decisionMisuses.isEmpty)
    }

    @Test(
        "allows navigations that are not link taps, even to a new window",
        arguments: [NavigationType.other, .formSubmitted, .reload, .backForward, .formResubmitted])
    func allowsOtherNavigations(type: NavigationType) async throws {
        for target in [Frame.main("https://app.example.com/"), nil] {
            let (webView, routes) = Self.router()
            let action = NavigationAction(
                url: "https://app.example.com/form", navigationType: type, targetFrame: target)
            #expect(try await webView.navigate(action) == .allow)
            #expect(webView.loads.isEmpty)
            #expect(routes.routes.isEmpty)
            #expect(webView.decisionMisuses.isEmpty)
        }
    }

    @Test("decides exactly once for every action of a long session")
    func decidesOnceEach() async throws {
        let (webView, routes) = Self.router()
        let actions = [
            Self.link("navigate://present?r=255&g=255&b=0", newWindow: true),
            Self.link("navigate://push?r=300&g=0&b=0"),
            Self.link("https://example.com/", newWindow: true),
            Self.link("https://example.com/inline"),
            NavigationAction(url: "https://example.com/", navigationType: .other, targetFrame: .main()),
            Self.link("navigate://unknown"),
            Self.link("navigate://push?r=1&g=2&b=3"),
        ]
        var policies: [NavigationPolicy] = []
        for action in actions { policies.append(try await webView.navigate(action)) }
        #expect(policies == [.cancel, .cancel, .cancel, .allow, .allow, .cancel, .cancel])
        #expect(routes.routes.map(\.name) == ["present", "push"])
        #expect(webView.loads.map(\.urlString) == ["https://example.com/"])
        #expect(webView.decisionMisuses.isEmpty)
    }

    @Test("route(for:) is nil for a malformed URL and the route for a well-formed one")
    func routeForComponents() throws {
        let good = try #require(URLComponents(string: "navigate://push?r=10&g=20&b=30"))
        #expect(
            NavigationRouter.route(for: good) == NativeRoute(name: "push", parameters: ["r": 10, "g": 20, "b": 30]))
        let bad = try #require(URLComponents(string: "navigate://push?r=10&g=20"))
        #expect(NavigationRouter.route(for: bad) == nil)
    }
}
