import Foundation
import HybridReplay
import HybridReplaySimulation

/// The replay benchmark's baseline: the same ``PromiseBridge`` driven by a
/// minimal in-process loop on the simulated platform, with no verification.
///
/// It posts the cassette's messages in the cassette's batches, answers each
/// request from a table of the recorded responses, and waits until the page
/// has run every batch's evaluations before posting the next, as a replay
/// must. What a replay costs beyond this is the replayer's overhead.
struct DirectDriver {
    /// The message bodies, batch by batch.
    let batches: [[JSONValue]]
    /// The recorded response to each URL.
    let responses: [String: HTTPResponse]
    /// How long a batch may take before the driver gives up.
    let timeout: Duration

    /// Reads the messages and responses out of a ``SyntheticSession`` cassette.
    ///
    /// - Throws: ``BenchError`` when a request has no response.
    init(cassette: Cassette, timeout: Duration) throws {
        var bodies: [JSONValue] = []
        var urls: [Int: String] = [:]
        var responses: [String: HTTPResponse] = [:]
        for event in cassette.events {
            if let message = event.payload(as: ScriptMessage.self) {
                bodies.append(message.body)
            } else if let request = event.payload(as: HTTPRequest.self) {
                urls[event.id] = request.urlString
            } else if let response = event.payload(as: HTTPResponse.self), let answered = event.answers, let url = urls[answered] {
                responses[url] = response
            }
        }
        guard responses.count == urls.count else {
            throw BenchError("the session cassette answers \(responses.count) of its \(urls.count) requests")
        }
        batches = stride(from: 0, to: bodies.count, by: SyntheticSession.batchSize).map {
            Array(bodies[$0..<min($0 + SyntheticSession.batchSize, bodies.count)])
        }
        self.responses = responses
        self.timeout = timeout
    }

    /// The messages the driver posts.
    var messageCount: Int { batches.reduce(0) { $0 + $1.count } }

    /// Builds the bridge on a fresh simulated platform and posts every message.
    ///
    /// - Returns: The evaluations the bridge made, for checking outside the timed region.
    /// - Throws: ``BenchError`` when a post fails or a batch's evaluations do not all arrive in time.
    func run() async throws -> [JavaScriptEvaluation] {
        let counter = EvaluationCounter()
        let webView = SimulatedWebView { _, _ in
            counter.increment()
            return .success(.null)
        }
        let responses = responses
        let transport = ScriptedHTTPTransport { request in responses[request.urlString] ?? HTTPResponse(status: 404) }
        let bridge = PromiseBridge(platform: .simulated(webView: webView, transport: transport))
        var posted = 0
        for batch in batches {
            for body in batch {
                try webView.postMessage(body, to: SyntheticSession.handler)
            }
            posted += batch.count
            guard await counter.wait(until: posted, timeout: timeout) else {
                throw BenchError("direct: the bridge made \(counter.count) of \(posted) evaluations within \(timeout)")
            }
        }
        withExtendedLifetime(bridge) {}
        return webView.evaluatedScripts
    }
}

/// Counts the evaluations the simulated page has run and wakes the driver
/// when a target count is reached.
final class EvaluationCounter: Sendable {
    private struct State {
        var value = 0
        var waiter: (target: Int, reached: FirstOutcome<Bool>)?
    }

    private let state = Locked(State())

    var count: Int { state.withLock { $0.value } }

    func increment() {
        let reached = state.withLock { state -> FirstOutcome<Bool>? in
            state.value += 1
            guard let waiter = state.waiter, state.value >= waiter.target else { return nil }
            state.waiter = nil
            return waiter.reached
        }
        reached?.finish(true)
    }

    /// Waits until `target` evaluations have run; returns `false` if `timeout` passes first.
    func wait(until target: Int, timeout: Duration) async -> Bool {
        let reached = FirstOutcome<Bool>()
        let already = state.withLock { state -> Bool in
            if state.value >= target { return true }
            state.waiter = (target, reached)
            return false
        }
        if already { return true }
        return await reached.outcome(within: timeout, orTimeout: false, orCancellation: false)
    }
}
