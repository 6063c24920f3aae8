import HybridReplaySeams

/// The app's redirect delegate under ``URLSessionTransport``'s timeout: each
/// decision that takes longer, or whose sending task is cancelled, stops the
/// chain at its redirect and is kept as ``failure`` for the send to throw.
///
/// The app's delegate runs in a task of its own, so a decision that never
/// returns cannot hold the send; when it loses the race its answer is dropped,
/// as `URLSession` drops a completion handler called after its task ended.
final class TimedRedirectDelegate: HTTPRedirectDelegate, Sendable {
    private let delegate: (any HTTPRedirectDelegate)?
    private let timeout: Duration
    private let failed = Locked<HTTPTransportError?>(nil)

    /// Why the last decision did not come, if it did not.
    var failure: HTTPTransportError? { failed.current }

    init(_ delegate: (any HTTPRedirectDelegate)?, timeout: Duration) {
        self.delegate = delegate
        self.timeout = timeout
    }

    func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
        async -> HTTPRequest?
    {
        guard let delegate else { return newRequest }
        let decision = Decision()
        Task {
            decision.finish(.success(await delegate.willPerformRedirection(response, newRequest: newRequest, currentRequest: currentRequest)))
        }
        let timeout = timeout
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            decision.finish(.failure(.timedOut(after: timeout)))
        }
        defer { timer.cancel() }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { decision.wait(with: $0) }
        } onCancel: {
            decision.finish(.failure(.cancelled))
        }
        switch outcome {
        case .success(let next): return next
        case .failure(let error):
            failed.withLock { $0 = error }
            return nil
        }
    }
}

/// The first of a decision, a timeout and a cancellation, delivered once to
/// whoever waits, whether the wait began before or after it.
private final class Decision: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<HTTPRequest?, HTTPTransportError>, Never>?
        var outcome: Result<HTTPRequest?, HTTPTransportError>?
    }

    private let state = Locked(State())

    func wait(with continuation: CheckedContinuation<Result<HTTPRequest?, HTTPTransportError>, Never>) {
        let outcome = state.withLock { state in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        if let outcome { continuation.resume(returning: outcome) }
    }

    func finish(_ outcome: Result<HTTPRequest?, HTTPTransportError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result<HTTPRequest?, HTTPTransportError>, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }
}
