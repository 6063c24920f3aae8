import Foundation

extension HTTPTransportError {
    /// The transport error for an error a `URLSession` task failed with, so
    /// that an app's own URLSession-based transport reports what
    /// `URLSessionTransport` reports, and a recorded `http.error` replays as
    /// the same error.
    ///
    /// A `URLError` keeps its code and `NSURLErrorDomain`, with a message in
    /// words for the common codes (`timed out`, `not connected to the
    /// internet`); `httpTooManyRedirects` becomes ``tooManyRedirects``. Any
    /// other error keeps its `NSError` domain, code and description. The
    /// message names no URL: it is recorded in `http.error`, which the
    /// redaction rules for URLs do not rewrite, and the request it answers
    /// already carries the (redacted) URL.
    ///
    /// - Parameter error: The error the task completed with.
    public init(_ error: any Error) {
        guard let error = error as? URLError else {
            let bridged = error as NSError
            self.init(bridged.localizedDescription, code: bridged.code, domain: bridged.domain)
            return
        }
        if error.code == .httpTooManyRedirects {
            self = .tooManyRedirects
            return
        }
        let message =
            switch error.code {
            case .timedOut: "timed out"
            case .cancelled: "cancelled"
            case .cannotConnectToHost: "cannot connect to the host (connection refused?)"
            case .cannotFindHost, .dnsLookupFailed: "cannot find the host"
            case .networkConnectionLost: "the connection was lost"
            case .notConnectedToInternet: "not connected to the internet"
            case .badServerResponse: "the server's response is not valid HTTP"
            default: "URLError \(error.errorCode)"
            }
        self.init(message, code: error.errorCode, domain: HTTPTransportError.urlErrorDomain)
    }
}
