import Foundation
import HybridReplay
import HybridReplayReference
import Testing

@testable import HybridReplayVariants

/// A copy of the reference router with a bug on its error path: a malformed
/// `navigate:` link is cancelled, and then the handler is called again, as in
/// WebViewJavascriptBridge #278.
private struct RouterDecidingTwice: NavigationDelegate {
    let routes: any RoutePresenter

    init(webView: any WebView, routes: any RoutePresenter) {
        self.routes = routes
        webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard action.urlString.lowercased().hasPrefix("navigate:") else { return decisionHandler(.allow) }
        guard let components = URLComponents(string: action.urlString), let route = NavigationRouter.route(for: components) else {
            decisionHandler(.cancel)
            // The bug: no return, so the malformed link is decided a second time.
            return decisionHandler(.allow)
        }
        routes.show(route)
        decisionHandler(.cancel)
    }
}

/// A copy of the reference reply bridge that never replies when the body is not an object.
private struct ReplyBridgeSilentOnOtherBodies: ScriptMessageHandlerWithReply {
    let transport: any HTTPTransport

    init(webView: any WebView, transport: any HTTPTransport) {
        self.transport = transport
        webView.add(self, name: PromiseReplyBridge.handlerName)
    }

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        // The bug: a body that is not an object is dropped without a reply.
        guard case .object = message.body else { return }
        let transport = transport
        Task {
            do {
                let response = try await transport.send(HTTPRequest(url: RandomUserFetcher.seedEndpoint))
                replyHandler(.value(.string(RandomUserFetcher.text(of: response.body))))
            } catch {
                replyHandler(.error("the request failed: \(error)"))
            }
        }
    }
}

/// A copy of the reference location service that signals a denial but leaves updates running.
private final class LocationServiceNotStoppingOnDenial: LocationManagerDelegate, @unchecked Sendable {
    let manager: any LocationManager
    let output: any LocationServiceOutput
    private let lock = NSLock()
    private var wanted = false

    init(manager: any LocationManager, output: any LocationServiceOutput) {
        self.manager = manager
        self.output = output
        manager.desiredAccuracy = DeviceLocationService.bestAccuracy
        manager.setDelegate(self)
    }

    func requestLocationUpdates() {
        lock.withLock { wanted = true }
        act(on: manager.authorizationStatus, asking: true)
    }

    func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        guard lock.withLock({ wanted }) else { return }
        act(on: status, asking: false)
    }

    private func act(on status: AuthorizationStatus, asking: Bool) {
        if status == .notDetermined {
            if asking { manager.requestWhenInUseAuthorization() }
        } else if status.isAuthorized {
            manager.startUpdatingLocation()
        } else {
            // The bug: the denial is signalled, but the running updates are not stopped.
            output.publish(.null, on: DeviceLocationService.deniedStream)
        }
    }

    func locationManager(didUpdateLocations locations: [LocationFix]) {
        guard let last = locations.last else { return }
        output.publish(.object(["latitude": .number(last.latitude), "longitude": .number(last.longitude)]), on: DeviceLocationService.coordinatesStream)
    }

    func locationManager(didFailWithError error: LocationErrorCode) {
        if error.isTransient { return }
        manager.stopUpdatingLocation()
        output.complete(DeviceLocationService.coordinatesStream, error: error)
    }
}

@Suite("Explorer")
struct ExplorerTests {
    @Test("exploration from the happy-path router cassette finds a decision made twice on the error path, shrunk")
    func decidedTwice() async throws {
        let exploration = try await exploreCassette(at: suiteFolder.appendingPathComponent("router/present-yellow.json")) { platform in
            RouterDecidingTwice(webView: platform.webView, routes: platform.routes)
        }
        let failure = try #require(exploration.failures.first { $0.violations.contains { $0.rule == .navigationDecidedOnce } })
        #expect(failure.violations.first?.message.contains("decided 2 times") == true)
        #expect(failure.shrunk.events.filter { $0.direction == .stimulus }.count == 1)
        #expect(failure.shrunkViolations.contains { $0.rule == .navigationDecidedOnce })
    }

    @Test("exploration from the happy-path reply cassette finds a message never replied to when its body is not an object")
    func neverReplied() async throws {
        let exploration = try await exploreCassette(at: suiteFolder.appendingPathComponent("bridge/promise-reply.json")) { platform in
            ReplyBridgeSilentOnOtherBodies(webView: platform.webView, transport: platform.transport)
        }
        let failing = exploration.failures.filter { $0.violations.contains { $0.rule == .replyOnce } }.map(\.variant.id.description)
        #expect(failing.contains("v1:bridge-promise-reply:body:1:string"))
        #expect(!failing.contains("v1:bridge-promise-reply:transport-error:3:-1009"))
    }

    @Test("exploration from the happy-path location cassette finds updates left running after a denial")
    func notStopped() async throws {
        let exploration = try await exploreCassette(at: suiteFolder.appendingPathComponent("location/when-in-use-granted.json")) { platform in
            let service = LocationServiceNotStoppingOnDenial(manager: platform.locationManager, output: platform.locationOutput)
            return LocationRequestHandler(seam: platform.custom) { service.requestLocationUpdates() }
        }
        let failure = try #require(exploration.failures.first { $0.violations.contains { $0.rule == .locationUpdatesEnded } })
        #expect(failure.variant.id.description == "v1:location-when-in-use-granted:denied-then-granted:6", "\(failure.variant.id)")
        #expect(failure.shrunkViolations.contains { $0.rule == .locationUpdatesEnded })
    }

    @Test("a variant named by id is the only one explored, and one of another cassette is refused")
    func oneVariant() async throws {
        let id = try #require(VariantID("v1:bridge-promise-reply:body:1:string"))
        let url = suiteFolder.appendingPathComponent("bridge/promise-reply.json")
        let exploration = try await exploreCassette(at: url, options: ExplorationOptions(variant: id)) { platform in
            ReplyBridgeSilentOnOtherBodies(webView: platform.webView, transport: platform.transport)
        }
        #expect(exploration.explored == 1)
        #expect(exploration.failures.map(\.variant.id) == [id])
        let other = try #require(VariantID("v1:router-present-yellow:duplicate:1"))
        await #expect(throws: VariantLookupError.self) {
            _ = try await exploreCassette(at: url, options: ExplorationOptions(variant: other)) { platform in
                PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
            }
        }
    }

    @Test("a budget of zero explores nothing and says so")
    func budget() async throws {
        let exploration = try await exploreCassette(
            at: suiteFolder.appendingPathComponent("bridge/promise-reply.json"), options: ExplorationOptions(budget: .zero)
        ) { platform in
            PromiseReplyBridge(webView: platform.webView, transport: platform.transport)
        }
        #expect(exploration.explored == 0)
        #expect(exploration.stoppedByBudget)
    }
}

/// Work that never goes idle: it yields until the test lets it stop.
private final class EndlessWork: @unchecked Sendable {
    private let lock = NSLock()
    private var stop = false

    func spin() async {
        while !lock.withLock({ stop }) { await Task.yield() }
    }

    func end() { lock.withLock { stop = true } }
}

@Suite("Explorer delivery")
struct ExplorerDeliveryTests {
    @Test("exploring goes on delivering every stimulus after the implementation did something the recording does not have")
    func deliversAfterDivergence() async throws {
        let cassette = try suiteCassette("router/after-cancel.json")
        // The first link made malformed: the reference cancels it without a route, which the recording does not have.
        let id = try #require(VariantGenerator().variants(of: cassette).first { $0.id.variantClass == "query" && $0.id.eventID == 1 }?.id)
        let variant = try VariantGenerator().variant(id, of: cassette)
        let report = await Replayer(cassette: variant.cassette).explore { platform in
            NavigationRouter(webView: platform.webView, routes: platform.routes)
        }
        #expect(report.passed)
        let actions = report.trace.events.filter { $0.payload is NavigationAction }
        let decisions = report.trace.events.filter { $0.payload is NavigationDecision }
        #expect(actions.count == cassette.events.filter { $0.payload is NavigationAction }.count)
        #expect(decisions.count == actions.count)
        #expect(PlatformRule.all.violations(in: report.trace).isEmpty)
    }

    @Test("an implementation that never goes idle breaks the no-hang rule")
    func hang() async throws {
        let cassette = try suiteCassette("bridge/echo-hello.json")
        let work = EndlessWork()
        var options = ExplorationOptions()
        options.replay.stallTimeout = .milliseconds(200)
        let violations = await Explorer(options: options).judge(cassette) { platform in
            let bridge = EchoBridge(webView: platform.webView)
            Task { await work.spin() }
            return bridge
        }
        work.end()
        #expect(violations.contains { $0.rule == .noHang })
    }

    @Test("a set-up that throws breaks the set-up rule")
    func setUpThrows() async throws {
        struct Refused: Error {}
        let violations = await Explorer().judge(try suiteCassette("bridge/echo-hello.json")) { _ in throw Refused() }
        #expect(violations.map(\.rule) == [.setUpSucceeds])
    }

    @Test("a violation quoting a set-up error hides the credential in it, as a failed replay's report does")
    func setUpErrorRedacted() async throws {
        struct Refused: Error, CustomStringConvertible {
            var description: String { "the sign-in was refused for Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLWJ5dGVz" }
        }
        let cassette = try suiteCassette("location/already-authorized.json")
        #expect(!cassette.header.redactions.isEmpty)
        let violations = await Explorer().judge(cassette) { _ in throw Refused() }
        let shown = violations.map(\.description).joined(separator: "\n")
        #expect(violations.map(\.rule) == [.setUpSucceeds])
        #expect(shown.contains("the sign-in was refused for"))
        #expect(shown.contains("[REDACTED:"))
        #expect(!shown.contains("eyJhbGciOiJIUzI1NiJ9"))
    }
}

/// The seed article's router, ported as written: a malformed `navigate:` link returns without a decision.
private struct SeedRouterNeverDeciding: NavigationDelegate {
    let routes: any RoutePresenter

    init(webView: any WebView, routes: any RoutePresenter) {
        self.routes = routes
        webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        guard action.urlString.lowercased().hasPrefix("navigate:") else { return decisionHandler(.allow) }
        // The seed's bug: `guard let route … else { return }` leaves WebKit waiting for a decision.
        guard let components = URLComponents(string: action.urlString), let route = NavigationRouter.route(for: components) else { return }
        routes.show(route)
        decisionHandler(.cancel)
    }
}

/// An echo bridge that watches navigation, and either reloads the page when its
/// web content process ends or, with the bug, goes on evaluating into the dead page.
private final class EchoBridgeWatchingTheProcess: ScriptMessageHandler, NavigationDelegate, @unchecked Sendable {
    let webView: any WebView
    let reloads: Bool

    init(webView: any WebView, reloads: Bool) {
        self.webView = webView
        self.reloads = reloads
        webView.add(self, name: EchoBridge.handlerName)
        webView.setNavigationDelegate(self)
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let text) = message.body else { return }
        webView.evaluateJavaScript("changeEcho(\(JavaScriptLiteral.string(text)))", completionHandler: nil)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func webContentProcessDidTerminate() {
        if reloads { webView.load(NavigationLoad(url: "https://bridge.example.com/echo.html")) }
    }
}

@Suite("Explorer and the seed bugs")
struct ExplorerSeedBugTests {
    @Test("the seed router, ported as written, is found never deciding a malformed link from the happy-path cassette")
    func seedRouter() async throws {
        let exploration = try await exploreCassette(at: suiteFolder.appendingPathComponent("router/present-yellow.json")) { platform in
            SeedRouterNeverDeciding(webView: platform.webView, routes: platform.routes)
        }
        let failure = try #require(exploration.failures.first { $0.violations.contains { $0.rule == .navigationDecidedOnce } })
        #expect(failure.violations.contains { $0.message.contains("was never decided") })
    }

    @Test("evaluating into a page whose process ended is found and shrunk to the ending and one message; reloading first keeps the rule")
    func processEnded() async throws {
        let url = suiteFolder.appendingPathComponent("bridge/echo-empty-whitespace-repeated.json")
        let options = ExplorationOptions(rules: [.noEvaluationAfterProcessEnded])
        let broken = try await exploreCassette(at: url, options: options) { platform in
            EchoBridgeWatchingTheProcess(webView: platform.webView, reloads: false)
        }
        let failure = try #require(broken.failures.first { $0.variant.id.variantClass == "process-ended" && $0.variant.id.eventID == 1 })
        #expect(failure.shrinkSteps >= 1)
        let stimuli = failure.shrunk.events.filter { $0.direction == .stimulus && $0.answers == nil }.map(\.kind.description)
        #expect(stimuli == ["navigation.processTerminated", "script.message"])
        #expect(failure.shrunkViolations.map(\.rule) == [.noEvaluationAfterProcessEnded])

        let fixed = try await exploreCassette(at: url, options: options) { platform in
            EchoBridgeWatchingTheProcess(webView: platform.webView, reloads: true)
        }
        #expect(fixed.passed)
        #expect(fixed.explored == fixed.total)
    }
}
