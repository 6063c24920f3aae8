#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayWebKitGTK
import Testing

/// `window.close()` against a real WebKitGTK: the `close` signal reaches the
/// UI delegate as `webViewDidClose()`, a session that closes is recorded and
/// replayed, and a web-half replay waits for a real page to close.
@Suite("WebKitGTKWebView: the page closes its window")
struct WebKitGTKWindowCloseTests {
    /// Streams each close, and shows the account screen when the page closes, as a sign-in sheet does.
    struct SignInSheet: UIDelegate {
        let closes: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        let routes: any RoutePresenter

        init(platform: Platform) {
            (closes, continuation) = AsyncStream.makeStream()
            routes = platform.routes
            platform.webView.setUIDelegate(self)
        }

        func webViewDidClose() {
            routes.show(NativeRoute(name: "account"))
            continuation.yield()
        }
    }

    /// Closes the window once the page has run: a page with no history may close itself.
    static let closing = page(body: "<p>Signed in</p>", script: "window.close();")

    @Test("a page's window.close() reaches the UI delegate, and the page stays loaded", .timeLimit(.minutes(1)))
    func delegateHearsClose() async throws {
        let webView = try await WebKitGTKWebView()
        let sheet = SignInSheet(platform: livePlatform(webView))
        webView.loadHTML(Self.closing, baseURL: baseURL)
        #expect(await next(sheet.closes) != nil)
        // WebKit destroys nothing on close: the app removes the view, and until then it answers.
        let text = try await webView.evaluateJavaScript("document.querySelector('p').textContent")
        #expect(text == "Signed in")
    }

    @Test("a session whose page closes its window is recorded against a real page and replays", .timeLimit(.minutes(1)))
    func recordsAndReplays() async throws {
        let webView = try await WebKitGTKWebView()
        let recorder = Recorder(name: "webkitgtk-window-close", engine: "WebKitGTK 6.0")
        let sheet = SignInSheet(platform: recorder.platform(wrapping: livePlatform(webView)))
        webView.loadHTML(Self.closing, baseURL: baseURL)
        _ = await next(sheet.closes)
        try await recorder.waitUntil("the close and the route it caused") { $0.count >= 2 }
        let cassette = recorder.cassette()
        #expect(cassette.events.map(\.kind.description) == ["navigation.windowClose", "navigation.route"])
        #expect(cassette.events.last?.cause == cassette.events.first?.id)

        let replay = await Replayer(cassette: cassette).replay { SignInSheet(platform: $0) }
        #expect(replay.passed, "\(replay)")
    }

    /// The page posts once it has run, then closes if `closes`.
    static func webHalfPage(closes: Bool) -> WebPage {
        WebPage(html: page(script: #"window.webkit.messageHandlers.ready.postMessage("ready");"# + (closes ? "window.close();" : "")))
    }

    static let webHalfCassette = Cassette(
        header: CassetteHeader(name: "closes"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "ready", body: "ready", frame: .main(baseURL))),
            Event(id: 2, at: 1, payload: WindowClose()),
        ])

    @Test("a web-half replay takes a real page's window.close() as the recorded step", .timeLimit(.minutes(1)))
    func webHalfTakesClose() async throws {
        let options = WebHalfReplayOptions(patience: enginePatience)
        let report = await WebHalfReplayer(cassette: Self.webHalfCassette, options: options).replay(
            page: Self.webHalfPage(closes: true)
        ) { try await WebKitGTKWebView() }
        #expect(report.passed, "\(report)")
    }

    @Test("a web-half replay of a page that no longer closes fails, naming the close", .timeLimit(.minutes(1)))
    func webHalfMissesClose() async throws {
        let options = WebHalfReplayOptions(patience: .seconds(3))
        let report = await WebHalfReplayer(cassette: Self.webHalfCassette, options: options).replay(
            page: Self.webHalfPage(closes: false)
        ) { try await WebKitGTKWebView() }
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == 2, "\(issue)")
        #expect(issue.message.contains("close its window (window.close())"), "\(issue)")
    }
}
#endif
