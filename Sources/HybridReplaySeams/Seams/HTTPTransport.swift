import Foundation

/// Sends HTTP requests: the platform side of the `http` channel.
///
/// It mirrors a `URLSession` data task with a task delegate: redirects are
/// followed by the transport, and `redirectDelegate` may change or refuse
/// each redirected request, as `urlSession(_:task:willPerformHTTPRedirection:newRequest:)` does.
public protocol HTTPTransport: Sendable {
    /// Sends `request`, following redirects.
    ///
    /// - Parameters:
    ///   - request: The first request.
    ///   - redirectDelegate: Sees each redirect and returns the request to
    ///     send next, or `nil` to stop and return the redirect response.
    /// - Returns: The final response.
    /// - Throws: ``HTTPTransportError`` when the request cannot complete.
    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError)
        -> HTTPResponse
}

extension HTTPTransport {
    /// Sends `request` and follows redirects unchanged.
    public func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        try await send(request, redirectDelegate: nil)
    }
}

/// Sees each redirect a transport is about to follow: the counterpart of
/// `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`.
///
/// The names mean what URLSession's mean: `currentRequest` is the task's
/// `currentRequest` at that moment, the request of this hop, which `response`
/// answers. The first request of the chain (the task's `originalRequest`) is
/// not passed; a delegate that needs it keeps it from the `send` call.
public protocol HTTPRedirectDelegate: Sendable {
    /// The request to send after `response`.
    ///
    /// - Parameters:
    ///   - response: The 3xx response with its `Location` and `Set-Cookie` headers.
    ///   - newRequest: The request the transport proposes, built by the Fetch
    ///     rules (``HTTPRedirect``): without a `Cookie` header, since cookies
    ///     are rebuilt from the jar on every hop.
    ///   - currentRequest: This hop's request, which `response` answers, as
    ///     `URLSessionTask.currentRequest` is during the callback.
    /// - Returns: The request to send, or `nil` to stop following.
    func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest) async
        -> HTTPRequest?
}

/// The cookie jar the web view and the loader share: the counterpart of
/// `WKHTTPCookieStore` or `HTTPCookieStorage`.
public protocol CookieStore: Sendable {
    /// Stores `cookie`, replacing one with the same name, domain and path.
    func setCookie(_ cookie: Cookie) async

    /// The cookies that RFC 6265 would send to `url`.
    func cookies(for url: String) async -> [Cookie]
}

extension CookieStore {
    /// The cookies that RFC 6265 would send to `url`, as
    /// `HTTPCookieStorage.cookies(for:)` gives them for a `URL`.
    public func cookies(for url: URL) async -> [Cookie] { await cookies(for: url.absoluteString) }
}
