#if WebKitGTK
import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayWebKitGTK
import Testing

/// JavaScript dialogs against a real WebKitGTK: answered by the UI delegate,
/// answered for it when there is none, recorded and replayed.
@Suite("WebKitGTKWebView: JavaScript dialogs")
struct WebKitGTKDialogTests {
    /// Answers a bridge call sent through a synchronous `prompt()`, as
    /// Capacitor's native bridge does; confirms deletions; dismisses alerts.
    struct PromptBridge: UIDelegate {
        init(platform: Platform) { platform.webView.setUIDelegate(self) }

        func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? { nil }

        func runJavaScriptConfirmPanel(
            withMessage message: String, initiatedByFrame frame: Frame, completionHandler: @escaping @Sendable (Bool) -> Void
        ) {
            completionHandler(message.hasPrefix("Delete"))
        }

        func runJavaScriptTextInputPanel(
            withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
            completionHandler: @escaping @Sendable (String?) -> Void
        ) {
            // Answered later, from a task, as an app that asks its plugins does.
            Task { @MainActor in completionHandler(prompt == "bridge:platform" ? #"{"platform":"ios"}"# : defaultText) }
        }
    }

    /// Runs while the page loads: the dialogs block the script until answered.
    static let script = """
        const platform = prompt('bridge:platform', '');
        const deleted = confirm('Delete 3 photos?');
        alert('done');
        window.webkit.messageHandlers.answered.postMessage({platform: platform, deleted: deleted});
        """

    @Test("a page calling prompt, confirm and alert while loading gets the UI delegate's answers", .timeLimit(.minutes(1)))
    func answers() async throws {
        let webView = try await WebKitGTKWebView()
        let answered = StreamingHandler()
        webView.add(answered, name: "answered")
        let bridge = PromptBridge(platform: WebKitGTKRecordingTests.live(webView))
        webView.loadHTML(page(script: Self.script), baseURL: baseURL)
        let message = try #require(await next(answered.messages))
        #expect(message.body == ["platform": #"{"platform":"ios"}"#, "deleted": true])
        withExtendedLifetime(bridge) {}
    }

    @Test("with no UI delegate the page gets WebKit's default answers and the adapter reports each dialog", .timeLimit(.minutes(1)))
    func noDelegate() async throws {
        let (issues, continuation) = AsyncStream<WebKitGTKError>.makeStream()
        let webView = try await WebKitGTKWebView(reportIssue: { continuation.yield($0) })
        let answered = StreamingHandler()
        webView.add(answered, name: "answered")
        webView.loadHTML(page(script: Self.script), baseURL: baseURL)
        let message = try #require(await next(answered.messages))
        #expect(message.body == ["platform": .null, "deleted": false])
        continuation.finish()
        var reported: [String] = []
        for await issue in issues { reported.append(issue.message) }
        #expect(reported.count == 3)
        #expect(reported.first == #"the page opened a JavaScript dialog (prompt "bridge:platform") and no UI delegate is set; it was answered as WebKit does (null); set uiDelegate to answer it"#)
    }

    @Test("a session of dialogs recorded against a real page replays without one", .timeLimit(.minutes(1)))
    func recordsAndReplays() async throws {
        let webView = try await WebKitGTKWebView()
        let answered = StreamingHandler()
        webView.add(answered, name: "answered")
        let recorder = Recorder(name: "webkitgtk-dialogs", engine: "WebKitGTK 6.0")
        let bridge = PromptBridge(platform: recorder.platform(wrapping: WebKitGTKRecordingTests.live(webView)))
        webView.loadHTML(page(script: Self.script), baseURL: baseURL)
        _ = try #require(await next(answered.messages))
        try await recorder.waitUntil("three dialogs and their answers") { $0.count >= 6 }
        let cassette = recorder.cassette()
        #expect(cassette.events.map(\.payload.summary) == [
            #"prompt "bridge:platform" default """#, #"OK "{\"platform\":\"ios\"}""#,
            #"confirm "Delete 3 photos?""#, "OK", #"alert "done""#, "OK",
        ])
        #expect(cassette.events.first?.payload(as: JavaScriptDialog.self)?.frame == .main(baseURL))
        withExtendedLifetime(bridge) {}

        let replay = await Replayer(cassette: cassette).replay { PromptBridge(platform: $0) }
        #expect(replay.passed, "\(replay)")
    }

    /// A bridge in the style of hybrid frameworks' native bridges: a
    /// document-start user script asks native code, through a synchronous
    /// `prompt()`, for a value the page's own script then needs.
    struct StartupBridge: UIDelegate {
        init(platform: Platform) {
            platform.webView.setUIDelegate(self)
            platform.webView.addUserScript(
                UserScriptInstallation(
                    source: "window.nativeInfo = JSON.parse(prompt(JSON.stringify({type: 'info'}), '') || '{}');",
                    injectionTime: .documentStart, mainFrameOnly: true))
        }

        func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? { nil }

        func runJavaScriptTextInputPanel(
            withPrompt prompt: String, defaultText: String?, initiatedByFrame frame: Frame,
            completionHandler: @escaping @Sendable (String?) -> Void
        ) {
            completionHandler(prompt == #"{"type":"info"}"# ? #"{"platform":"ios","version":3}"# : nil)
        }
    }

    @Test("a document-start script's synchronous prompt is answered before the page's script runs, and replays", .timeLimit(.minutes(1)))
    func documentStartPrompt() async throws {
        let webView = try await WebKitGTKWebView()
        let answered = StreamingHandler()
        webView.add(answered, name: "answered")
        let recorder = Recorder(name: "webkitgtk-startup-prompt", engine: "WebKitGTK 6.0")
        let bridge = StartupBridge(platform: recorder.platform(wrapping: WebKitGTKRecordingTests.live(webView)))
        webView.loadHTML(
            page(script: "window.webkit.messageHandlers.answered.postMessage(window.nativeInfo);"), baseURL: baseURL)
        let message = try #require(await next(answered.messages))
        #expect(message.body == ["platform": "ios", "version": 3])
        try await recorder.waitUntil("the user script, the prompt and its answer") { $0.count >= 3 }
        #expect(recorder.cassette().events.map(\.kind.description) == [
            "javascript.userScript", "javascript.dialog", "javascript.dialogAnswer",
        ])
        withExtendedLifetime(bridge) {}

        let replay = await Replayer(cassette: recorder.cassette()).replay { StartupBridge(platform: $0) }
        #expect(replay.passed, "\(replay)")
    }
}
#endif
