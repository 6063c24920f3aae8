import HybridReplay

/// An HTTP transport that holds every request until the test answers it,
/// so a recording drive decides when each response arrives and in what order.
///
/// With it, two requests can both be in flight before the second is
/// answered first, and a ``ManualClock`` can move between a request and its
/// response. Redirects are followed as ``ScriptedHTTPTransport`` follows
/// them: each 3xx with a `Location` becomes the request ``HTTPRedirect``
/// proposes, which the redirect delegate may change or refuse, and that
/// request is held in turn.
///
/// ```swift
/// let server = HeldHTTPTransport()
/// // … the page asks the implementation to fetch …
/// let request = try await server.nextRequest()
/// clock.advance(by: .milliseconds(80))
/// server.answer(request, with: HTTPResponse(status: 200, body: .text("ok")))
/// ```
///
/// Waiting never polls: ``nextRequest(patience:)`` and
/// ``waitForUnanswered(count:patience:)`` wake when a request arrives, and
/// throw ``WaitTimeout`` instead of hanging when none does.
///
/// An answer is recorded when the task that awaited it resumes, not when
/// ``answer(_:with:)`` returns: a drive that answers requests sent together
/// in a fixed order, and wants the same cassette on every re-recording,
/// waits for each `http.response` to be recorded
/// (`recorder.waitForEvents(HTTPResponse.eventKind, count: n)`) before it
/// answers the next. docs/simulated-platform.md shows such a drive.
public final class HeldHTTPTransport: HTTPTransport {
    /// A request the transport is holding, in the order requests were sent.
    public struct HeldRequest: Sendable, Hashable, CustomStringConvertible {
        /// The request's position among all the requests sent, from 1.
        public var number: Int
        /// What was sent, with the headers the app and its redirect delegate gave it.
        public var request: HTTPRequest

        /// Creates a held request; the transport makes them as requests arrive.
        public init(number: Int, request: HTTPRequest) {
            self.number = number
            self.request = request
        }

        public var description: String { "\(request.method) \(request.urlString)" }
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
    private let waiters = ConditionWaiters()

    /// Creates a transport holding nothing yet.
    public init() {}

    /// The requests sent and not yet answered, oldest first.
    public var unanswered: [HeldRequest] {
        state.withLock { $0.waiting.filter { $0.early == nil }.map(\.held) }
    }

    /// Waits for the oldest request not handed out yet, and hands it out.
    ///
    /// - Parameter patience: How long to wait in real time before giving up.
    /// - Returns: The request, held until ``answer(_:with:)`` or ``fail(_:with:)`` settles it.
    /// - Throws: ``WaitTimeout`` when no request comes in time; `CancellationError`
    ///   when the task is cancelled.
    public func nextRequest(patience: Duration = WaitTimeout.defaultPatience) async throws -> HeldRequest {
        try await waiters.wait(for: "the next request", patience: patience, progress: { [self] in progress }) {
            [self] in
            state.withLock { state -> HeldRequest? in
                guard let index = state.waiting.firstIndex(where: { !$0.handedOut }) else { return nil }
                state.waiting[index].handedOut = true
                return state.waiting[index].held
            }
        }
    }

    /// Waits until at least `count` requests are waiting for an answer, for
    /// a drive that answers requests sent together in an order of its own.
    ///
    /// - Parameters:
    ///   - count: How many unanswered requests to wait for.
    ///   - patience: How long to wait in real time before giving up.
    /// - Returns: The unanswered requests, oldest first.
    /// - Throws: ``WaitTimeout`` when fewer are waiting in time; `CancellationError`
    ///   when the task is cancelled.
    @discardableResult
    public func waitForUnanswered(count: Int, patience: Duration = WaitTimeout.defaultPatience) async throws
        -> [HeldRequest]
    {
        let awaited = "\(count) unanswered request\(count == 1 ? "" : "s")"
        return try await waiters.wait(for: awaited, patience: patience, progress: { [self] in progress }) {
            [self] in
            let unanswered = unanswered
            return unanswered.count >= count ? unanswered : nil
        }
    }

    /// Sends `response` back to whoever sent `held`, now.
    ///
    /// - Returns: Whether `held` was waiting for an answer; `false` when it was already answered.
    @discardableResult
    public func answer(_ held: HeldRequest, with response: HTTPResponse) -> Bool {
        settle(held, with: .success(response))
    }

    /// Fails `held` as a broken connection or a timeout would, now.
    ///
    /// - Returns: Whether `held` was waiting for an answer.
    @discardableResult
    public func fail(_ held: HeldRequest, with error: HTTPTransportError) -> Bool {
        settle(held, with: .failure(error))
    }

    /// Fails every request still waiting, so that no sender waits forever
    /// once the drive is over.
    public func failAll(with error: HTTPTransportError) {
        for held in unanswered { fail(held, with: error) }
    }

    /// What the transport holds, for errors: `unanswered: GET https://…`.
    private var progress: String {
        let unanswered = unanswered
        return "unanswered: " + (unanswered.isEmpty ? "none" : unanswered.map(\.description).joined(separator: ", "))
    }

    private func settle(_ held: HeldRequest, with result: Result<HTTPResponse, HTTPTransportError>) -> Bool {
        defer { waiters.changed() }
        let (continuation, settled) = state.withLock {
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
        continuation?.resume(returning: result)
        return settled
    }

    // MARK: HTTPTransport

    public func send(
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
        waiters.changed()
        let held = HeldRequest(number: number, request: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let early = state.withLock { state -> Result<HTTPResponse, HTTPTransportError>? in
                    guard let index = state.waiting.firstIndex(where: { $0.held.number == number }) else {
                        return .failure(.cancelled)
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
            fail(held, with: .cancelled)
        }
    }
}
