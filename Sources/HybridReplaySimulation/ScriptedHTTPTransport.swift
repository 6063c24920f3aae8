import HybridReplay

/// An HTTP transport without a network: a closure answers each request (or
/// fails it, as a timeout would), and redirects are followed as `URLSession`
/// follows them.
///
/// Each 3xx with a `Location` becomes the request ``HTTPRedirect`` proposes,
/// which the redirect delegate may change or refuse; more than
/// ``HTTPRedirect/maximumHops`` hops fail with ``HTTPTransportError/tooManyRedirects``.
/// Cookies are not touched: the `Cookie` header is dropped on every hop, and
/// the delegate rebuilds it from the jar, as the app's redirect workaround does.
public final class ScriptedHTTPTransport: HTTPTransport {
    /// Answers one request: the server's side of the `http` channel.
    public typealias Routes = @Sendable (HTTPRequest) -> HTTPResponse

    /// Answers one request, or fails it outright as a network would.
    public typealias FallibleRoutes = @Sendable (HTTPRequest) throws(HTTPTransportError) -> HTTPResponse

    private let routes: FallibleRoutes
    private let sent = Locked<[HTTPRequest]>([])

    /// Creates a transport whose server is `routes`.
    ///
    /// - Parameter routes: The response to each request, redirects included.
    public init(routes: @escaping Routes) {
        self.routes = { request throws(HTTPTransportError) in routes(request) }
    }

    /// Creates a transport whose server may fail requests outright.
    ///
    /// - Parameter fallibleRoutes: The response to each request, redirects
    ///   included, or the ``HTTPTransportError`` that ends it, such as a
    ///   timeout (``HTTPTransportError/Code/timedOut``); the error is thrown
    ///   by ``send(_:redirectDelegate:)`` unchanged.
    public init(fallibleRoutes: @escaping FallibleRoutes) {
        self.routes = fallibleRoutes
    }

    /// Every request actually sent, redirect hops included, in order.
    public var requests: [HTTPRequest] { sent.current }

    public func send(
        _ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?
    ) async throws(HTTPTransportError) -> HTTPResponse {
        try await HTTPRedirect.follow(request, delegate: redirectDelegate) { current throws(HTTPTransportError) in
            if Task.isCancelled { throw .cancelled }
            sent.withLock { $0.append(current) }
            return try routes(current)
        }
    }
}
