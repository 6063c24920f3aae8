import Dispatch
import Foundation
import HybridReplay
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

/// A `DispatchGroup` that joins two HTTP calls made through completion
/// handlers (each called from a `Task` once its answer came, as a
/// `URLSession`-style client does), then answers the page from
/// `notify(queue: .main)`: an outside app's weather card.
@Suite("A DispatchGroup joining two completion-handler requests")
struct GroupJoinedRequestsTests {
    /// Calls `completion` from a task of its own once the answer came, off the main actor.
    final class Client: Sendable {
        let transport: any HTTPTransport
        init(transport: any HTTPTransport) { self.transport = transport }

        func fetch(_ path: String, completion: @escaping @Sendable (Result<HTTPResponse, HTTPTransportError>) -> Void) {
            let transport = transport
            Task {
                do throws(HTTPTransportError) {
                    completion(.success(try await transport.send(HTTPRequest(url: "https://api.weather.example\(path)"))))
                } catch {
                    completion(.failure(error))
                }
            }
        }
    }

    final class Parts: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [String: String] = [:]
        subscript(key: String) -> String {
            get { lock.withLock { parts[key] ?? "n/a" } }
            set { lock.withLock { parts[key] = newValue } }
        }
    }

    /// Where the group's notification goes, and how its block finds out.
    enum Notification: Sendable {
        /// `notify(queue: .main)`, the block on the main actor.
        case main
        /// The outside app's planted bug: a global queue, then `Task.detached` to the main actor.
        case globalThenDetached
        /// The outside app's correct code: the queue chosen into a variable, and the block
        /// branching on `queue === DispatchQueue.main`, which is false on Linux, where every
        /// read of `DispatchQueue.main` makes a new wrapper: it takes the `Task.detached` branch.
        case mainCheckedByIdentity
    }

    /// Joins the two requests with a group, then answers the page as `notification` says.
    @MainActor final class WeatherBridge: NSObject, ScriptMessageHandler {
        let webView: any WebView
        let client: Client
        let notification: Notification

        init(platform: Platform, notification: Notification = .main) {
            webView = platform.webView
            client = Client(transport: platform.transport)
            self.notification = notification
            super.init()
            webView.add(self, name: "weather")
        }

        func didReceive(_ message: ScriptMessage) {
            let parts = Parts()
            let group = DispatchGroup()
            for part in ["current", "forecast"] {
                group.enter()
                client.fetch("/\(part)?city=Berlin") { result in
                    parts[part] = (try? result.get())?.body?.text ?? "n/a"
                    group.leave()
                }
            }
            let webView = webView
            let show: @Sendable () -> String = {
                "showWeather(\(JavaScriptLiteral.string(parts["current"] + ", " + parts["forecast"])))"
            }
            switch notification {
            case .main:
                group.notify(queue: .main) { @Sendable in
                    MainActor.assumeIsolated { webView.evaluateJavaScript(show(), completionHandler: nil) }
                }
            case .globalThenDetached:
                group.notify(queue: .global()) { @Sendable in
                    Task.detached { await MainActor.run { webView.evaluateJavaScript(show(), completionHandler: nil) } }
                }
            case .mainCheckedByIdentity:
                let queue: DispatchQueue = .main
                group.notify(queue: queue) { @Sendable in
                    if queue === DispatchQueue.main {
                        MainActor.assumeIsolated { webView.evaluateJavaScript(show(), completionHandler: nil) }
                    } else {
                        Task.detached { await MainActor.run { webView.evaluateJavaScript(show(), completionHandler: nil) } }
                    }
                }
            }
        }
    }

    static func record(_ notification: Notification) async throws -> Cassette {
        try await RuntimeWatchInstallation.during {
            let recorder = stillRecorder(name: "weather-card")
            let page = SimulatedWebView()
            let server = ScriptedHTTPTransport { request in
                HTTPResponse(status: 200, body: .text(request.urlString.contains("/current") ? "12°C cloudy" : "rain"))
            }
            let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server))
            let bridge = await WeatherBridge(platform: platform, notification: notification)
            try page.postMessage(["city": "Berlin"], to: "weather")
            _ = try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
            _ = bridge
            return recorder.cassette()
        }
    }

    /// The cause of the recorded `showWeather` evaluation, and whether five replays against the correct bridge passed.
    static func recordAndReplay(_ notification: Notification) async throws -> (cause: Int?, message: Int, passed: Int) {
        let cassette = try await record(notification)
        let message = try #require(cassette.events.first { $0.kind == ScriptMessage.eventKind })
        let evaluation = try #require(
            cassette.events.first { $0.kind == JavaScriptEvaluation.eventKind }, "\(outline(cassette.events))")
        var passed = 0
        for _ in 1...5 {
            let report = await RuntimeWatchInstallation.during {
                await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                    await WeatherBridge(platform: platform, notification: notification)
                }
            }
            #expect(report.passed, "\(report)")
            if report.passed { passed += 1 }
        }
        return (evaluation.cause, message.id, passed)
    }

    @Test("notify(queue: .main) after two completion-handler requests: the answer is caused by the message, and replays green")
    func mainNotificationCarriesTheMessage() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let (cause, message, passed) = try await Self.recordAndReplay(.main)
        #expect(cause == message)
        #expect(passed == 5)
    }

    @Test("notified on a global queue and sent to the main actor from Task.detached, the answer has no cause, and still replays green")
    func globalThenDetachedHasNoCause() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let (cause, _, passed) = try await Self.recordAndReplay(.globalThenDetached)
        #expect(cause == nil)
        #expect(passed == 5)
    }

    #if os(Linux)
    @Test("on Linux, queue === DispatchQueue.main is false, so a block that branches on it takes its other branch (the outside app's weather card)")
    func identityCheckTakesTheOtherBranchOnLinux() async throws {
        try #require(RuntimeWatchInstallation.seesDispatch, "this test executable does not route dispatch_async through the watch")
        let main: DispatchQueue = .main
        #expect(!(main === DispatchQueue.main))
        let (cause, _, passed) = try await Self.recordAndReplay(.mainCheckedByIdentity)
        #expect(cause == nil)
        #expect(passed == 5)
    }
    #endif
}
