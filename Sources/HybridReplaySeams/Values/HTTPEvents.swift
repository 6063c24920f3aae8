import Foundation

/// A request the app code sends, including each request it rewrites while
/// following a redirect (`willPerformHTTPRedirection`).
///
/// It reads like `URLRequest` where app code reads one: ``url`` is a `URL?`,
/// and ``httpMethod``, ``allHTTPHeaderFields``, ``value(forHTTPHeaderField:)``,
/// ``addValue(_:forHTTPHeaderField:)`` and ``setValue(_:forHTTPHeaderField:)``
/// are there under their Foundation names. The URL is kept as the text the
/// cassette records (``urlString``), so a request replays byte for byte.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    /// The request's URL as the cassette records it.
    public var urlString: String
    public var headers: [HTTPHeader]
    public var body: HTTPBody?

    /// A request to the URL written as `url`.
    public init(method: String = "GET", url: String, headers: [HTTPHeader] = [], body: HTTPBody? = nil) {
        self.method = method
        self.urlString = url
        self.headers = headers
        self.body = body
    }

    /// A `GET` request to `url`, as `URLRequest(url:)` makes one.
    public init(url: URL) {
        self.init(url: url.absoluteString)
    }

    /// A request to `url`.
    public init(method: String, url: URL, headers: [HTTPHeader] = [], body: HTTPBody? = nil) {
        self.init(method: method, url: url.absoluteString, headers: headers, body: body)
    }
}

/// The response to a request, redirects (3xx with `Location`) included.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: HTTPBody?

    public init(status: Int, headers: [HTTPHeader] = [], body: HTTPBody? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The app puts a cookie into the web view's or the session's cookie store.
public struct CookieStoreWrite: Sendable, Hashable {
    public var cookie: Cookie

    public init(_ cookie: Cookie) { self.cookie = cookie }
}

/// The app asks the cookie store for the cookies that match a URL.
public struct CookieStoreQuery: Sendable, Hashable {
    /// The URL as the cassette records it.
    public var urlString: String

    public init(url: String) { self.urlString = url }

    public init(url: URL) { self.urlString = url.absoluteString }

    /// The URL, when Foundation reads ``urlString`` back to the same text.
    public var url: URL? { URL(recorded: urlString) }
}

/// The cookies the store answered a query with.
public struct CookieStoreContents: Sendable, Hashable {
    public var cookies: [Cookie]

    public init(_ cookies: [Cookie]) { self.cookies = cookies }
}

/// The request failed outright, with no response: a timeout, a refused
/// connection, too many redirects. It answers the `http.request` it ends.
///
/// The fields are those of the ``HTTPTransportError`` the transport threw.
public struct HTTPTransportFailure: Sendable, Hashable {
    /// The error code, such as `-1001` for a timeout.
    public var code: Int
    /// The domain of ``code``, such as `NSURLErrorDomain`.
    public var domain: String
    /// What went wrong, in words.
    public var message: String

    public init(code: Int, domain: String = HTTPTransportError.urlErrorDomain, message: String) {
        self.code = code
        self.domain = domain
        self.message = message
    }

    /// The failure `error` describes.
    public init(_ error: HTTPTransportError) {
        self.init(code: error.code, domain: error.domain, message: error.message)
    }

    /// The error a transport throws for this failure.
    public var error: HTTPTransportError { HTTPTransportError(message, code: code, domain: domain) }
}
