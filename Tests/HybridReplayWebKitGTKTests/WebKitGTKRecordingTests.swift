#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayWebKitGTK
import Testing

/// Sessions recorded against a real WebKit engine, then replayed without one.
@Suite("Recording WebKitGTK")
struct WebKitGTKRecordingTests {
    /// The seed's echo bridge: `nativeProcess` text comes back through `changeEcho(…)`.
    struct EchoBridge: ScriptMessageHandler {
        let webView: any WebView

        init(platform: Platform) {
            webView = platform.webView
            platform.webView.add(self, name: "nativeProcess")
        }

        func didReceive(_ message: ScriptMessage) {
            guard case .string(let text) = message.body else { return }
            webView.evaluateJavaScript("changeEcho(\(JSONValue.string(text)))", completionHandler: nil)
        }
    }

    /// The seed's router: `navigate://` links become native routes.
    struct Router: NavigationDelegate {
        let routes: any RoutePresenter

        init(platform: Platform) {
            routes = platform.routes
            platform.webView.setNavigationDelegate(self)
        }

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            guard let url = URLComponents(string: action.urlString), url.scheme == "navigate" else {
                return decisionHandler(.allow)
            }
            var colour: [String: JSONValue] = [:]
            for item in url.queryItems ?? [] {
                if let value = item.value.flatMap(Double.init) { colour[item.name] = .number(value) }
            }
            routes.show(NativeRoute(name: url.host ?? "", parameters: colour))
            decisionHandler(.cancel)
        }
    }

    static func live(_ webView: WebKitGTKWebView) -> Platform {
        Platform(
            webView: webView, routes: CollectingRoutePresenter(), transport: ScriptedHTTPTransport { _ in HTTPResponse(status: 404) },
            cookieStore: InMemoryCookieStore(), locationManager: SimulatedLocationManager(),
            locationOutput: CollectingLocationOutput(), custom: SimulatedCustomSeam(), clock: ContinuousClock())
    }

    @Test("an echo session recorded against a real page replays without one", .timeLimit(.minutes(1)))
    func echo() async throws {
        let webView = try await WebKitGTKWebView()
        let echoed = StreamingHandler()
        webView.add(echoed, name: "echoed")
        let recorder = Recorder(name: "webkitgtk-echo", engine: "WebKitGTK 6.0")
        let bridge = EchoBridge(platform: recorder.platform(wrapping: Self.live(webView)))
        let text = "Hello \"quoted\"\n</script> 👋"
        // Inside an inline <script>, "</" must be written "<\/" or the element ends early.
        let literal = JSONValue.string(text).description.replacingOccurrences(of: "</", with: "<\\/")
        let script = """
            function changeEcho(text) { window.webkit.messageHandlers.echoed.postMessage(text); }
            window.webkit.messageHandlers.nativeProcess.postMessage(\(literal));
            """
        webView.loadHTML(page(script: script), baseURL: baseURL)

        let arrived = try #require(await next(echoed.messages))
        #expect(arrived.body == .string(text))
        try await recorder.waitUntil("the message, the evaluation and its result") { $0.count >= 3 }
        let cassette = recorder.cassette()
        #expect(cassette.events.map(\.kind.description) == ["script.message", "javascript.evaluate", "javascript.result"])
        #expect(cassette.events.first?.payload(as: ScriptMessage.self)?.frame == .main(baseURL))
        withExtendedLifetime(bridge) {}

        let replay = await Replayer(cassette: cassette).replay { EchoBridge(platform: $0) }
        #expect(replay.passed, "\(replay)")
    }

    @Test("a link hijacked by the router, recorded against a real page, replays without one", .timeLimit(.minutes(1)))
    func router() async throws {
        let webView = try await WebKitGTKWebView()
        let ready = StreamingHandler()
        webView.add(ready, name: "ready")
        let recorder = Recorder(name: "webkitgtk-router", engine: "WebKitGTK 6.0")
        let router = Router(platform: recorder.platform(wrapping: Self.live(webView)))
        let body = #"<a id="present" href="navigate://present?r=255&g=255&b=0" target="_blank">Present Yellow</a>"#
        webView.loadHTML(page(body: body, script: "window.webkit.messageHandlers.ready.postMessage(1);"), baseURL: baseURL)
        _ = await next(ready.messages)
        _ = try await webView.evaluateJavaScript("document.getElementById('present').click()")
        // The route is shown just before the link is cancelled: wait for the decision too, or the
        // cassette can end between them and the replay then meets a decision it does not record.
        try await recorder.waitUntil("the route and the link's decision") { events in
            events.contains { $0.kind == NativeRoute.eventKind }
                && events.last { $0.kind == NavigationDecision.eventKind }?.payload(as: NavigationDecision.self)?.policy == .cancel
        }
        let cassette = recorder.cassette()
        let actions = cassette.events.compactMap { $0.payload(as: NavigationAction.self) }
        let present = try #require(actions.first { $0.urlString.hasPrefix("navigate://") })
        #expect(present.navigationType == .linkActivated)
        #expect(present.targetFrame == nil)
        #expect(cassette.events.contains { $0.payload(as: NativeRoute.self) == NativeRoute(name: "present", parameters: ["r": 255, "g": 255, "b": 0]) })
        withExtendedLifetime(router) {}

        let replay = await Replayer(cassette: cassette).replay { Router(platform: $0) }
        #expect(replay.passed, "\(replay)")
    }
}
#endif
