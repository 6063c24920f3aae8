/// Why an HTTP exchange did not complete: the counterpart of the `URLError`
/// a `URLSession` task fails with.
///
/// ``code`` and ``domain`` mean what `URLError.errorCode` and
/// `NSError.domain` mean: `-1001` in `NSURLErrorDomain` is a timeout, as it
/// is for `URLError.timedOut`. A cassette records all three fields as an
/// `http.error` answering the request, and a replay throws an equal error.
public struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error code, such as ``Code/timedOut`` (`-1001`).
    public var code: Int
    /// The domain the code belongs to, such as ``urlErrorDomain``.
    public var domain: String
    /// What went wrong, in words, such as `timed out after 30 s`.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What went wrong, in words.
    ///   - code: The error code; ``Code/unknown`` unless given.
    ///   - domain: The domain of `code`; ``urlErrorDomain`` unless given.
    public init(_ message: String, code: Int = Code.unknown, domain: String = urlErrorDomain) {
        self.code = code
        self.domain = domain
        self.message = message
    }

    /// The ``message``: what an app shows or passes on.
    public var description: String { message }

    /// The domain of `URLError` codes: `NSURLErrorDomain`.
    public static let urlErrorDomain = "NSURLErrorDomain"

    /// More redirects than the Fetch standard allows (20).
    public static let tooManyRedirects = HTTPTransportError(
        "more than \(HTTPRedirect.maximumHops) redirects", code: Code.httpTooManyRedirects)

    /// The exchange was cancelled.
    public static let cancelled = HTTPTransportError("cancelled", code: Code.cancelled)

    /// The `URLError` codes a transport reports, by the names `URLError.Code` gives them.
    public enum Code {
        public static let unknown = -1
        public static let cancelled = -999
        public static let badURL = -1000
        public static let timedOut = -1001
        public static let unsupportedURL = -1002
        public static let cannotFindHost = -1003
        public static let cannotConnectToHost = -1004
        public static let networkConnectionLost = -1005
        public static let dnsLookupFailed = -1006
        public static let httpTooManyRedirects = -1007
        public static let notConnectedToInternet = -1009
        public static let badServerResponse = -1011
    }
}
