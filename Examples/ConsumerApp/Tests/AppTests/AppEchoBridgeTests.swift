import App
import HybridReplayTesting
import Testing

@Test("what the page posts comes back through changeEcho, escaped")
func echoes() async throws {
    let page = SimulatedWebView()
    let clock = ManualClock()
    let session = RecordingSession(platform: .simulated(webView: page, clock: clock), contract: "echo") { recorder in
        clock.advance(by: .milliseconds(250))                 // the user types
        try page.postMessage("say \"hi\"", to: "nativeProcess")
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
        clock.advance(by: .seconds(1))
        try page.postMessage("bye", to: "nativeProcess")
        try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 2)
    }
    await replayCassette("echo", recording: session) { platform in AppEchoBridge(webView: platform.webView) }
}
