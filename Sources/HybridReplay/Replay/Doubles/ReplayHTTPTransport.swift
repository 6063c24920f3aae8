/// The transport a replay hands the implementation: it verifies each request,
/// hop by hop, and answers with the recorded responses, following redirects
/// by the Fetch rules through the implementation's redirect delegate.
final class ReplayHTTPTransport: HTTPTransport {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        try await HTTPRedirect.follow(request, delegate: redirectDelegate) { current throws(HTTPTransportError) in
            guard let response = await engine.effectAwaitingAnswer(current)?.payload(as: HTTPResponse.self) else {
                throw HTTPTransportError(ReplayDivergence.noAnswer("request"))
            }
            return response
        }
    }
}
