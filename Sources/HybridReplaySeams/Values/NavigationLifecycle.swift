import Foundation

/// The web view began loading a main-frame navigation
/// (`webView(_:didStartProvisionalNavigation:)`).
///
/// WebKit passes an opaque `WKNavigation`; the seam passes the URL the web
/// view reports (`webView.url`) at that moment instead, which is what a
/// delegate reads there.
public struct NavigationStart: Sendable, Hashable {
    /// The URL being loaded, when the web view reports one.
    public var urlString: String?

    public init(url: String?) { self.urlString = url }

    /// The URL, as `webView.url` reads then; `nil` when there is none or
    /// ``urlString`` is not a URL Foundation writes back as the same text.
    public var url: URL? { urlString.flatMap(URL.init(recorded:)) }
}

/// The web view began receiving the main frame's content (`webView(_:didCommit:)`).
public struct NavigationCommit: Sendable, Hashable {
    /// The committed URL, when the web view reports one.
    public var urlString: String?

    public init(url: String?) { self.urlString = url }

    /// The URL, as `webView.url` reads then; `nil` when there is none or
    /// ``urlString`` is not a URL Foundation writes back as the same text.
    public var url: URL? { urlString.flatMap(URL.init(recorded:)) }
}

/// The main frame finished loading (`webView(_:didFinish:)`).
public struct NavigationFinish: Sendable, Hashable {
    /// The loaded URL, when the web view reports one.
    public var urlString: String?

    public init(url: String?) { self.urlString = url }

    /// The URL, as `webView.url` reads then; `nil` when there is none or
    /// ``urlString`` is not a URL Foundation writes back as the same text.
    public var url: URL? { urlString.flatMap(URL.init(recorded:)) }
}

/// When a navigation failed: before anything was committed
/// (`didFailProvisionalNavigation`) or after (`didFail`).
public struct NavigationPhase: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Before the content was committed: `webView(_:didFailProvisionalNavigation:withError:)`.
    public static let provisional = NavigationPhase(rawValue: "provisional")
    /// After the content was committed: `webView(_:didFail:withError:)`.
    public static let committed = NavigationPhase(rawValue: "committed")
    public static let known: [NavigationPhase] = [.provisional, .committed]
    public static let valueName = "navigation phase"
}

/// The error a navigation failed with, as the `NSError` WebKit passes:
/// its domain, code and localized description.
public struct NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error domain, such as `NSURLErrorDomain` or `WebKitErrorDomain`.
    public var domain: String
    /// The code within the domain, such as `-1009` (`NSURLErrorNotConnectedToInternet`).
    public var code: Int
    /// The localized description, such as `The Internet connection appears to be offline.`
    public var message: String

    public init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    public var description: String { "\(domain) \(code): \(message)" }
}

/// A main-frame navigation failed (`didFailProvisionalNavigation` or `didFail`).
public struct NavigationFailure: Sendable, Hashable {
    /// The URL that failed, when the web view reports one.
    public var urlString: String?
    /// Whether it failed before or after its content was committed.
    public var phase: NavigationPhase
    public var error: NavigationError

    public init(url: String?, phase: NavigationPhase, error: NavigationError) {
        self.urlString = url
        self.phase = phase
        self.error = error
    }

    /// The URL that failed; `nil` when there is none or ``urlString`` is not
    /// a URL Foundation writes back as the same text.
    public var url: URL? { urlString.flatMap(URL.init(recorded:)) }
}

/// The web view's content process ended, crashed or was killed by the
/// system (`webViewWebContentProcessDidTerminate(_:)`); the page is gone
/// until the app reloads it.
public struct WebContentProcessTermination: Sendable, Hashable {
    public init() {}
}

/// What `webView.url` reads as a web view goes through loads and navigation
/// steps, as WebKit answers it: the request's URL from the moment app code
/// calls `load`, each step's URL as the step reports it, and the committed
/// page's URL again when a navigation fails before committing.
package struct WebViewURLState: Sendable, Hashable {
    /// The URL `webView.url` reads now.
    package private(set) var current: String?
    /// The URL of the page last committed.
    private var committed: String?

    package init() {}

    /// App code asked for `url` to be loaded.
    package mutating func loading(_ url: String) { current = url }

    /// A main-frame navigation started provisionally, the web view reporting `url`.
    package mutating func started(_ url: String?) { current = url }

    /// The main frame committed or finished, the web view reporting `url`.
    package mutating func committed(_ url: String?) {
        current = url
        committed = url
    }

    /// A navigation failed; before it committed, the web view reports the committed page again.
    package mutating func failed(_ phase: NavigationPhase) {
        if phase == .provisional { current = committed }
    }
}
