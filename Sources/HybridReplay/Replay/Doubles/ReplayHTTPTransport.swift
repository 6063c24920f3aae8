/// The transport a replay hands the implementation: it verifies each request,
/// hop by hop, and answers with the recorded responses, following redirects
/// by the Fetch rules through the implementation's redirect delegate.
///
/// A request answered by an `http.error` throws that error: the recorded
/// code, domain and message. As URLSession does, a request whose task is
/// cancelled fails with `URLError.cancelled` (`-999`): a recorded
/// cancellation is delivered only once the task that sent the request is
/// cancelled in this run too, and a request cancelled here that the
/// recording answered otherwise fails at once (``cancellation``,
/// ``CallCancellation``). A request the cassette does not answer throws
/// ``ReplayDivergence/transportError``, in a domain of its own, so app code
/// never mistakes a divergence for a recorded failure.
final class ReplayHTTPTransport: HTTPTransport {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    /// URLSession's answer to a request whose task is cancelled, one per request.
    static func cancellation() -> CallCancellation {
        CallCancellation(failure: HTTPTransportFailure(HTTPTransportError.cancelled), call: "request", isFailure: isCancellation)
    }

    /// Whether a recorded answer is URLSession's to a request whose task was cancelled.
    static let isCancellation: @Sendable (any EventPayload) -> Bool = { answer in
        (answer as? HTTPTransportFailure)?.code == HTTPTransportError.Code.cancelled
    }

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        try await HTTPRedirect.follow(request, delegate: redirectDelegate) { current throws(HTTPTransportError) in
            let answer = await engine.effectAwaitingAnswer(current, whenCancelled: Self.cancellation())
            if let failure = answer?.payload(as: HTTPTransportFailure.self) { throw failure.error }
            guard let response = answer?.payload(as: HTTPResponse.self) else {
                throw ReplayDivergence.transportError
            }
            return response
        }
    }
}
