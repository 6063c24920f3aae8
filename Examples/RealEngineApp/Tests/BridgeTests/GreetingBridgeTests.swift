#if os(Linux)
import Bridge
import HybridReplayTesting
import HybridReplayWebKitGTK
import Testing

/// A page that greets the bridge by name and shows the bridge's answer.
let greetingPage = """
    <!doctype html><meta charset="utf-8"><p id="greeting"></p>
    <script>
    function showGreeting(text) { document.getElementById('greeting').textContent = text; }
    window.webkit.messageHandlers.greet.postMessage('Ada "quoted" \\u{1F44B}');
    </script>
    """

@Test("the greeting bridge answers a real WebKitGTK page, and the recording replays", .cassette("greeting"))
func greetsARealPage() async throws {
    // The web view is made only when a recording runs: the replay needs no display.
    let session = RecordingSession(engine: "WebKitGTK 6.0") {
        try await WebKitGTKWebView()
    } platform: { webView in
        .live(webView)
    } drive: { webView, recorder in
        webView.loadHTML(greetingPage, baseURL: "https://app.example/")
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
    }
    await replayCassette(recording: session) { platform in
        await GreetingBridge(webView: platform.webView)
    }
}
#endif
