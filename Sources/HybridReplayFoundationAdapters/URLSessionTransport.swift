import Foundation
import HybridReplaySeams

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends HTTP requests over the network with `URLSession`: the live
/// ``HTTPTransport``.
///
/// Each request is one `URLSession` task that never follows a redirect
/// itself: the transport follows them with ``HTTPRedirect/follow(_:delegate:send:)``,
/// the rules the replayed transport uses, so a live and a replayed session
/// send the same hops, at most ``HTTPRedirect/maximumHops`` of them on every
/// platform. The ``HTTPRedirectDelegate`` sees each 3xx as an ``HTTPResponse``
/// with every `Set-Cookie` header and decides what is sent next. The session
/// never reads or writes cookies itself: they are the app's job, through the seam.
///
/// What FoundationNetworking (Linux) does that the transport works around:
/// - It crashes when a redirect completion handler arrives after the task
///   stopped waiting for it (its own timer fired, or the task was
///   cancelled), and it drops the body of a request it follows a redirect
///   with. So the task's delegate answers every redirect at once, inside the
///   callback, with "do not follow", and the app's delegate decides while no
///   task waits on it; the next hop is a task of its own, with its body.
/// - It truncates timeouts to whole seconds, so ``timeout`` is rounded up.
///
/// `HTTPURLResponse` joins repeated headers with commas; `Set-Cookie` is
/// split again with ``SetCookie/unfold(_:)``, other headers stay joined, and
/// headers come sorted by name because the original order is lost.
public final class URLSessionTransport: HTTPTransport {
    /// How long each request may wait for its response, and the redirect
    /// delegate for each decision.
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
        var seconds = timeout.timeInterval
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
        // A backstop only: the hop cancels its task at `timeout`, before
        // FoundationNetworking's own timer would fire.
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
        let decisions = TimedRedirectDelegate(redirectDelegate, timeout: timeout)
        let response = try await HTTPRedirect.follow(request, delegate: decisions) {
            (next) async throws(HTTPTransportError) -> HTTPResponse in
            let hop = URLSessionHop(timeout: timeout)
            let (response, data) = try await hop.run(try URLRequest(converting: next), in: session).get()
            return HTTPResponse(converting: response, body: data, bodyDecoder)
        }
        // A decision that timed out or was cancelled stopped the chain at its redirect.
        if let error = decisions.failure { throw error }
        return response
    }
}

extension URLRequest {
    /// The request `URLSession` sends for `request`.
    fileprivate init(converting request: HTTPRequest) throws(HTTPTransportError) {
        guard let url = URL(string: request.urlString), let scheme = url.scheme?.lowercased(),
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
