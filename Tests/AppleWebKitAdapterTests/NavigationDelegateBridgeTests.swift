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

/// A seam delegate that answers with the policies it is given, as many times as given.
struct AnsweringDelegate: NavigationDelegate {
    var answers: [NavigationPolicy]
    var seen: Received<NavigationAction>
    var responseAnswers: [NavigationResponsePolicy] = []
    var failures = Received<NavigationFailure>()

    func decidePolicy(for response: NavigationResponse, decisionHandler: @escaping @Sendable (NavigationResponsePolicy) -> Void) {
        for answer in responseAnswers { decisionHandler(answer) }
    }

    func didFailProvisionalNavigation(_ failure: NavigationFailure) { failures.append(failure) }

    var terminations = Received<Int>()
    func webContentProcessDidTerminate() { terminations.append(terminations.all.count + 1) }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        seen.append(action)
        for answer in answers { decisionHandler(answer) }
    }
}

@MainActor
@Suite("NavigationDelegateBridge")
struct NavigationDelegateBridgeTests {
    let webView = FakeWebView()

    func action(_ url: String = "https://app.example/next", target: Bool = true) -> WKNavigationAction {
        WKNavigationAction(
            sourceFrame: frame("https://app.example/"), targetFrame: target ? frame("https://app.example/") : nil,
            navigationType: .linkActivated, request: URLRequest(url: URL(string: url)!))
    }

    func decide(_ answers: [NavigationPolicy], log: IssueLog, seen: Received<NavigationAction> = Received()) async
        -> [WKNavigationActionPolicy]
    {
        let bridge = NavigationDelegateBridge(AnsweringDelegate(answers: answers, seen: seen), report: log.report)
        let decisions = Received<WKNavigationActionPolicy>()
        bridge.webView(webView, decidePolicyFor: action(), preferences: WKWebpagePreferences()) { policy, _ in
            decisions.append(policy)
        }
        await mainQueueDrained()
        return decisions.all
    }

    @Test("the action reaches the seam delegate converted, and its answer reaches WebKit once")
    func answerReachesWebKit() async throws {
        let log = IssueLog()
        let seen = Received<NavigationAction>()
        #expect(await decide([.allow], log: log, seen: seen) == [.allow])
        #expect(log.all.isEmpty)
        let action = try #require(seen.all.first)
        #expect(action.urlString == "https://app.example/next")
        #expect(action.navigationType == .linkActivated)
        // The frame's security origin comes along: WKFrameInfo.securityOrigin.
        #expect(action.targetFrame == appFrame)
    }

    @Test("a decision handler called twice delivers the first answer and reports the second")
    func calledTwice() async {
        let log = IssueLog()
        #expect(await decide([.cancel, .allow], log: log) == [.cancel])
        #expect(log.all.map(\.kind) == [.calledTwice])
        #expect(log.all.first?.message.contains("https://app.example/next") == true)
    }

    @Test("a decision handler never called is reported and answered with cancel")
    func neverCalled() async {
        let log = IssueLog()
        #expect(await decide([], log: log) == [.cancel])
        #expect(log.all.map(\.kind) == [.neverCalled])
    }

    @Test("a seam delegate without decidePolicy(for:decisionHandler:) has WebKit allow the action, as without the method")
    func lifecycleOnlyDelegateAllows() async {
        struct FinishOnly: NavigationDelegate {
            let finished = Received<String?>()
            func didFinish(_ navigation: NavigationFinish) { finished.append(navigation.urlString) }
        }
        let log = IssueLog()
        let delegate = FinishOnly()
        let bridge = NavigationDelegateBridge(delegate, report: log.report)
        let decisions = Received<WKNavigationActionPolicy>()
        bridge.webView(webView, decidePolicyFor: action(), preferences: WKWebpagePreferences()) { policy, _ in
            decisions.append(policy)
        }
        await mainQueueDrained()
        #expect(decisions.all == [.allow])
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test("a policy WebKit has no case for cancels and is reported")
    func unknownPolicy() async {
        let log = IssueLog()
        #expect(await decide([NavigationPolicy(rawValue: "openInBrowser")], log: log) == [.cancel])
        #expect(log.all.map(\.kind) == [.unsupportedValue])
    }

    @Test("a response decision handler called twice delivers the first answer and reports the second")
    func responseCalledTwice() async {
        let log = IssueLog()
        let bridge = NavigationDelegateBridge(
            AnsweringDelegate(answers: [], seen: Received(), responseAnswers: [.download, .allow]), report: log.report)
        let response = WKNavigationResponse(
            isForMainFrame: true,
            response: HTTPURLResponse(url: URL(string: "https://app.example/f.pdf")!, statusCode: 200, httpVersion: nil, headerFields: nil)!,
            canShowMIMEType: false)
        let decisions = Received<WKNavigationResponsePolicy>()
        bridge.webView(webView, decidePolicyFor: response) { decisions.append($0) }
        await mainQueueDrained()
        #expect(decisions.all == [.download])
        #expect(log.all.map(\.kind) == [.calledTwice])
        #expect(NavigationConversion.response(response).status == 200)
    }

    @Test("a provisional failure reaches the seam with its domain, code and phase")
    func provisionalFailure() {
        let delegate = AnsweringDelegate(answers: [], seen: Received())
        let bridge = NavigationDelegateBridge(delegate, report: IssueLog().report)
        bridge.webView(webView, didFailProvisionalNavigation: WKNavigation(), withError: NSError(domain: NSURLErrorDomain, code: -1009))
        #expect(delegate.failures.all.map(\.phase) == [.provisional])
        #expect(delegate.failures.all.first?.error.code == -1009)
        #expect(delegate.failures.all.first?.error.domain == NSURLErrorDomain)
    }

    @Test("WebKit's web-content-process termination reaches the seam delegate, once per call")
    func processTermination() {
        let delegate = AnsweringDelegate(answers: [], seen: Received())
        let bridge = NavigationDelegateBridge(delegate, report: IssueLog().report)
        #expect(delegate.terminations.all.isEmpty)
        bridge.webViewWebContentProcessDidTerminate(webView)
        bridge.webViewWebContentProcessDidTerminate(webView)
        #expect(delegate.terminations.all == [1, 2])
        #expect(delegate.failures.all.isEmpty)
    }

    @Test("a new-window action has no target frame")
    func newWindowHasNoTarget() {
        let converted = NavigationConversion.action(action(target: false))
        #expect(converted.targetFrame == nil)
        #expect(converted.sourceFrame?.isMainFrame == true)
    }

    @Test("every WKNavigationType maps to the seam's name")
    func navigationTypes() {
        let pairs: [(WKNavigationType, NavigationType)] = [
            (.linkActivated, .linkActivated), (.formSubmitted, .formSubmitted), (.backForward, .backForward),
            (.reload, .reload), (.formResubmitted, .formResubmitted), (.other, .other),
        ]
        for (webKit, seam) in pairs { #expect(NavigationConversion.navigationType(webKit) == seam) }
    }
}

#endif
