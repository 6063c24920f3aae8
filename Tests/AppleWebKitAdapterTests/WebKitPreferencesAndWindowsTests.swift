// Drives the adapter with fakes built from the mirror's "Mirror-only" initialisers, which the
// real SDK does not have: compiled where AppleMirrorWebKit stands in for WebKit (docs/apple-adapters.md).
#if !canImport(WebKit)

import Foundation
import HybridReplaySeams
import Testing

@testable import HybridReplayWebKit

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// A seam delegate that answers every action with one policy and preferences it makes from those offered.
struct PreferringDelegate: NavigationDelegate {
    let seen = Received<NavigationAction>()
    let offered = Received<WebpagePreferences>()
    var answer: @Sendable (WebpagePreferences) -> WebpagePreferences

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }

    func decidePolicy(
        for action: NavigationAction, preferences: WebpagePreferences,
        decisionHandler: @escaping @Sendable (NavigationPolicy, WebpagePreferences) -> Void
    ) {
        seen.append(action)
        offered.append(preferences)
        decisionHandler(.allow, answer(preferences))
    }
}

/// A UI delegate that keeps the window features it is asked with and opens no window.
struct FeatureCollectingDelegate: UIDelegate {
    let features = Received<WindowFeatures>()
    func createWebView(for action: NavigationAction, windowFeatures: WindowFeatures) -> (any WebView)? {
        features.append(windowFeatures)
        return nil
    }
}

@MainActor
@Suite("WebKit preferences and window features")
struct WebKitPreferencesAndWindowsTests {
    let webView = FakeWebView()
    let log = IssueLog()

    func action() -> WKNavigationAction {
        WKNavigationAction(
            sourceFrame: frame("https://app.example/"), targetFrame: frame("https://app.example/"),
            navigationType: .linkActivated, request: URLRequest(url: URL(string: "https://app.example/next")!))
    }

    /// Asks `delegate` through the bridge with `preferences`; returns what WebKit got back.
    func decide(_ delegate: PreferringDelegate, offering preferences: WKWebpagePreferences) async
        -> [(WKNavigationActionPolicy, WKWebpagePreferences)]
    {
        let bridge = NavigationDelegateBridge(delegate, report: log.report)
        let decisions = Received<(WKNavigationActionPolicy, WKWebpagePreferences)>()
        bridge.webView(webView, decidePolicyFor: action(), preferences: preferences) { decisions.append(($0, $1)) }
        await mainQueueDrained()
        return decisions.all
    }

    @Test(
        "the preferences WebKit offers reach the seam delegate, on the action too",
        arguments: [
            (WKWebpagePreferences.ContentMode.recommended, true, ContentMode.recommended),
            (.mobile, false, .mobile), (.desktop, true, .desktop),
        ])
    func offeredPreferences(_ mode: WKWebpagePreferences.ContentMode, _ javaScript: Bool, _ expected: ContentMode) async {
        let offered = WKWebpagePreferences()
        offered.preferredContentMode = mode
        offered.allowsContentJavaScript = javaScript
        let delegate = PreferringDelegate { $0 }
        _ = await decide(delegate, offering: offered)
        let seam = WebpagePreferences(preferredContentMode: expected, allowsContentJavaScript: javaScript)
        #expect(delegate.offered.all == [seam])
        #expect(delegate.seen.all.map(\.preferences) == [seam])
        #expect(log.all.isEmpty)
    }

    @Test(
        "the preferences the delegate answers are set on the object WebKit gets back",
        arguments: [
            (ContentMode.desktop, false, WKWebpagePreferences.ContentMode.desktop),
            (.mobile, true, .mobile), (.recommended, false, .recommended),
        ])
    func answeredPreferences(_ mode: ContentMode, _ javaScript: Bool, _ expected: WKWebpagePreferences.ContentMode) async throws {
        let offered = WKWebpagePreferences()
        offered.preferredContentMode = .mobile
        let delegate = PreferringDelegate { _ in
            WebpagePreferences(preferredContentMode: mode, allowsContentJavaScript: javaScript)
        }
        let decisions = await decide(delegate, offering: offered)
        let (policy, returned) = try #require(decisions.first)
        #expect(decisions.count == 1 && policy == .allow)
        #expect(returned === offered)
        #expect(returned.preferredContentMode == expected)
        #expect(returned.allowsContentJavaScript == javaScript)
    }

    @Test("a content mode WebKit has no case for keeps the one offered and is reported")
    func unknownContentMode() async throws {
        let offered = WKWebpagePreferences()
        offered.preferredContentMode = .desktop
        let delegate = PreferringDelegate { _ in
            WebpagePreferences(preferredContentMode: ContentMode(rawValue: "tablet"), allowsContentJavaScript: false)
        }
        let returned = try #require(await decide(delegate, offering: offered).first?.1)
        #expect(returned.preferredContentMode == .desktop)
        #expect(returned.allowsContentJavaScript == false)
        #expect(log.all.map(\.kind) == [.unsupportedValue])
        #expect(log.all.first?.message.contains("'tablet'") == true)
    }

    @Test("the window features WebKit passes reach the UI delegate member for member")
    func windowFeatures() async throws {
        let delegate = FeatureCollectingDelegate()
        let bridge = UIDelegateBridge(delegate, report: log.report)
        let features = WKWindowFeatures(
            menuBarVisibility: NSNumber(value: true), statusBarVisibility: NSNumber(value: false),
            toolbarsVisibility: nil, allowsResizing: NSNumber(value: true), x: NSNumber(value: 10.5),
            y: NSNumber(value: 20), width: NSNumber(value: 320), height: nil)
        _ = bridge.webView(webView, createWebViewWith: WKWebViewConfiguration(), for: action(), windowFeatures: features)
        _ = bridge.webView(webView, createWebViewWith: WKWebViewConfiguration(), for: action(), windowFeatures: WKWindowFeatures())
        #expect(
            delegate.features.all == [
                WindowFeatures(
                    x: 10.5, y: 20, width: 320, height: nil, menuBarVisibility: true, statusBarVisibility: false,
                    toolbarsVisibility: nil, allowsResizing: true),
                WindowFeatures(),
            ])
    }
}

#endif
