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
        let decision = FirstOutcome<Result<HTTPRequest?, HTTPTransportError>>()
        Task {
            decision.finish(.success(await delegate.willPerformRedirection(response, newRequest: newRequest, currentRequest: currentRequest)))
        }
        let outcome = await decision.outcome(
            within: timeout, orTimeout: .failure(.timedOut(after: timeout)), orCancellation: .failure(.cancelled))
        switch outcome {
        case .success(let next): return next
        case .failure(let error):
            failed.withLock { $0 = error }
            return nil
        }
    }
}
