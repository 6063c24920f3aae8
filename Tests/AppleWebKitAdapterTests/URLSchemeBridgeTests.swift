// Drives the adapter with fakes built from the mirror, which the real SDK's
// WKURLSchemeTask objects are not: compiled where AppleMirrorWebKit stands in for WebKit (docs/apple-adapters.md).
#if !canImport(WebKit)

import Foundation
import HybridReplaySeams
import Testing

@testable import HybridReplayWebKit

import AppleMirrorWebKit

/// A WebKit scheme task that records what the adapter passes it.
final class FakeSchemeTask: NSObject, WKURLSchemeTask, @unchecked Sendable {
    let request: URLRequest
    let calls = Received<String>()

    init(_ request: URLRequest) { self.request = request }

    func didReceive(_ response: URLResponse) {
        let status = (response as? HTTPURLResponse).map { "\($0.statusCode)" } ?? "plain"
        calls.append("response \(status) \(response.mimeType ?? "-")")
    }

    func didReceive(_ data: Data) { calls.append("data \(String(decoding: data, as: UTF8.self))") }

    func didFinish() { calls.append("finish") }

    func didFailWithError(_ error: any Error) { calls.append("fail") }
}

/// Answers every request with a small HTML page, in two pieces; or, when
/// `holds`, sends the head only and finishes when stopped.
final class SmallPageServer: URLSchemeHandler {
    let requests = Received<URLSchemeRequest>()
    let holds: Bool

    init(holds: Bool = false) { self.holds = holds }

    func start(_ task: any URLSchemeTask) {
        requests.append(task.request)
        task.didReceive(URLSchemeResponse(url: task.request.urlString, status: 200, mimeType: "text/html"))
        if holds { return }
        task.didReceive(Data("<p>".utf8))
        task.didReceive(Data("hi</p>".utf8))
        task.didFinish()
    }

    func stop(_ task: any URLSchemeTask) {
        if holds { task.didFinish() }
    }
}

@MainActor
@Suite("URLSchemeHandlerBridge")
struct URLSchemeBridgeTests {
    static func request() -> URLRequest {
        var request = URLRequest(url: URL(string: "app://localhost/index.html") ?? URL(fileURLWithPath: "/"))
        request.setValue("text/html", forHTTPHeaderField: "Accept")
        return request
    }

    @Test("a prepared configuration serves the seam handler's answer to WebKit's task, head, pieces and end")
    func serves() async throws {
        let configuration = WKWebViewConfiguration()
        let schemes = WebKitURLSchemes(["app"], on: configuration)
        let issues = IssueLog()
        let webView = WebKitWebView(WKWebView(frame: .zero, configuration: configuration), urlSchemes: schemes, reportIssue: issues.report)
        let server = SmallPageServer()
        webView.setURLSchemeHandler(server, forURLScheme: "app")
        await mainQueueDrained()
        let handler = try #require(configuration.urlSchemeHandler(forURLScheme: "app"))
        let task = FakeSchemeTask(Self.request())
        handler.webView(webView.webView, start: task)
        #expect(task.calls.all == ["response 200 text/html", "data <p>", "data hi</p>", "finish"])
        #expect(server.requests.all == [URLSchemeRequest(url: "app://localhost/index.html", headers: [HTTPHeader("Accept", "text/html")])])
        #expect(issues.all.isEmpty)
    }

    @Test("an answer after WebKit stopped the task is dropped and reported, not passed to WebKit")
    func afterStop() async throws {
        let configuration = WKWebViewConfiguration()
        let issues = IssueLog()
        let webView = WebKitWebView(
            WKWebView(frame: .zero, configuration: configuration), urlSchemes: WebKitURLSchemes(["app"], on: configuration),
            reportIssue: issues.report)
        webView.setURLSchemeHandler(SmallPageServer(holds: true), forURLScheme: "app")
        await mainQueueDrained()
        let handler = try #require(configuration.urlSchemeHandler(forURLScheme: "app"))
        let task = FakeSchemeTask(Self.request())
        handler.webView(webView.webView, start: task)
        handler.webView(webView.webView, stop: task)
        #expect(task.calls.all == ["response 200 text/html"])
        #expect(issues.all.map(\.message) == [
            "didFinish() for app://localhost/index.html after WebKit stopped the task; WebKit raises an exception for it; dropped"
        ])
    }

    @Test("a scheme the configuration was not prepared for is reported: WebKit takes handlers only before the web view exists")
    func unprepared() {
        let issues = IssueLog()
        let webView = WebKitWebView(WKWebView(frame: .zero, configuration: WKWebViewConfiguration()), reportIssue: issues.report)
        webView.setURLSchemeHandler(SmallPageServer(), forURLScheme: "capacitor")
        #expect(issues.all.map(\.message) == [
            #"WebKit takes URL scheme handlers on the WKWebViewConfiguration before the web view exists, and this one was not prepared for 'capacitor'; create WebKitURLSchemes(["capacitor"], on: configuration) before the WKWebView and pass it to WebKitWebView"#
        ])
    }
}
#endif
