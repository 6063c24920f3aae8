import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A cassette records one web view: a recorder that wrapped two refuses to write.
@Suite("A recorder given two web views")
struct TwoWebViewsRecordingTests {
    /// Replies to the page's `profile` message with the tab's name.
    @MainActor final class TabBridge: ScriptMessageHandlerWithReply {
        let tab: String

        init(platform: Platform, tab: String) {
            self.tab = tab
            platform.webView.addScriptMessageHandler(self, contentWorld: .page, name: "profile")
        }

        func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
            replyHandler(.value(.string(tab)))
        }
    }

    static func file() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("two-web-views-\(UUID()).json")
    }

    @Test("two tabs, each a web view with its own bridge, are refused at writing, saying what to do")
    @MainActor func twoTabsAreRefused() async throws {
        let recorder = stillRecorder(name: "two-tabs")
        let news = SimulatedWebView()
        let sports = SimulatedWebView()
        let newsBridge = TabBridge(platform: recorder.platform(wrapping: .simulated(webView: news)), tab: "news")
        let sportsBridge = TabBridge(platform: recorder.platform(wrapping: .simulated(webView: sports)), tab: "sports")
        #expect(try await news.postMessageAwaitingReply("u1", to: "profile") == .value("news"))
        #expect(try await sports.postMessageAwaitingReply("u1", to: "profile") == .value("sports"))
        withExtendedLifetime((newsBridge, sportsBridge)) {}

        let file = Self.file()
        let error = #expect(throws: RecordingError.self) { try recorder.write(to: file) }
        #expect(error?.stage == .webViews)
        #expect(
            error?.problems == [
                "platform(wrapping:) was given 2 different web views (SimulatedWebView, SimulatedWebView): "
                    + "a cassette records one web view (one tab), and a replay hands its events to one web view"
            ])
        #expect(
            error?.description.hasSuffix(
                "Record each web view with a Recorder of its own, into a cassette of its own (one test per tab), then record again.")
                == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(throws: RecordingError.self) { try recorder.canonicalBytes(file: file.path) }
    }

    @Test("one web view wrapped twice, or platforms without a web view, record as before")
    @MainActor func sameWebViewWrappedAgainIsFine() async throws {
        let recorder = stillRecorder(name: "one-tab")
        let page = SimulatedWebView()
        let live = Platform.simulated(webView: page)
        let bridge = TabBridge(platform: recorder.platform(wrapping: live), tab: "news")
        _ = recorder.platform(wrapping: live)
        _ = recorder.platform(wrapping: Platform(cookieStore: InMemoryCookieStore()))
        _ = recorder.platform(wrapping: Platform(cookieStore: InMemoryCookieStore()))
        #expect(try await page.postMessageAwaitingReply("u1", to: "profile") == .value("news"))
        withExtendedLifetime(bridge) {}

        let file = Self.file()
        defer { try? FileManager.default.removeItem(at: file) }
        try recorder.write(to: file)
        #expect(try CassetteReader().read(contentsOf: file).events.count == 2)
    }
}
