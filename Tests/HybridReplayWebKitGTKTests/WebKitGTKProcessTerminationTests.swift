#if WebKitGTK
import HybridReplay
import HybridReplayWebKitGTK
import Testing

/// A page whose web process ends, as iOS ends a content process it needs
/// the memory of: the app hears it, and a web-half replay fails at once
/// instead of waiting out its patience for a page that is gone.
@Suite("WebKitGTK web process termination")
struct WebKitGTKProcessTerminationTests {
    /// A navigation delegate that streams each time the content process ends.
    struct TerminationDelegate: NavigationDelegate {
        let terminations: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() { (terminations, continuation) = AsyncStream.makeStream() }

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            decisionHandler(.allow)
        }

        func webContentProcessDidTerminate() { continuation.yield() }
    }

    /// Ends the web process of the web view it is added to when the page posts to it.
    struct EndingHandler: ScriptMessageHandler {
        weak let webView: WebKitGTKWebView?

        func didReceive(_ message: ScriptMessage) { webView?.terminateWebContentProcess() }
    }

    @Test("an ended web process is told to the navigation delegate, and the page loads again after", .timeLimit(.minutes(1)))
    func delegateHearsTermination() async throws {
        let webView = try await WebKitGTKWebView()
        let delegate = TerminationDelegate()
        webView.setNavigationDelegate(delegate)
        webView.loadHTML(page(body: "<p>before</p>"), baseURL: baseURL)
        try await webView.waitUntilLoaded()

        webView.terminateWebContentProcess()
        #expect(await next(delegate.terminations) != nil)

        webView.loadHTML(page(body: "<p>after</p>"), baseURL: baseURL)
        try await webView.waitUntilLoaded()
        let text = try await webView.evaluateJavaScript("document.body.textContent")
        #expect(text == "after")
    }

    @Test("a web-half replay whose page's process ends fails at once, naming that", .timeLimit(.minutes(1)))
    func webHalfFailsAtOnce() async throws {
        // The recorded echo: the page posts "Hello" and native code answers.
        let cassette = Cassette(
            header: CassetteHeader(name: "ended"),
            events: [
                Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: "Hello", frame: .main(baseURL))),
                Event(id: 2, at: 1, cause: 1, payload: JavaScriptEvaluation(script: #"changeEcho("Hello")"#)),
            ])
        // The page under test tells the test's own handler it has run; its process ends there, before it posts.
        let html = page(script: #"window.webkit.messageHandlers.endProcess.postMessage("loaded");"#)
        // A patience no test would wait out: without the ended process failing
        // the replay, the time limit fails the test.
        let options = WebHalfReplayOptions(patience: .seconds(3600))
        let report = await WebHalfReplayer(cassette: cassette, options: options).replay(page: WebPage(html: html)) {
            let webView = try await WebKitGTKWebView()
            webView.add(EndingHandler(webView: webView), name: "endProcess")
            return webView
        }
        let issue = try #require(report.issues.first)
        #expect(report.issues.count == 1)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.eventKind == WebContentProcessTermination.eventKind)
        #expect(issue.message.hasPrefix("the page's web content process ended (it crashed or was killed)"))
    }
}
#endif
