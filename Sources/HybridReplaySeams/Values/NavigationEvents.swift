import Foundation

/// What started a navigation, as `WKNavigationType` names it.
public struct NavigationType: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linkActivated = NavigationType(rawValue: "linkActivated")
    public static let formSubmitted = NavigationType(rawValue: "formSubmitted")
    public static let backForward = NavigationType(rawValue: "backForward")
    public static let reload = NavigationType(rawValue: "reload")
    public static let formResubmitted = NavigationType(rawValue: "formResubmitted")
    public static let other = NavigationType(rawValue: "other")
    public static let known: [NavigationType] = [
        .linkActivated, .formSubmitted, .backForward, .reload, .formResubmitted, .other,
    ]
    public static let valueName = "navigation type"
}

/// The app's answer to a navigation action, as `WKNavigationActionPolicy` names it.
public struct NavigationPolicy: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let cancel = NavigationPolicy(rawValue: "cancel")
    public static let allow = NavigationPolicy(rawValue: "allow")
    public static let download = NavigationPolicy(rawValue: "download")
    public static let known: [NavigationPolicy] = [.cancel, .allow, .download]
    public static let valueName = "navigation policy"
}

/// A navigation the web view asks the app to decide on
/// (`decidePolicyFor navigationAction`).
///
/// As with `WKNavigationAction`, app code reads the URL from ``request``:
/// `navigationAction.request.url` is a `URL?`.
public struct NavigationAction: Sendable, Hashable {
    /// The URL to navigate to, as the cassette records it.
    public var urlString: String
    public var method: String
    public var navigationType: NavigationType
    /// The frame the navigation started in, when known.
    public var sourceFrame: Frame?
    /// The frame to navigate; `nil` opens a new window (`target="_blank"`).
    public var targetFrame: Frame?
    /// The page preferences WebKit offered with the action, when it asked through
    /// `decidePolicyFor:preferences:decisionHandler:`; `nil` for the plain variant.
    public var preferences: WebpagePreferences?

    public init(
        url: String, method: String = "GET", navigationType: NavigationType,
        sourceFrame: Frame? = nil, targetFrame: Frame?, preferences: WebpagePreferences? = nil
    ) {
        self.urlString = url
        self.method = method
        self.navigationType = navigationType
        self.sourceFrame = sourceFrame
        self.targetFrame = targetFrame
        self.preferences = preferences
    }

    /// A navigation to `url`.
    public init(
        url: URL, method: String = "GET", navigationType: NavigationType,
        sourceFrame: Frame? = nil, targetFrame: Frame?, preferences: WebpagePreferences? = nil
    ) {
        self.init(
            url: url.absoluteString, method: method, navigationType: navigationType, sourceFrame: sourceFrame,
            targetFrame: targetFrame, preferences: preferences)
    }

    /// The request to navigate with, as `WKNavigationAction.request`: its
    /// `url` (a `URL?`) and `httpMethod`.
    public var request: HTTPRequest { HTTPRequest(method: method, url: urlString) }
}

/// The policy the app decided for a navigation action (`decisionHandler(…)`).
public struct NavigationDecision: Sendable, Hashable {
    public var policy: NavigationPolicy
    /// The preferences the app answered with, when the action was decided through
    /// the `preferences:` variant; `nil` for the plain variant.
    public var preferences: WebpagePreferences?

    public init(_ policy: NavigationPolicy, preferences: WebpagePreferences? = nil) {
        self.policy = policy
        self.preferences = preferences
    }
}

/// A native screen the app shows instead of a page, such as `present` with a colour.
public struct NativeRoute: Sendable, Hashable {
    /// The route, such as `present` or `push`.
    public var name: String
    public var parameters: [String: JSONValue]

    public init(name: String, parameters: [String: JSONValue] = [:]) {
        self.name = name
        self.parameters = parameters
    }
}

/// What the app loads into the web view: a request (`webView.load(request)`),
/// or content it already has (`loadHTMLString(_:baseURL:)`, `load(_:mimeType:…)`),
/// such as the final response of a redirect chain it followed itself.
public struct NavigationLoad: Sendable, Hashable {
    /// The request's URL, or the base URL of loaded content, as the cassette records it.
    public var urlString: String
    public var method: String
    public var headers: [HTTPHeader]
    /// The content loaded directly; `nil` when the web view fetches `url` itself.
    public var body: HTTPBody?

    public init(url: String, method: String = "GET", headers: [HTTPHeader] = [], body: HTTPBody? = nil) {
        self.urlString = url
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// A load of `request`, as `webView.load(URLRequest)` makes one.
    public init(_ request: HTTPRequest) {
        self.init(url: request.urlString, method: request.method, headers: request.headers)
    }

    /// The request's URL, or the base URL of loaded content; `nil` when
    /// ``urlString`` is not a URL Foundation writes back as the same text.
    public var url: URL? { URL(recorded: urlString) }
}
