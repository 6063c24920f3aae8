import Foundation
import HybridReplaySeams
import Testing

@testable import HybridReplayWebKit

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

// Drives the adapter with fakes built from the mirror's "Mirror-only" initialisers, which the
// real SDK does not have: compiled where AppleMirrorWebKit stands in for WebKit (docs/apple-adapters.md).
#if !canImport(WebKit)

/// A user content controller that keeps what the adapter registers.
@MainActor final class RecordingUserContentController: WKUserContentController {
    var handlers: [String: any WKScriptMessageHandler] = [:]
    var replyHandlers: [String: any WKScriptMessageHandlerWithReply] = [:]
    var scripts: [WKUserScript] = []

    var removed: [String] = []

    override func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {
        handlers[name] = scriptMessageHandler
    }
    override func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
        removed.append("\(name) in \(contentWorld.name ?? "page")")
    }
    override func addScriptMessageHandler(
        _ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String
    ) { replyHandlers[name] = scriptMessageHandlerWithReply }
    override func addUserScript(_ userScript: WKUserScript) { scripts.append(userScript) }
}

/// A web view that answers evaluations from a script and records loads.
@MainActor final class FakeWebView: WKWebView {
    var evaluationResult: (Any?, (any Error)?) = (nil, nil)
    var loadedRequests: [URLRequest] = []
    var loadedHTML: [(String, URL?)] = []
    var controller: RecordingUserContentController

    init() {
        let configuration = WKWebViewConfiguration()
        controller = RecordingUserContentController()
        configuration.userContentController = controller
        super.init(frame: .zero, configuration: configuration)
    }

    var evaluatedWorlds: [String?] = []

    override func evaluateJavaScript(
        _ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        evaluatedWorlds.append(contentWorld.name)
        if let error = evaluationResult.1 { completionHandler?(.failure(error)) } else { completionHandler?(.success(evaluationResult.0 ?? NSNull())) }
    }

    override func load(_ request: URLRequest) -> WKNavigation? {
        loadedRequests.append(request)
        return nil
    }

    override func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        loadedHTML.append((string, baseURL))
        return nil
    }
}

@MainActor func frame(_ url: String, main: Bool = true) -> WKFrameInfo {
    WKFrameInfo(
        isMainFrame: main, request: URLRequest(url: URL(string: url)!),
        securityOrigin: WKSecurityOrigin(protocol: "https", host: "app.example", port: 443))
}

#endif

/// Collects what the adapters report.
final class IssueLog: Sendable {
    private let issues = Locked<[WebKitAdapterIssue]>([])
    var all: [WebKitAdapterIssue] { issues.current }
    var report: @Sendable (WebKitAdapterIssue) -> Void { { issue in self.issues.withLock { $0.append(issue) } } }
}

/// Collects values delivered to a handler.
final class Received<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])
    var all: [Value] { values.current }
    func append(_ value: Value) { values.withLock { $0.append(value) } }
}

/// Waits until every block queued on the main queue before the call has run.
///
/// The adapters queue WebKit calls on the main queue when called off the main
/// thread (Swift Testing may run `@MainActor` tests on an executor that is not
/// the main thread); the main queue is FIFO, so this is synchronisation, not a wait.
func mainQueueDrained() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { continuation.resume() }
    }
}
