import Foundation
import HybridReplaySeams

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends HTTP requests over the network with `URLSession`: the live
/// ``HTTPTransport``.
///
/// Redirects go through the task delegate's
/// `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`,
/// as in the `WKCookieWebView` workaround: the 3xx response becomes an
/// ``HTTPResponse`` with each of its `Set-Cookie` headers, the next request is
/// built by ``HTTPRedirect/proposedRequest(after:to:)`` so a live and a
/// replayed session follow the same rules, and the ``HTTPRedirectDelegate``
/// decides what is sent. The session never reads or writes cookies itself:
/// they are the app's job, through the seam.
///
/// Three things FoundationNetworking (Linux) does are worked around:
/// - It drops the body of a request it follows a redirect with, so a hop that
///   keeps its body (307, 308) is sent as a new task instead.
/// - It crashes when the redirect completion handler is called after its own
///   request timer fired, so the transport enforces ``timeout`` itself and
///   never calls the handler once a hop has ended.
/// - It truncates timeouts to whole seconds, so ``timeout`` is rounded up.
///
/// `HTTPURLResponse` joins repeated headers with commas; `Set-Cookie` is
/// split again with ``SetCookie/unfold(_:)``, other headers stay joined, and
/// headers come sorted by name because the original order is lost.
public final class URLSessionTransport: HTTPTransport {
    /// How long each hop may take: from sending the request to its response
    /// and, for a redirect, the redirect delegate's decision.
    public let timeout: Duration

    private let session: URLSession
    private let bodyDecoder: JSONBodyDecoder

    /// Creates a transport with its own ephemeral session.
    ///
    /// Where `HybridReplay` is imported too, `URLSessionTransport()` and
    /// `URLSessionTransport(timeout:)` call the engine's
    /// `init(timeout:jsonReader:)` instead, which reads JSON bodies as
    /// cassettes are read.
    ///
    /// - Parameters:
    ///   - timeout: How long each hop may take; at least one second on Linux.
    ///   - bodyDecoder: Reads `application/json` bodies into ``HTTPBody/json(_:)``.
    @_disfavoredOverload
    public init(timeout: Duration = .seconds(30), bodyDecoder: JSONBodyDecoder = .foundation) {
        var seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        #if canImport(FoundationNetworking)
        seconds = max(1, seconds.rounded(.up))
        #endif
        self.timeout = .seconds(seconds)
        self.bodyDecoder = bodyDecoder
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // A backstop only: the exchange cancels a hop at `timeout`, before
        // FoundationNetworking's timer can fire while a redirect is pending.
        configuration.timeoutIntervalForRequest = seconds + 30
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends `request`, following redirects through `redirectDelegate`.
    ///
    /// Without a delegate, each redirect is followed as ``HTTPRedirect``
    /// proposes. A redirect the delegate refuses is returned; on Linux its
    /// body is empty, since FoundationNetworking discards it.
    ///
    /// - Parameters:
    ///   - request: The first request; GET and HEAD must not have a body.
    ///   - redirectDelegate: Sees each redirect and returns the next request, or `nil` to stop.
    /// - Returns: The final response, its body read as JSON, text or bytes.
    /// - Throws: ``HTTPTransportError`` for a bad URL, a network failure, a
    ///   timeout, cancellation or more than ``HTTPRedirect/maximumHops`` redirects,
    ///   with the `URLError` code and domain (`NSURLErrorDomain`) of each;
    ///   the timeout this transport enforces itself is ``HTTPTransportError/Code/timedOut``.
    public func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?)
        async throws(HTTPTransportError) -> HTTPResponse
    {
        let exchange = RedirectingExchange(
            first: request, redirectDelegate: redirectDelegate, timeout: timeout, bodyDecoder: bodyDecoder)
        var next = request
        while true {
            switch await exchange.run(try URLRequest(converting: next), in: session) {
            case .response(let response, let data): return HTTPResponse(converting: response, body: data, bodyDecoder)
            case .restart(let request): next = request
            case .failure(let error): throw error
            }
        }
    }
}

/// One ``URLSessionTransport/send(_:redirectDelegate:)``: the task delegate
/// that sees each redirect, and the state its hops share.
///
/// Every call into a task (its redirect completion handler, `cancel()`) is
/// made under the lock, after checking the hop has not ended: FoundationNetworking
/// queues both on the task's serial work queue and crashes when the handler
/// arrives after the task ended. Neither call re-enters this object.
private final class RedirectingExchange: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    enum Outcome {
        case response(HTTPURLResponse, Data)
        case restart(HTTPRequest)
        case failure(HTTPTransportError)
    }

    private struct State {
        /// The request the current response answers.
        var request: HTTPRequest
        var hops = 0
        var task: URLSessionDataTask?
        var continuation: CheckedContinuation<Outcome, Never>?
        /// The redirect completion handler while the redirect delegate decides.
        var pendingRedirect: ((URLRequest?) -> Void)?
        /// Set once nothing more may be asked of the task.
        var settled = false
        /// Why the task was ended early, which its completion then reports.
        var ending: Outcome?
        /// Set when the sending task is cancelled, possibly before a URLSession task exists.
        var cancelled = false
        /// Ends the current hop at ``RedirectingExchange/timeout``.
        var timer: Task<Void, Never>?
        /// Counts hop starts, so a timer left from an earlier hop does nothing.
        var hop = 0
    }

    private let shared: Locked<State>
    private let redirectDelegate: (any HTTPRedirectDelegate)?
    private let timeout: Duration
    private let bodyDecoder: JSONBodyDecoder

    init(
        first: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?, timeout: Duration, bodyDecoder: JSONBodyDecoder
    ) {
        shared = Locked(State(request: first))
        self.redirectDelegate = redirectDelegate
        self.timeout = timeout
        self.bodyDecoder = bodyDecoder
    }

    /// Runs one task for `request` and the redirects it follows.
    func run(_ request: URLRequest, in session: URLSession) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    self.complete(data: data, response: response, error: error)
                }
                task.delegate = self
                let start = shared.withLock { state -> Bool in
                    guard !state.cancelled else { return false }
                    state.task = task
                    state.continuation = continuation
                    state.settled = false
                    state.ending = nil
                    startTimer(&state)
                    return true
                }
                if start { task.resume() } else { continuation.resume(returning: .failure(Self.cancelled)) }
            }
        } onCancel: {
            shared.withLock { state in
                state.cancelled = true
                end(&state, with: .failure(Self.cancelled))
            }
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let hop = HTTPResponse(converting: response, body: nil, bodyDecoder)
        let current: HTTPRequest? = shared.withLock { state in
            // Ended meanwhile (timeout, cancellation): the task no longer waits for an answer.
            guard !state.settled else { return nil }
            state.hops += 1
            guard state.hops <= HTTPRedirect.maximumHops else {
                state.settled = true
                state.ending = .failure(.tooManyRedirects)
                completionHandler(nil)
                return nil
            }
            state.pendingRedirect = completionHandler
            return state.request
        }
        guard let current else { return }
        let proposed =
            HTTPRedirect.proposedRequest(after: hop, to: current)
            ?? HTTPRequest(converting: newRequest, bodyDecoder)
        Task {
            let next =
                if let redirectDelegate {
                    await redirectDelegate.willPerformRedirection(hop, newRequest: proposed, currentRequest: current)
                } else {
                    proposed
                }
            decide(next)
        }
    }

    /// Answers the pending redirect with the redirect delegate's decision.
    private func decide(_ next: HTTPRequest?) {
        let converted = next.map { next in Result { () throws(HTTPTransportError) in try URLRequest(converting: next) }
        }
        shared.withLock { state in
            guard let answer = state.pendingRedirect else { return }
            state.pendingRedirect = nil
            switch (next, converted) {
            case (let next?, .success(let request)?) where next.body == nil:
                state.request = next
                startTimer(&state)
                answer(request)
            case (let next?, .success?):
                // FoundationNetworking would send this hop without its body.
                state.request = next
                state.ending = .restart(next)
                state.settled = true
                answer(nil)
            case (_, .failure(let error)?):
                state.ending = .failure(
                    HTTPTransportError("the redirect delegate's request cannot be sent: \(error)", code: error.code))
                state.settled = true
                answer(nil)
            default:
                state.settled = true
                answer(nil)
            }
        }
    }

    private func complete(data: Data?, response: URLResponse?, error: (any Error)?) {
        let (continuation, outcome) = shared.withLock { state -> (CheckedContinuation<Outcome, Never>?, Outcome) in
            state.timer?.cancel()
            state.timer = nil
            state.settled = true
            state.pendingRedirect = nil
            state.task = nil
            let outcome: Outcome =
                if let ending = state.ending {
                    ending
                } else if let error {
                    .failure(HTTPTransportError(error))
                } else if let response = response as? HTTPURLResponse {
                    .response(response, data ?? Data())
                } else {
                    .failure(HTTPTransportError("no HTTP response", code: HTTPTransportError.Code.badServerResponse))
                }
            defer { state.continuation = nil }
            return (state.continuation, outcome)
        }
        continuation?.resume(returning: outcome)
    }

    /// Starts the clock for a new hop; a hop still running at ``timeout`` ends.
    private func startTimer(_ state: inout State) {
        state.timer?.cancel()
        state.hop += 1
        let hop = state.hop
        let timeout = timeout
        state.timer = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil, let self else { return }
            shared.withLock { state in
                guard state.hop == hop else { return }
                let message = "timed out after \(Self.describe(timeout))"
                end(&state, with: .failure(HTTPTransportError(message, code: HTTPTransportError.Code.timedOut)))
            }
        }
    }

    /// Ends the current hop early with `ending`, unless it has ended already.
    private func end(_ state: inout State, with ending: Outcome) {
        guard !state.settled else { return }
        state.settled = true
        state.ending = ending
        if let answer = state.pendingRedirect {
            // The task waits for this answer; cancelling it now would leave the answer owed.
            state.pendingRedirect = nil
            answer(nil)
        } else {
            state.task?.cancel()
        }
    }

    private static let cancelled = HTTPTransportError.cancelled

    /// `timeout` as `30 s` or `300 ms`, the same in every locale.
    private static func describe(_ timeout: Duration) -> String {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(seconds) s" : "\(milliseconds) ms"
    }
}

extension URLRequest {
    /// The request `URLSession` sends for `request`.
    fileprivate init(converting request: HTTPRequest) throws(HTTPTransportError) {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { throw HTTPTransportError("not an absolute http or https URL", code: HTTPTransportError.Code.unsupportedURL) }
        let method = request.method.uppercased()
        if request.body != nil && (method == "GET" || method == "HEAD") {
            throw HTTPTransportError("a \(method) request cannot have a body", code: HTTPTransportError.Code.unknown)
        }
        self.init(url: url)
        httpMethod = request.method
        var names: [String] = []
        var values: [String: [String]] = [:]
        for header in request.headers {
            let key = header.name.lowercased()
            if values[key] == nil { names.append(header.name) }
            values[key, default: []].append(header.value)
        }
        for name in names {
            // Several Cookie headers make one, joined as RFC 6265 §5.4 joins cookies.
            let separator = name.lowercased() == "cookie" ? "; " : ", "
            setValue(values[name.lowercased(), default: []].joined(separator: separator), forHTTPHeaderField: name)
        }
        httpBody = request.body.map(\.data)
    }
}

extension HTTPRequest {
    /// The request `URLSession` proposes, for a redirect ``HTTPRedirect`` cannot follow.
    fileprivate init(converting request: URLRequest, _ bodyDecoder: JSONBodyDecoder) {
        let fields = request.allHTTPHeaderFields ?? [:]
        self.init(
            method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "",
            headers: fields.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { HTTPHeader($0.key, $0.value) },
            body: request.httpBody.flatMap { HTTPBody(decoding: $0, contentType: fields.contentType, bodyDecoder) })
    }
}

extension HTTPResponse {
    /// `response` with `body`; each joined `Set-Cookie` header is split again.
    fileprivate init(converting response: HTTPURLResponse, body: Data?, _ bodyDecoder: JSONBodyDecoder) {
        var fields: [String: String] = [:]
        for case (let name as String, let value as String) in response.allHeaderFields { fields[name] = value }
        var headers: [HTTPHeader] = []
        for (name, value) in fields.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            if name.caseInsensitiveCompare("Set-Cookie") == .orderedSame {
                headers += SetCookie.unfold(value).map { HTTPHeader(name, $0) }
            } else {
                headers.append(HTTPHeader(name, value))
            }
        }
        self.init(
            status: response.statusCode, headers: headers,
            body: body.flatMap { HTTPBody(decoding: $0, contentType: fields.contentType, bodyDecoder) })
    }
}

extension [String: String] {
    /// The `Content-Type` header's value, its name compared case-insensitively.
    fileprivate var contentType: String? {
        first { $0.key.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
    }
}
