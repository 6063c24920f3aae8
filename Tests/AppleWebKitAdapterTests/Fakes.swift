import Foundation
import HybridReplay
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
    /// The frame each evaluation or async call was given, `nil` for the main frame.
    var evaluatedFrames: [WKFrameInfo?] = []
    /// The arguments of each async call.
    var asyncArguments: [[String: Any]] = []
    /// Wakes a test waiting for an evaluation or a load.
    let changes = MainActorWaiters()

    override func evaluateJavaScript(
        _ javaScript: String, in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        evaluatedWorlds.append(contentWorld.name)
        evaluatedFrames.append(frame)
        defer { changes.changed() }
        if let error = evaluationResult.1 { completionHandler?(.failure(error)) } else { completionHandler?(.success(evaluationResult.0 ?? NSNull())) }
    }

    override func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
        in contentWorld: WKContentWorld, completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        evaluatedWorlds.append(contentWorld.name)
        evaluatedFrames.append(frame)
        asyncArguments.append(arguments)
        defer { changes.changed() }
        if let error = evaluationResult.1 { completionHandler?(.failure(error)) } else { completionHandler?(.success(evaluationResult.0 ?? NSNull())) }
    }

    override func load(_ request: URLRequest) -> WKNavigation? {
        loadedRequests.append(request)
        return nil
    }

    /// The URL of the last request loaded, as WebKit reports a pending load's.
    override var url: URL? { loadedRequests.last?.url }

    override func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        loadedHTML.append((string, baseURL))
        changes.changed()
        return nil
    }
}

/// `@MainActor` tests waiting for a fake's state, woken each time the fake
/// changes it: never by polling, and within a patience that only ends a wait
/// that never would.
@MainActor final class MainActorWaiters {
    private var waiting: [Int: (condition: () -> Bool, continuation: CheckedContinuation<Bool, Never>)] = [:]
    private var nextID = 0

    /// Returns `true` once `condition` holds, checked now and after every
    /// ``changed()``; `false` when `patience` runs out first. The default
    /// only a hang reaches: a minute, ten minutes under ThreadSanitizer (a
    /// sanitizer run beside other builds took longer than a minute to load
    /// a page here once).
    func wait(
        patience: Duration = .seconds(60 * ThreadSanitizerScaling.factor), until condition: @escaping () -> Bool
    ) async -> Bool {
        if condition() { return true }
        let id = nextID
        nextID += 1
        let timer = Task { @MainActor [weak self] in
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            self?.end(id, holding: false)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in waiting[id] = (condition, continuation) }
    }

    /// Wakes the waits whose condition now holds; the fake calls it after each change.
    func changed() {
        for (id, waiter) in waiting where waiter.condition() { end(id, holding: true) }
    }

    private func end(_ id: Int, holding: Bool) {
        waiting.removeValue(forKey: id)?.continuation.resume(returning: holding)
    }
}

/// The seam's form of ``frame(_:main:)`` for the page's main frame, with its security origin.
let appFrame = Frame(
    isMainFrame: true, url: "https://app.example/",
    securityOrigin: SecurityOrigin(protocol: "https", host: "app.example", port: 443))

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
    private let waiters = ConditionWaiters()
    var all: [Value] { values.current }

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
        waiters.changed()
    }

    /// Waits until `count` values have arrived in all, woken by each ``append(_:)``.
    func wait(count: Int) async throws {
        try await waiters.wait(
            for: "\(count) values", patience: .seconds(60), progress: { [self] in "received \(all.count)" },
            until: { [self] in all.count >= count ? () : nil })
    }
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
