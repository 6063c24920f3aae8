import Foundation
import HybridReplay

// The implementations the review scenarios replay against.

/// Awaits `body` for at most `limit` of real time; `nil` when it did not finish.
/// The body runs in an unstructured task, so a hung body does not hang the test.
func withRealTimeLimit<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    let once = Once<T?>()
    return await withCheckedContinuation { continuation in
        once.set(continuation)
        Task { once.resume(await body()) }
        Task {
            try? await Task.sleep(for: limit)
            once.resume(nil)
        }
    }
}

final class Once<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Never>?
    private var pending: T?
    private var done = false

    func set(_ continuation: CheckedContinuation<T, Never>) {
        let value: T? = lock.withLock {
            if let pending, !done {
                done = true
                return pending
            }
            self.continuation = continuation
            return nil
        }
        if let value { continuation.resume(returning: value) }
    }

    func resume(_ value: T) {
        let continuation: CheckedContinuation<T, Never>? = lock.withLock {
            guard !done else { return nil }
            guard let continuation = self.continuation else {
                pending = value
                return nil
            }
            done = true
            return continuation
        }
        continuation?.resume(returning: value)
    }
}

/// Continuations parked until the test releases them.
final class Parked<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [CheckedContinuation<T, Never>] = []
    private var released: T?

    func park(_ continuation: CheckedContinuation<T, Never>) {
        let value: T? = lock.withLock {
            if let released { return released }
            continuations.append(continuation)
            return nil
        }
        if let value { continuation.resume(returning: value) }
    }

    func release(_ value: T) {
        let all = lock.withLock {
            released = value
            defer { continuations = [] }
            return continuations
        }
        for continuation in all { continuation.resume(returning: value) }
    }
}

/// Asks the user before every navigation, as `decidePolicy(for:) async` may.
struct ConfirmingDelegate: AsyncNavigationDelegate {
    let parked: Parked<NavigationPolicy>

    func decidePolicy(for action: NavigationAction) async -> NavigationPolicy {
        await withCheckedContinuation { parked.park($0) }
    }
}

/// A transport whose every request times out.
struct OfflineTransport: HTTPTransport {
    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError) -> HTTPResponse {
        throw HTTPTransportError("timed out")
    }
}

/// A promise bridge that rejects the page's promise when the request fails.
struct RejectingBridge: ScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport

    init(platform: Platform) {
        webView = platform.webView
        transport = platform.transport
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"] else { return }
        Task {
            do {
                let response = try await transport.send(HTTPRequest(url: "https://api.example.com/user"))
                _ = try? await webView.callAsyncJavaScript(
                    "resolvePromise(guid, status)", arguments: ["guid": .string(guid), "status": .number(Double(response.status))])
            } catch {
                _ = try? await webView.callAsyncJavaScript("rejectPromise(guid)", arguments: ["guid": .string(guid)])
            }
        }
    }
}

/// Loads something that takes 100 ms of real time outside any seam (disk,
/// decoding, the keychain), with a 5-second timeout on the platform clock.
struct LoaderWithTimeout: CustomEventHandler {
    let platform: Platform

    func didReceive(_ event: CustomEvent) {
        let platform = platform
        let timeout = Task {
            try await platform.clock.sleep(for: .seconds(5))
            platform.custom.send(CustomEvent(name: "timedOut", direction: .effect))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            // The effect first: cancelling first ends the replay's last tracked task,
            // and a replay that sees no work left reports the effect missing at once.
            platform.custom.send(CustomEvent(name: "loaded", direction: .effect))
            timeout.cancel()
        }
    }
}

/// Starts work that is cancelled before it sleeps, as a debouncer's previous
/// task is when the next event arrives before the task has started.
struct SelfCancellingSleeper: CustomEventHandler {
    let platform: Platform

    func didReceive(_ event: CustomEvent) {
        let platform = platform
        Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await platform.clock.sleep(for: .seconds(10))
                platform.custom.send(CustomEvent(name: "slept", direction: .effect))
            } catch {
                platform.custom.send(CustomEvent(name: "cancelled", direction: .effect))
            }
        }
    }
}

/// The seed's promise bridge, except that the request for `slowGUID` needs
/// some preparation first (50 ms of real work outside any seam).
struct SlowFirstPromiseBridge: ScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport
    let slowGUID: String

    init(platform: Platform, slowGUID: String) {
        webView = platform.webView
        transport = platform.transport
        self.slowGUID = slowGUID
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"] else { return }
        Task {
            if guid == slowGUID { try? await Task.sleep(for: .milliseconds(50)) }
            guard let response = try? await transport.send(HTTPRequest(url: "https://randomuser.me/api")), case .json(let data)? = response.body
            else { return }
            _ = try? await webView.callAsyncJavaScript(
                "executePromise(guid, data)", arguments: ["guid": .string(guid), "data": .string(data.description)])
        }
    }
}

/// Logs each tick with the wall-clock time, to the second, as
/// `ISO8601DateFormatter` writes it by default.
struct WallClockLogger: CustomEventHandler {
    let platform: Platform

    func didReceive(_ event: CustomEvent) {
        let now = ISO8601DateFormatter().string(from: Date())
        platform.custom.send(CustomEvent(name: "log", direction: .effect, fields: ["at": .string(now)]))
    }
}

/// Registers an id with the page (`UUID().uuidString`, upper case) and
/// acknowledges the page's answer, comparing ids as UUIDs.
final class AcknowledgingClient: ScriptMessageHandler, @unchecked Sendable {
    let id = UUID()
    let custom: any CustomSeam

    init(platform: Platform) {
        custom = platform.custom
        platform.webView.add(self, name: "ack")
        platform.webView.evaluateJavaScript("register('\(id.uuidString)')", completionHandler: nil)
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let text)? = body["id"], UUID(uuidString: text) == id else { return }
        custom.send(CustomEvent(name: "acknowledged", direction: .effect))
    }
}

/// Sends at most one request per 2-second cool-down.
final class RateLimiter: CustomEventHandler, @unchecked Sendable {
    let platform: Platform
    private let lock = NSLock()
    private var coolingDown = false

    init(platform: Platform) { self.platform = platform }

    func didReceive(_ event: CustomEvent) {
        let start = lock.withLock {
            defer { coolingDown = true }
            return !coolingDown
        }
        guard start else { return }
        platform.custom.send(CustomEvent(name: "request", direction: .effect))
        let clock = platform.clock
        Task {
            try await clock.sleep(for: .seconds(2))
            self.lock.withLock { self.coolingDown = false }
        }
    }
}

/// Finishes when `done` arrives, unless its 5-second timer fired first.
final class RaceAgainstTimeout: CustomEventHandler, @unchecked Sendable {
    let custom: any CustomSeam
    let onDone: @Sendable () -> Void
    private let lock = NSLock()
    private var settled = false

    init(platform: Platform, onDone: @escaping @Sendable () -> Void) {
        custom = platform.custom
        self.onDone = onDone
    }

    private func settle() -> Bool {
        lock.withLock {
            defer { settled = true }
            return !settled
        }
    }

    func didReceive(_ event: CustomEvent) {
        onDone()
        if settle() { custom.send(CustomEvent(name: "finished", direction: .effect)) }
    }

    func timeoutFired() {
        if settle() { custom.send(CustomEvent(name: "timedOut", direction: .effect)) }
    }
}

/// The echo bridge, plus a second, stray evaluation from an unstructured task.
struct StrayEcho: ScriptMessageHandler {
    let webView: any WebView
    let delay: Duration?

    init(platform: Platform, delay: Duration? = .milliseconds(50)) {
        webView = platform.webView
        self.delay = delay
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let text) = message.body else { return }
        webView.evaluateJavaScript("changeEcho(\(JSONValue.string(text)))", completionHandler: nil)
        let webView = webView
        let delay = delay
        Task {
            if let delay { try? await Task.sleep(for: delay) }
            webView.evaluateJavaScript("trackEcho()", completionHandler: nil)
        }
    }
}

/// Whether a completion handler ran while the call that takes it was still running.
final class ReentrancyProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = false
    private var completedInside = false
    private var count = 0

    func enter() { lock.withLock { inside = true } }
    func leave() { lock.withLock { inside = false } }
    func complete() {
        lock.withLock {
            count += 1
            if inside { completedInside = true }
        }
    }

    var completedInsideCall: Bool { lock.withLock { completedInside } }
    var completions: Int { lock.withLock { count } }
}

final class Ticker: @unchecked Sendable {
    private let lock = NSLock()
    private var ticks = 0
    private var stopped = false

    func tick() { lock.withLock { ticks += 1 } }
    func stop() { lock.withLock { stopped = true } }
    var count: Int { lock.withLock { ticks } }
    var isStopped: Bool { lock.withLock { stopped } }
}

/// Logs the query to the page, then replies, both inside `didReceive`.
struct SynchronousReplier: ScriptMessageHandlerWithReply {
    let webView: any WebView

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        webView.evaluateJavaScript("log('version')", completionHandler: nil)
        replyHandler(.value(.string("4.2.0")))
    }
}

/// Starts a job for each request, with the id `id` gives it.
struct JobStarter: ScriptMessageHandler {
    let custom: any CustomSeam
    let id: @Sendable (String) -> String

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let requestID)? = body["requestId"] else { return }
        custom.send(CustomEvent(name: "job", direction: .effect, fields: ["id": .string(id(requestID))]))
    }
}

/// Opens a session page under a fresh UUID and allows only navigations within it.
final class SessionNavigator: NavigationDelegate, @unchecked Sendable {
    let session = UUID().uuidString.lowercased()

    init(platform: Platform) {
        platform.webView.setNavigationDelegate(self)
        platform.webView.load(NavigationLoad(url: "https://app.example.com/session/\(session)?lang=en"))
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(action.urlString.hasPrefix("https://app.example.com/session/\(session)/") ? .allow : .cancel)
    }
}
