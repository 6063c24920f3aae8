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

@MainActor
@Suite("WebKitFrames")
struct WebKitFramesTests {
    let fake = FakeWebView()
    let log = IssueLog()
    let adapter: WebKitWebView

    init() {
        adapter = WebKitWebView(fake, reportIssue: log.report)
    }

    /// An iframe of another origin, as WebKit describes it.
    static func adFrame(_ url: String = "https://ads.example/slot") -> WKFrameInfo {
        WKFrameInfo(
            isMainFrame: false, request: URLRequest(url: URL(string: url)!),
            securityOrigin: WKSecurityOrigin(protocol: "https", host: "ads.example", port: 443))
    }

    /// Posts a message from `info` through the bridge WebKit holds; returns the seam's frame.
    func post(from info: WKFrameInfo) async throws -> Frame {
        let handler = RecordingHandler()
        adapter.add(handler, name: "fromFrame")
        await mainQueueDrained()
        let bridge = try #require(fake.controller.handlers["fromFrame"])
        bridge.userContentController(
            fake.controller, didReceive: WKScriptMessage(body: "hi", frameInfo: info, name: "fromFrame", world: .page))
        return try #require(handler.received.all.last?.frame)
    }

    @Test("JavaScript runs in the subframe a script message came from, given its seam frame")
    func evaluatesInMessageFrame() async throws {
        let info = Self.adFrame()
        let seamFrame = try await post(from: info)
        #expect(seamFrame == Frame(
            isMainFrame: false, url: "https://ads.example/slot",
            securityOrigin: SecurityOrigin(protocol: "https", host: "ads.example", port: 443)))
        fake.evaluationResult = (NSNumber(value: 2), nil)
        #expect(try await adapter.evaluateJavaScript("1 + 1", in: seamFrame, in: .page) == 2)
        #expect(try await adapter.callAsyncJavaScript("return n", arguments: ["n": 2], in: seamFrame, in: .page) == 2)
        #expect(fake.evaluatedFrames.count == 2)
        #expect(fake.evaluatedFrames.allSatisfy { $0 === info })
        #expect((fake.asyncArguments.first?["n"] as? NSNumber)?.intValue == 2)
        #expect(log.all.isEmpty)
    }

    @Test("JavaScript runs in the target frame of a navigation action the delegate saw")
    func evaluatesInActionFrame() async throws {
        let delegate = AnsweringDelegate(answers: [.allow], seen: Received())
        adapter.setNavigationDelegate(delegate)
        await mainQueueDrained()
        let bridge = try #require(fake.navigationDelegate)
        let target = Self.adFrame("https://ads.example/next")
        let action = WKNavigationAction(
            sourceFrame: frame("https://app.example/"), targetFrame: target, navigationType: .other,
            request: URLRequest(url: URL(string: "https://ads.example/next")!))
        bridge.webView(fake, decidePolicyFor: action, preferences: WKWebpagePreferences()) { _, _ in }
        await mainQueueDrained()
        let seamTarget = try #require(delegate.seen.all.first?.targetFrame)
        fake.evaluationResult = (NSNumber(value: 1), nil)
        _ = try await adapter.evaluateJavaScript("1", in: seamTarget, in: .page)
        #expect(fake.evaluatedFrames.count == 1)
        #expect(fake.evaluatedFrames.first.flatMap { $0 } === target)
    }

    @Test("the main frame, named or not, evaluates with no WKFrameInfo")
    func mainFrameNeedsNoInfo() async throws {
        fake.evaluationResult = (NSNumber(value: 1), nil)
        _ = try await adapter.evaluateJavaScript("1", in: nil, in: .page)
        _ = try await adapter.evaluateJavaScript("1", in: appFrame, in: .page)
        #expect(fake.evaluatedFrames.count == 2)
        #expect(fake.evaluatedFrames.allSatisfy { $0 == nil })
    }

    @Test("a subframe WebKit never delivered fails through the completion handler, naming it and those delivered")
    func unknownSubframe() async throws {
        _ = try await post(from: Self.adFrame())
        let unknown = Frame(isMainFrame: false, url: "https://other.example/")
        let error = await #expect(throws: JavaScriptError.self) {
            try await adapter.callAsyncJavaScript("return 1", in: unknown)
        }
        #expect(error?.message.contains("https://other.example/") == true)
        #expect(error?.message.contains("subframes delivered: https://ads.example/slot") == true)
        #expect(fake.evaluatedFrames.isEmpty)
        #expect(log.all.map(\.kind) == [.unknownFrame])
    }

    @Test("a frame gone from the page fails with WebKit's error, not a crash")
    func goneFrame() async throws {
        let seamFrame = try await post(from: Self.adFrame())
        fake.evaluationResult = (nil, NSError(
            domain: "WKErrorDomain", code: 8,
            userInfo: [NSLocalizedDescriptionKey: "JavaScript execution targeted a frame that could not be found"]))
        await #expect(throws: JavaScriptError("JavaScript execution targeted a frame that could not be found")) {
            try await adapter.evaluateJavaScript("1", in: seamFrame, in: .page)
        }
    }

    @Test("frames past the capacity are forgotten, oldest first")
    func capacity() {
        let frames = WebKitFrames()
        let first = frames.frame(Self.adFrame("https://ads.example/0"))
        for index in 1...WebKitFrames.capacity { _ = frames.frame(Self.adFrame("https://ads.example/\(index)")) }
        #expect(throws: JavaScriptError.self) { try frames.target(for: first).get() }
        let last = Frame(
            isMainFrame: false, url: "https://ads.example/\(WebKitFrames.capacity)",
            securityOrigin: SecurityOrigin(protocol: "https", host: "ads.example", port: 443))
        #expect((try? frames.target(for: last).get()) != nil)
    }
}

#endif
