import Foundation

/// A request the page made to a URL scheme the app serves itself, such as
/// Capacitor's `capacitor://localhost/index.html`: what
/// `WKURLSchemeTask.request` holds when WebKit calls the app's
/// `WKURLSchemeHandler`.
public struct URLSchemeRequest: Sendable, Hashable {
    /// The full URL, scheme included, as the cassette records it.
    public var urlString: String
    /// The HTTP method, such as `GET`, or `POST` for a `fetch` with a body.
    public var method: String
    /// The request's header lines, in order.
    public var headers: [HTTPHeader]
    /// The request's body, when it has one.
    public var body: HTTPBody?
    /// The frame that made the request, when the engine says; neither
    /// `WKURLSchemeTask` nor WebKitGTK's `WebKitURISchemeRequest` does, so
    /// the adapters leave it `nil`.
    public var frame: Frame?

    public init(url: String, method: String = "GET", headers: [HTTPHeader] = [], body: HTTPBody? = nil, frame: Frame? = nil) {
        self.urlString = url
        self.method = method
        self.headers = headers
        self.body = body
        self.frame = frame
    }

    /// The request's URL, as `urlSchemeTask.request.url`; `nil` when
    /// ``urlString`` is not a URL Foundation writes back as the same text.
    public var url: URL? { URL(recorded: urlString) }

    /// The HTTP method, as `URLRequest.httpMethod`.
    public var httpMethod: String? { method }

    /// The body's bytes, as `URLRequest.httpBody`.
    public var httpBody: Data? { body?.data }

    /// The value of the header `field`, compared case-insensitively, repeated
    /// lines joined with commas, as `URLRequest.value(forHTTPHeaderField:)`.
    public func value(forHTTPHeaderField field: String) -> String? {
        let values = headers.values(named: field)
        return values.isEmpty ? nil : values.joined(separator: ",")
    }

    /// The URL's scheme, lowercased, as handlers are registered under it: `capacitor` for `capacitor://localhost/`.
    public var scheme: String {
        guard let colon = urlString.firstIndex(of: ":") else { return "" }
        return urlString[..<colon].lowercased()
    }
}

/// The head of the app's answer to a ``URLSchemeRequest``, as
/// `WKURLSchemeTask.didReceive(_:)` takes it: a `URLResponse`, or an
/// `HTTPURLResponse` with a status and header lines.
public struct URLSchemeResponse: Sendable, Hashable {
    /// The response's URL, usually the request's, as the cassette records it.
    public var urlString: String
    /// The HTTP status, or `nil` for a plain `URLResponse`, which WebKit serves as 200.
    public var status: Int?
    /// The MIME type (`URLResponse.mimeType`), such as `text/html`; `nil` when
    /// the app gave none and only a `Content-Type` header, or nothing, says it.
    public var mimeType: String?
    /// The header lines of an `HTTPURLResponse`; empty for a plain `URLResponse`.
    public var headers: [HTTPHeader]

    public init(url: String, status: Int? = 200, mimeType: String? = nil, headers: [HTTPHeader] = []) {
        self.urlString = url
        self.status = status
        self.mimeType = mimeType
        self.headers = headers
    }

    /// A plain response head, as `URLResponse(url:mimeType:expectedContentLength:textEncodingName:)`
    /// makes one; WebKit serves it as 200. The length and encoding are not recorded.
    public init(url: URL, mimeType: String?, expectedContentLength: Int, textEncodingName: String?) {
        self.init(url: url.absoluteString, status: nil, mimeType: mimeType)
    }

    /// An HTTP response head, as `HTTPURLResponse(url:statusCode:httpVersion:headerFields:)`
    /// makes one, header fields in name order. The HTTP version is not recorded.
    public init(url: URL, statusCode: Int, httpVersion: String?, headerFields: [String: String]?) {
        self.init(
            url: url.absoluteString, status: statusCode,
            headers: (headerFields ?? [:]).sorted { $0.key < $1.key }.map { HTTPHeader($0.key, $0.value) })
    }

    /// The response's URL, as `URLResponse.url`; `nil` when ``urlString`` is
    /// not a URL Foundation writes back as the same text.
    public var url: URL? { URL(recorded: urlString) }
}

/// One piece of the body the app answers a ``URLSchemeRequest`` with, as
/// `WKURLSchemeTask.didReceive(_:)` takes it. An answer may come in any
/// number of pieces; replay compares their concatenation, not where the app
/// cut it.
public struct URLSchemeData: Sendable, Hashable {
    public var data: Data

    public init(_ data: Data) { self.data = data }
}

/// How the app ended its answer to a ``URLSchemeRequest``: `didFinish()`,
/// or `didFailWithError(_:)` with the error's description.
public struct URLSchemeCompletion: Sendable, Hashable {
    /// The error's description (`String(describing:)`) for a failed answer; `nil` when the answer finished.
    public var error: String?

    public init(error: String? = nil) { self.error = error }

    /// `didFinish()`: the answer is complete.
    public static let finished = URLSchemeCompletion()

    /// `didFailWithError(error)`.
    public static func failed(_ error: any Error) -> URLSchemeCompletion {
        URLSchemeCompletion(error: String(describing: error))
    }
}

/// The page or the engine stopped a ``URLSchemeRequest`` before the app
/// ended its answer (`WKURLSchemeHandler.webView(_:stop:)`): the page
/// navigated away, or a `fetch` was aborted. From then on the app must not
/// answer that task.
public struct URLSchemeStop: Sendable, Hashable {
    /// The stopped request's URL as the cassette records it, so a report can name it.
    public var urlString: String

    public init(url: String) { self.urlString = url }

    /// The stopped request's URL; `nil` when ``urlString`` is not a URL Foundation writes back as the same text.
    public var url: URL? { URL(recorded: urlString) }
}

/// Everything the app answered one ``URLSchemeRequest`` with: the head, the
/// body's pieces concatenated, and how it ended, if it did.
public struct URLSchemeAnswer: Sendable, Hashable {
    /// The head, when the app sent one.
    public var response: URLSchemeResponse?
    /// The body: every piece the app sent, in order, concatenated.
    public var data: Data
    /// How the answer ended; `nil` when it never did, or was stopped first.
    public var completion: URLSchemeCompletion?
    /// Whether the page or the engine stopped the task before it ended.
    public var stopped: Bool

    public init(response: URLSchemeResponse? = nil, data: Data = Data(), completion: URLSchemeCompletion? = nil, stopped: Bool = false) {
        self.response = response
        self.data = data
        self.completion = completion
        self.stopped = stopped
    }
}
