/// The content mode a page is shown in, as `WKWebpagePreferences.ContentMode` names it.
public struct ContentMode: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// What the device suits: mobile on iPhone, desktop on iPad and Mac.
    public static let recommended = ContentMode(rawValue: "recommended")
    public static let mobile = ContentMode(rawValue: "mobile")
    public static let desktop = ContentMode(rawValue: "desktop")
    public static let known: [ContentMode] = [.recommended, .mobile, .desktop]
    public static let valueName = "content mode"
}

/// The per-page settings a navigation decision may change, as
/// `WKWebpagePreferences` offers them to
/// `webView(_:decidePolicyFor:preferences:decisionHandler:)`.
///
/// Of `WKWebpagePreferences`, the seam keeps `preferredContentMode` and
/// `allowsContentJavaScript`, the two settings every platform offers;
/// `isLockdownModeEnabled` and `preferredHTTPSNavigationPolicy` are not modelled.
public struct WebpagePreferences: Sendable, Hashable {
    /// The content mode to load the page in.
    public var preferredContentMode: ContentMode
    /// Whether the page's own scripts may run; the app's evaluations run either way.
    public var allowsContentJavaScript: Bool

    /// Preferences with WebKit's defaults: the recommended content mode, JavaScript on.
    public init(preferredContentMode: ContentMode = .recommended, allowsContentJavaScript: Bool = true) {
        self.preferredContentMode = preferredContentMode
        self.allowsContentJavaScript = allowsContentJavaScript
    }
}
