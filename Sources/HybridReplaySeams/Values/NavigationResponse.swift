import Foundation

/// A response the web view asks the app to decide on before showing it
/// (`decidePolicyFor navigationResponse`).
///
/// WebKit passes a `WKNavigationResponse` whose `response` is a `URLResponse`;
/// the seam keeps what a delegate reads from it: the URL, the HTTP status
/// (`HTTPURLResponse.statusCode`) and the MIME type. ``response`` reads
/// them under `URLResponse`'s names.
public struct NavigationResponse: Sendable, Hashable {
    /// The response's URL, as the cassette records it.
    public var urlString: String
    /// The HTTP status code; `nil` when the response is not an HTTP response, such as a `file:` URL.
    public var status: Int?
    /// The MIME type, such as `application/pdf`, when the response has one.
    public var mimeType: String?
    /// Whether the response is for the main frame rather than an iframe (`isForMainFrame`).
    public var isForMainFrame: Bool
    /// Whether the web view can show the MIME type itself (`canShowMIMEType`).
    public var canShowMIMEType: Bool

    public init(url: String, status: Int?, mimeType: String?, isForMainFrame: Bool, canShowMIMEType: Bool) {
        self.urlString = url
        self.status = status
        self.mimeType = mimeType
        self.isForMainFrame = isForMainFrame
        self.canShowMIMEType = canShowMIMEType
    }

    /// The response's URL, as `navigationResponse.response.url`; `nil` when
    /// ``urlString`` is not a URL Foundation writes back as the same text.
    public var url: URL? { URL(recorded: urlString) }
}

/// The app's answer to a navigation response, as `WKNavigationResponsePolicy` names it.
public struct NavigationResponsePolicy: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let cancel = NavigationResponsePolicy(rawValue: "cancel")
    public static let allow = NavigationResponsePolicy(rawValue: "allow")
    public static let download = NavigationResponsePolicy(rawValue: "download")
    public static let known: [NavigationResponsePolicy] = [.cancel, .allow, .download]
    public static let valueName = "navigation response policy"
}

/// The policy the app decided for a navigation response (`decisionHandler(…)`).
public struct NavigationResponseDecision: Sendable, Hashable {
    public var policy: NavigationResponsePolicy

    public init(_ policy: NavigationResponsePolicy) { self.policy = policy }
}
