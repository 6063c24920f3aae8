import HybridReplay
import HybridReplaySimulation

/// An HTTP transport that holds every request until the scenario answers it,
/// so a scenario decides when each response arrives and in what order.
///
/// With it, two requests can both be in flight before the second is
/// answered first, and the clock can move between a request and its
/// response. Redirects are followed as ``ScriptedHTTPTransport`` follows
/// them: each 3xx with a `Location` becomes the request ``HTTPRedirect``
/// proposes, which the redirect delegate may change or refuse, and that
/// request is held in turn.
package final class HeldHTTPTransport: HTTPTransport {
    /// A request the transport is holding, in the order requests were sent.
    package struct HeldRequest: Sendable, Hashable, CustomStringConvertible {
        /// The request's position among all the requests sent, from 1.
        package var number: Int
        /// What was sent, with the headers the app and its redirect delegate gave it.
        package var request: HTTPRequest

        package var description: String { "\(request.method) \(request.url)" }
    }

    private struct Waiting {
        var held: HeldRequest
        var handedOut = false
        var continuation: CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>?
        /// Set when the request was answered or failed before its sender started waiting.
        var early: Result<HTTPResponse, HTTPTransportError>?
    }

    private struct State {
        var waiting: [Waiting] = []
        var sent = 0
    }

    private let state = Locked(State())

    package init() {}

    /// The requests sent and not yet answered, oldest first.
    package var unanswered: [HeldRequest] {
        state.withLock { $0.waiting.filter { $0.early == nil }.map(\.held) }
    }

    /// Waits for the oldest request not handed out yet, and hands it out.
    ///
    /// Polls every millisecond in real time, without blocking a thread.
    ///
    /// - Parameter timeout: How long to wait in real time.
    /// - Returns: The request, or `nil` when none came within `timeout` or the task was cancelled.
    package func nextRequest(timeout: Duration = ScenarioStage.defaultPatience) async -> HeldRequest? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let next = state.withLock { state -> HeldRequest? in
                guard let index = state.waiting.firstIndex(where: { !$0.handedOut }) else { return nil }
                state.waiting[index].handedOut = true
                return state.waiting[index].held
            }
            if let next { return next }
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return nil }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Sends `response` back to whoever sent `held`.
    ///
    /// - Returns: Whether `held` was waiting for an answer; `false` when it was already answered.
    @discardableResult
    package func answer(_ held: HeldRequest, with response: HTTPResponse) -> Bool {
        settle(held, with: .success(response))
    }

    /// Fails `held` as a broken connection would.
    ///
    /// - Returns: Whether `held` was waiting for an answer.
    @discardableResult
    package func fail(_ held: HeldRequest, with error: HTTPTransportError) -> Bool {
        settle(held, with: .failure(error))
    }

    /// Fails every request still waiting, so that no sender waits forever
    /// once the scenario is over.
    package func failAll(with error: HTTPTransportError) {
        for held in unanswered { fail(held, with: error) }
    }

    private func settle(_ held: HeldRequest, with result: Result<HTTPResponse, HTTPTransportError>) -> Bool {
        let continuation = state.withLock {
            state -> (CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>?, Bool) in
            guard let index = state.waiting.firstIndex(where: { $0.held.number == held.number }),
                state.waiting[index].early == nil
            else { return (nil, false) }
            guard let continuation = state.waiting[index].continuation else {
                state.waiting[index].early = result
                return (nil, true)
            }
            state.waiting.remove(at: index)
            return (continuation, true)
        }
        continuation.0?.resume(returning: result)
        return continuation.1
    }

    // MARK: HTTPTransport

    package func send(
        _ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?
    ) async throws(HTTPTransportError) -> HTTPResponse {
        try await HTTPRedirect.follow(request, delegate: redirectDelegate) { current throws(HTTPTransportError) in
            try await hold(current).get()
        }
    }

    /// Holds `request` until it is answered, failed, or the sending task is cancelled.
    private func hold(_ request: HTTPRequest) async -> Result<HTTPResponse, HTTPTransportError> {
        let number = state.withLock { state -> Int in
            state.sent += 1
            state.waiting.append(Waiting(held: HeldRequest(number: state.sent, request: request)))
            return state.sent
        }
        let held = HeldRequest(number: number, request: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let early = state.withLock { state -> Result<HTTPResponse, HTTPTransportError>? in
                    guard let index = state.waiting.firstIndex(where: { $0.held.number == number }) else {
                        return .failure(HTTPTransportError("cancelled"))
                    }
                    if let early = state.waiting[index].early {
                        state.waiting.remove(at: index)
                        return early
                    }
                    state.waiting[index].continuation = continuation
                    return nil
                }
                if let early { continuation.resume(returning: early) }
            }
        } onCancel: {
            fail(held, with: HTTPTransportError("cancelled"))
        }
    }
}
