#if WebKitGTK
import HybridReplay
import HybridReplayWebKitGTK
import Testing

/// What format version 2 adds on the web side, against a real WebKitGTK.
@Suite("WebKitGTKWebView: navigation lifecycle and content worlds")
struct WebKitGTKVersion2Tests {
    /// Streams every lifecycle callback as one line.
    struct LifecycleDelegate: NavigationDelegate {
        let steps: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        init() { (steps, continuation) = AsyncStream.makeStream() }

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            decisionHandler(.allow)
        }
        func didStartProvisionalNavigation(_ navigation: NavigationStart) { continuation.yield("started") }
        func didCommit(_ navigation: NavigationCommit) { continuation.yield("committed \(navigation.urlString ?? "")") }
        func didFinish(_ navigation: NavigationFinish) { continuation.yield("finished \(navigation.urlString ?? "")") }
        func didFailProvisionalNavigation(_ failure: NavigationFailure) { continuation.yield("failed \(failure.phase)") }
        func didFail(_ failure: NavigationFailure) { continuation.yield("failed \(failure.phase)") }
    }

    @Test("reports a load's start, commit and finish to the navigation delegate", .timeLimit(.minutes(1)))
    func lifecycle() async throws {
        let webView = try await WebKitGTKWebView()
        let delegate = LifecycleDelegate()
        webView.setNavigationDelegate(delegate)
        webView.loadHTML(page(script: ""), baseURL: baseURL)
        var steps: [String] = []
        for await step in delegate.steps {
            steps.append(step)
            if step.hasPrefix("finished") || step.hasPrefix("failed") { break }
        }
        #expect(steps == ["started", "committed \(baseURL)", "finished \(baseURL)"])
    }

    @Test("a user script, a handler and an evaluation in a named world see each other, and the page does not", .timeLimit(.minutes(1)))
    func namedWorld() async throws {
        let webView = try await WebKitGTKWebView()
        let world = ContentWorld.world(name: "bridge")
        let handler = StreamingHandler()
        webView.add(handler, contentWorld: world, name: "bridge")
        webView.addUserScript(
            UserScriptInstallation(
                source: "window.bridgeOnly = 1; window.webkit.messageHandlers.bridge.postMessage('from the world');",
                injectionTime: .documentEnd, mainFrameOnly: true, contentWorld: world))
        webView.loadHTML(page(script: ""), baseURL: baseURL)

        let message = try #require(await next(handler.messages))
        #expect(message.body == "from the world")
        #expect(message.contentWorld == world)
        #expect(try await webView.evaluateJavaScript("typeof window.bridgeOnly", in: nil, in: world) == "number")
        #expect(try await webView.evaluateJavaScript("typeof window.bridgeOnly") == "undefined")
    }

    @Test("a removed handler is gone from the page", .timeLimit(.minutes(1)))
    func removal() async throws {
        let webView = try await WebKitGTKWebView()
        webView.add(StreamingHandler(), name: "nativeProcess")
        webView.loadHTML(page(script: ""), baseURL: baseURL)
        try await webView.waitUntilLoaded()
        // With its last handler gone, WebKitGTK removes `window.webkit` itself.
        let lookup = "typeof (window.webkit && window.webkit.messageHandlers.nativeProcess)"
        #expect(try await webView.evaluateJavaScript(lookup) == "object")
        webView.removeScriptMessageHandler(forName: "nativeProcess")
        #expect(try await webView.evaluateJavaScript(lookup) == "undefined")
    }

    @Test("evaluating in a frame other than the main frame fails with a clear error", .timeLimit(.minutes(1)))
    func otherFrame() async throws {
        let webView = try await WebKitGTKWebView()
        let frame = Frame(isMainFrame: false, url: "https://ads.example/")
        await #expect(throws: JavaScriptError("WebKitGTK evaluates JavaScript only in the main frame; cannot evaluate in the frame at https://ads.example/")) {
            try await webView.evaluateJavaScript("1", in: frame)
        }
    }
}
#endif
