// Drives the adapter with fakes built from the mirror's "Mirror-only" initialisers, which the
// real SDK does not have: compiled where AppleMirrorWebKit stands in for WebKit (docs/apple-adapters.md).
#if !canImport(WebKit)

import Foundation
import HybridReplayFoundationAdapters
import HybridReplaySeams
import Testing

@testable import HybridReplayWebKit

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

struct RecordingHandler: ScriptMessageHandler {
    let received = Received<ScriptMessage>()
    func didReceive(_ message: ScriptMessage) { received.append(message) }
}

struct ReplyingHandler: ScriptMessageHandlerWithReply {
    var replies: [Outcome]
    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        for reply in replies { replyHandler(reply) }
    }
}

@MainActor
@Suite("WebKitWebView")
struct WebKitWebViewTests {
    let fake = FakeWebView()
    let log = IssueLog()
    var adapter: WebKitWebView { WebKitWebView(fake, reportIssue: log.report) }

    func message(_ body: Any, to name: String) -> WKScriptMessage {
        WKScriptMessage(body: body, frameInfo: frame("https://app.example/"), name: name, world: .page)
    }

    @Test("a message with a Bool-valued NSNumber reaches the seam handler as a boolean")
    func messageWithBoolean() async throws {
        let handler = RecordingHandler()
        adapter.add(handler, name: "nativeProcess")
        await mainQueueDrained()
        let bridge = try #require(fake.controller.handlers["nativeProcess"])
        bridge.userContentController(
            fake.controller, didReceive: message(["flag": NSNumber(value: true), "n": NSNumber(value: 1)] as NSDictionary, to: "nativeProcess"))
        await mainQueueDrained()
        #expect(
            handler.received.all == [
                ScriptMessage(handler: "nativeProcess", body: ["flag": true, "n": 1], frame: appFrame)
            ])
    }

    @Test(
        "a message keeps the content world WebKit posted it in, so it reaches the handler of that world on replay",
        arguments: [ContentWorld.page, .defaultClient, .world(name: "bank")])
    func messageKeepsItsWorld(_ world: ContentWorld) async throws {
        let handler = RecordingHandler()
        adapter.add(handler, contentWorld: world, name: "nativeProcess")
        await mainQueueDrained()
        let bridge = try #require(fake.controller.handlers["nativeProcess"])
        let posted = WKScriptMessage(
            body: "hi", frameInfo: frame("https://app.example/"), name: "nativeProcess", world: WebKitWorlds.world(world))
        bridge.userContentController(fake.controller, didReceive: posted)
        await mainQueueDrained()
        #expect(handler.received.all.map(\.contentWorld) == [world])
        #expect(handler.received.all.first?.frame?.securityOrigin == SecurityOrigin(protocol: "https", host: "app.example", port: 443))
    }

    @Test("a message whose body has no JSON form is dropped and reported")
    func unsupportedBody() async throws {
        let handler = RecordingHandler()
        adapter.add(handler, name: "h")
        await mainQueueDrained()
        try #require(fake.controller.handlers["h"]).userContentController(fake.controller, didReceive: message(NSData(), to: "h"))
        await mainQueueDrained()
        #expect(handler.received.all.isEmpty)
        #expect(log.all.map(\.kind) == [.unsupportedValue])
    }

    @Test("a handler with reply answers once in the page world; a second reply is dropped and reported")
    func replyOnce() async throws {
        adapter.add(ReplyingHandler(replies: [.value(["ok": true]), .error("late")]), name: "promise")
        await mainQueueDrained()
        let bridge = try #require(fake.controller.replyHandlers["promise"])
        let replies = Received<String>()
        bridge.userContentController(fake.controller, didReceive: message("ping", to: "promise")) { reply, error in
            let ok = (reply as? [String: Any])?["ok"] as? NSNumber
            replies.append("\(ok.map { ScriptValueConversion.isBoolean($0) && $0.boolValue } ?? false) \(error ?? "-")")
        }
        await mainQueueDrained()
        #expect(replies.all == ["true -"])
        #expect(log.all.map(\.kind) == [.calledTwice])
    }

    @Test("a handler with reply that never replies rejects the page's promise and is reported")
    func replyNever() async throws {
        adapter.add(ReplyingHandler(replies: []), name: "promise")
        await mainQueueDrained()
        let replies = Received<String>()
        try #require(fake.controller.replyHandlers["promise"]).userContentController(
            fake.controller, didReceive: message("ping", to: "promise")
        ) { _, error in replies.append(error ?? "-") }
        await mainQueueDrained()
        #expect(replies.all == ["the native handler for 'promise' never replied"])
        #expect(log.all.map(\.kind) == [.neverCalled])
    }

    @Test("user scripts are installed with WebKit's injection time")
    func userScripts() async {
        adapter.addUserScript(UserScriptInstallation(source: "1", injectionTime: .documentEnd, mainFrameOnly: false))
        await mainQueueDrained()
        adapter.addUserScript(UserScriptInstallation(source: "2", injectionTime: InjectionTime(rawValue: "later"), mainFrameOnly: true))
        await mainQueueDrained()
        #expect(fake.controller.scripts.map(\.injectionTime) == [.atDocumentEnd])
        #expect(fake.controller.scripts.first?.isForMainFrameOnly == false)
        #expect(log.all.map(\.kind) == [.unsupportedValue])
    }

    @Test("evaluateJavaScript converts the result, and an exception's message becomes the error")
    func evaluation() async throws {
        fake.evaluationResult = ([NSNumber(value: false), "x"] as NSArray, nil)
        await mainQueueDrained()
        #expect(try await adapter.evaluateJavaScript("f()") == [false, "x"])
        fake.evaluationResult = (nil, NSError(domain: "WKErrorDomain", code: 4, userInfo: ["WKJavaScriptExceptionMessage": "ReferenceError: f"]))
        await #expect(throws: JavaScriptError("ReferenceError: f")) { try await adapter.evaluateJavaScript("f()") }
    }

    @Test("content worlds map one to one; a subframe WebKit never delivered is refused and reported")
    func worldsAndFrames() async throws {
        fake.evaluationResult = (NSNumber(value: 1), nil)
        #expect(try await adapter.evaluateJavaScript("1", in: .main(), in: .world(name: "tools")) == 1)
        #expect(try await adapter.evaluateJavaScript("1", in: nil, in: .defaultClient) == 1)
        #expect(fake.evaluatedWorlds == ["tools", "defaultClient"])
        await #expect(throws: JavaScriptError.self) {
            try await adapter.evaluateJavaScript("1", in: Frame(isMainFrame: false, url: "https://ads.example/"), in: .page)
        }
        #expect(log.all.map(\.kind) == [.unknownFrame])
        adapter.removeScriptMessageHandler(forName: "h", contentWorld: .world(name: "tools"))
        await mainQueueDrained()
        #expect(fake.controller.removed == ["h in tools"])
    }

    @Test("a load with no body loads the request; HTML content loads with its base URL")
    func loads() async {
        adapter.load(NavigationLoad(url: "https://app.example/a", method: "POST", headers: [HTTPHeader("X-A", "1")]))
        await mainQueueDrained()
        adapter.load(NavigationLoad(url: "https://app.example/b", headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: .text("<p>")))
        await mainQueueDrained()
        adapter.load(NavigationLoad(url: "not a url"))
        await mainQueueDrained()
        #expect(fake.loadedRequests.map(\.httpMethod) == ["POST"])
        #expect(fake.loadedRequests.first?.value(forHTTPHeaderField: "X-A") == "1")
        #expect(fake.loadedHTML.map(\.0) == ["<p>"])
        #expect(log.all.map(\.kind) == [.invalidURL])
    }

    @Test("content that is not HTML keeps its type and charset")
    func loadedContent() async {
        let content = LoadedContent(body: .json(["a": 1]), headers: [])
        await mainQueueDrained()
        #expect(content.mimeType == "application/json" && content.characterEncoding == "utf-8")
        #expect(content.data == Data(#"{"a":1}"#.utf8))
        let text = LoadedContent(body: .text("x"), headers: [HTTPHeader("content-type", "Text/Plain; charset=\"ISO-8859-1\"")])
        await mainQueueDrained()
        #expect(text.mimeType == "text/plain" && text.characterEncoding == "iso-8859-1")
    }

    @Test("setting a navigation delegate installs a bridge the adapter keeps alive")
    func navigationDelegate() async {
        let adapter = adapter
        adapter.setNavigationDelegate(AnsweringDelegate(answers: [.allow], seen: Received()))
        await mainQueueDrained()
        #expect(fake.navigationDelegate is NavigationDelegateBridge)
        adapter.setNavigationDelegate(nil)
        await mainQueueDrained()
        #expect(fake.navigationDelegate == nil)
    }

    @Test("the delegate properties read back the app's own object at once; url is the web view's")
    func delegateProperties() async {
        let adapter = adapter
        let delegate = AnsweringDelegate(answers: [.allow], seen: Received())
        adapter.navigationDelegate = delegate
        #expect(adapter.navigationDelegate is AnsweringDelegate, "the app's, not the bridge")
        await mainQueueDrained()
        #expect(fake.navigationDelegate is NavigationDelegateBridge)
        adapter.load(HTTPRequest(url: "https://app.example/start"))
        await mainQueueDrained()
        #expect(adapter.url?.absoluteString == "https://app.example/start")
        adapter.navigationDelegate = nil
        #expect(adapter.navigationDelegate == nil)
    }
}

#endif
