/// A transport that records each request app code sends, every redirect hop,
/// and the final response: the `http` channel.
///
/// For each hop the live transport follows, the 3xx response is recorded as
/// the answer to the request it was sent for, the app's redirect delegate
/// is called with that response as its cause, and the request it returns is
/// recorded as a new `http.request` caused by the response, as in
/// `Cassettes/cookies/redirect-302.json`. The final response then answers
/// the last request and becomes the cause of what the calling task does
/// next; other tasks of the same reaction keep their own causes.
///
/// A transport error (a timeout, a refused connection, too many redirects)
/// is recorded as an `http.error` answering the request the exchange was
/// waiting on, becomes the cause of what the calling code does next, and is
/// passed on to the app unchanged.
struct RecordingHTTPTransport: HTTPTransport {
    let live: any HTTPTransport
    let recorder: Recorder

    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        let caller = recorder.callSite()
        let exchange = RecordedExchange(requestID: recorder.recordEffect(request))
        let hops = RecordingRedirectDelegate(app: redirectDelegate, recorder: recorder, exchange: exchange)
        let response: HTTPResponse
        do {
            response = try await live.send(request, redirectDelegate: hops)
        } catch {
            let failureID = exchange.fail { requestID in
                recorder.record(HTTPTransportFailure(error), cause: nil, answers: requestID)
            }
            recorder.answered(caller, by: failureID)
            throw error
        }
        let responseID = exchange.finish { requestID in
            recorder.record(response, cause: nil, answers: requestID)
        }
        recorder.answered(caller, by: responseID)
        return response
    }
}

/// Sees each redirect hop of one exchange: records the 3xx response, asks
/// the app's delegate (if any) what to send next, and records that request.
///
/// With no app delegate it returns the proposed request unchanged, which is
/// what a transport does without a delegate.
struct RecordingRedirectDelegate: HTTPRedirectDelegate {
    let app: (any HTTPRedirectDelegate)?
    let recorder: Recorder
    let exchange: RecordedExchange

    func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest) async
        -> HTTPRequest?
    {
        let responseID = exchange.answer { requestID in
            recorder.record(response, cause: nil, answers: requestID)
        }
        let next: HTTPRequest?
        if let app {
            next = await recorder.deliver(responseID) {
                await app.willPerformRedirection(response, newRequest: newRequest, currentRequest: currentRequest)
            }
        } else {
            next = newRequest
        }
        guard let next else {
            // The transport stops and returns this response: it is already recorded.
            exchange.stop(at: responseID)
            return nil
        }
        exchange.send { recorder.record(next, cause: responseID) }
        return next
    }
}

/// The ids of one exchange as it moves through its redirect hops.
final class RecordedExchange: Sendable {
    private struct State: Sendable {
        /// The request the next response answers.
        var requestID: Int
        /// The redirect response the app's delegate stopped at, which the transport returns.
        var stoppedAt: Int?
    }

    private let state: Locked<State>

    init(requestID: Int) {
        state = Locked(State(requestID: requestID))
    }

    /// Records a redirect response with `record`, given the id of the request it answers.
    ///
    /// - Returns: The response's id.
    func answer(_ record: (Int) -> Int) -> Int {
        record(state.current.requestID)
    }

    /// Records the next hop's request with `record` and makes it the one the next response answers.
    func send(_ record: () -> Int) {
        let id = record()
        state.withLock { $0.requestID = id }
    }

    /// Notes that the transport returns the redirect response `responseID`.
    func stop(at responseID: Int) {
        state.withLock { $0.stoppedAt = responseID }
    }

    /// The id of the failure `record` stores, given the id of the request it ends.
    func fail(_ record: (Int) -> Int) -> Int {
        record(state.current.requestID)
    }

    /// The id of the final response: the redirect it stopped at, or the one `record` stores.
    func finish(_ record: (Int) -> Int) -> Int {
        let current = state.current
        return current.stoppedAt ?? record(current.requestID)
    }
}
