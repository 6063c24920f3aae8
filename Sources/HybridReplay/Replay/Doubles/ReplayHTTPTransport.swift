/// The transport a replay hands the implementation: it verifies each request,
/// hop by hop, and answers with the recorded responses, following redirects
/// by the Fetch rules through the implementation's redirect delegate.
final class ReplayHTTPTransport: HTTPTransport {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        var current = request
        var hops = 0
        while true {
            guard let response = await engine.effectAwaitingAnswer(current)?.payload(as: HTTPResponse.self) else {
                throw HTTPTransportError(ReplayDivergence.noAnswer("request"))
            }
            guard let proposed = HTTPRedirect.proposedRequest(after: response, to: current) else { return response }
            hops += 1
            if hops > HTTPRedirect.maximumHops { throw .tooManyRedirects }
            guard let redirectDelegate else {
                current = proposed
                continue
            }
            guard
                let next = await redirectDelegate.willPerformRedirection(
                    response, newRequest: proposed, originalRequest: current)
            else { return response }
            current = next
        }
    }
}
