import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// A navigation delegate that wants only the lifecycle callbacks leaves the
/// decision out, as a `WKNavigationDelegate` may: the default allows every
/// action, as WebKit does, and the recording and the replay both say so.
@Suite("A navigation delegate without decidePolicy")
struct LifecycleOnlyDelegateTests {
    /// Tells the page it is ready when a load finishes; decides nothing.
    @MainActor final class ReadyNotifier: NavigationDelegate {
        let webView: any WebView

        init(platform: Platform) {
            webView = platform.webView
            platform.webView.setNavigationDelegate(self)
        }

        func didFinish(_ navigation: NavigationFinish) {
            webView.evaluateJavaScript("app.ready(\(JavaScriptLiteral.string(navigation.urlString ?? "")))", completionHandler: nil)
        }
    }

    /// The same, but cancelling every action: the replay of a cassette recorded with the default fails against it.
    @MainActor final class CancellingNotifier: NavigationDelegate {
        let notifier: ReadyNotifier

        init(platform: Platform) {
            notifier = ReadyNotifier(platform: platform)
            platform.webView.setNavigationDelegate(self)
        }

        func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
            decisionHandler(.cancel)
        }

        func didFinish(_ navigation: NavigationFinish) { notifier.didFinish(navigation) }
    }

    static let url = "https://app.example.com/next"
    static let link = NavigationAction(url: url, navigationType: .linkActivated, targetFrame: .main())

    @Test("the default decision allows, as WebKit does without the method")
    @MainActor func defaultAllows() async {
        let notifier = ReadyNotifier(platform: .simulated(webView: SimulatedWebView()))
        let policy = await withCheckedContinuation { decided in
            notifier.decidePolicy(for: Self.link) { decided.resume(returning: $0) }
        }
        #expect(policy == .allow)
    }

    @Test("the simulated web view's navigation is allowed")
    func simulatedAllows() async throws {
        let page = SimulatedWebView()
        let notifier = await ReadyNotifier(platform: .simulated(webView: page))
        #expect(try await page.navigate(Self.link) == .allow)
        #expect(page.misuses.isEmpty)
        withExtendedLifetime(notifier) {}
    }

    func record() async throws -> Cassette {
        let page = SimulatedWebView()
        return try await recordWrittenAndRead(
            "lifecycle-only", platform: .simulated(webView: page), setUp: { await ReadyNotifier(platform: $0) },
            drive: { _ in
                #expect(try await page.navigate(Self.link) == .allow)
                try page.finishNavigation(at: Self.url)
            })
    }

    @Test("the recording has the action and its allow, then the finished load and what the delegate did then")
    func recordsAllow() async throws {
        let cassette = try await record()
        #expect(cassette.events.map(\.kind.description) == [
            "navigation.action", "navigation.decision", "navigation.finished", "javascript.evaluate", "javascript.result",
        ])
        #expect(cassette.events[1].payload(as: NavigationDecision.self) == NavigationDecision(.allow))
        #expect(cassette.events[1].cause == cassette.events[0].id)
    }

    @Test("the replay passes against the delegate, and fails against one that cancels, at the decision")
    func replays() async throws {
        let cassette = try await record()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { await ReadyNotifier(platform: $0) }
        #expect(report.passed, "\(report)")
        let failing = await Replayer(cassette: cassette, options: fastReplay).replay { await CancellingNotifier(platform: $0) }
        let issue = try #require(failing.issues.first, "\(failing)")
        #expect(issue.eventID == 2 && issue.expected == "allow" && issue.found == "cancel", "\(failing)")
    }
}

/// A port that keeps WebKit's name for the decision,
/// `webView(_:decidePolicyFor:decisionHandler:)`, is asked it for every action,
/// as WebKit asks it: the optional seam method does not leave it uncalled.
@Suite("A navigation delegate that decides under WebKit's name")
struct WebKitNamedDecisionTests {
    /// Keeps links to its own host in the web view and cancels the rest, written as a WKNavigationDelegate is.
    @MainActor final class SameHostPolicy: NavigationDelegate {
        private(set) var asked: [String] = []

        init(platform: Platform) {
            platform.webView.setNavigationDelegate(self)
        }

        func webView(
            _ webView: any WebView, decidePolicyFor navigationAction: NavigationAction,
            decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void
        ) {
            asked.append(navigationAction.urlString)
            decisionHandler(navigationAction.request.url?.host == "app.example.com" ? .allow : .cancel)
        }
    }

    static let inside = NavigationAction(url: "https://app.example.com/next", navigationType: .linkActivated, targetFrame: .main())
    static let outside = NavigationAction(url: "https://elsewhere.example/", navigationType: .linkActivated, targetFrame: .main())

    @Test("the simulated web view asks it, and does what it decides")
    func simulatedAsks() async throws {
        let page = SimulatedWebView()
        let policy = await SameHostPolicy(platform: .simulated(webView: page))
        #expect(try await page.navigate(Self.inside) == .allow)
        #expect(try await page.navigate(Self.outside) == .cancel)
        #expect(await policy.asked == [Self.inside.urlString, Self.outside.urlString])
    }

    @Test("a recording holds its decisions, and the replay passes against it and fails against a delegate that allows everything")
    func recordsAndReplays() async throws {
        let page = SimulatedWebView()
        let cassette = try await recordWrittenAndRead(
            "webkit-named-decision", platform: .simulated(webView: page), setUp: { await SameHostPolicy(platform: $0) },
            drive: { _ in
                _ = try await page.navigate(Self.inside)
                _ = try await page.navigate(Self.outside)
            })
        let decisions = cassette.events.compactMap { $0.payload(as: NavigationDecision.self) }
        #expect(decisions == [NavigationDecision(.allow), NavigationDecision(.cancel)])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { await SameHostPolicy(platform: $0) }
        #expect(report.passed, "\(report)")
        let failing = await Replayer(cassette: cassette, options: fastReplay).replay {
            await LifecycleOnlyDelegateTests.ReadyNotifier(platform: $0)
        }
        #expect(failing.issues.first?.expected == "cancel" && failing.issues.first?.found == "allow", "\(failing)")
    }
}
