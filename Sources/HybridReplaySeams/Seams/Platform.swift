/// Every seam an implementation under test talks to, in one value.
///
/// A replay hands an implementation doubles that verify each call against
/// the cassette; a recording hands it wrappers around live implementations.
/// The implementation cannot tell which: that is what makes a recorded
/// session replayable.
///
/// A platform built by hand needs only the seams its code uses, such as
/// `Platform(transport: URLSessionTransport(), cookieStore: InMemoryCookieStore())`;
/// each seam left out fails, naming itself, when touched (see ``init(webView:routes:transport:cookieStore:locationManager:locationOutput:custom:clock:wallClock:)``).
public struct Platform: Sendable {
    /// Script message handlers, user scripts, JavaScript evaluation, loads and
    /// the navigation delegate.
    public var webView: any WebView
    /// Where native screens are shown.
    public var routes: any RoutePresenter
    /// HTTP requests with their redirects.
    public var transport: any HTTPTransport
    /// The shared cookie jar.
    public var cookieStore: any CookieStore
    /// Location authorization, configuration and fixes.
    public var locationManager: any LocationManager
    /// Where a location service publishes what it computed.
    public var locationOutput: any LocationServiceOutput
    /// The app's own seams.
    public var custom: any CustomSeam
    /// The clock app code sleeps and measures time with; virtual on replay.
    public var clock: any Clock<Duration>
    /// The date app code reads in place of `Date()`; on replay, the recording's date
    /// moved on by the cassette's time (see ``WallClock``).
    public var wallClock: WallClock

    /// A platform of the seams given; every seam not given fails when touched.
    ///
    /// Pass only what the code under test uses, such as
    /// `Platform(transport: URLSessionTransport(), cookieStore: InMemoryCookieStore())`.
    /// A seam left out is a stand-in whose every call fails with a message
    /// naming it, such as `this Platform has no webView (webView.load(_:) was
    /// called): pass one to Platform(webView:…)`: a call with a completion
    /// handler gets it as its error, a throwing call throws it, and a call
    /// that can do neither does nothing. Every such call is remembered, so
    /// that a recording over the platform refuses to write and lists them.
    ///
    /// - Parameters:
    ///   - webView: Script message handlers, user scripts, JavaScript, loads and the delegates.
    ///   - routes: Where native screens are shown.
    ///   - transport: HTTP requests with their redirects.
    ///   - cookieStore: The shared cookie jar.
    ///   - locationManager: Location authorization, configuration and fixes.
    ///   - locationOutput: Where a location service publishes.
    ///   - custom: The app's own seams.
    ///   - clock: The clock app code sleeps with; the machine's `ContinuousClock` unless given.
    ///   - wallClock: The date app code reads; the machine's unless given.
    public init(
        webView: any WebView = UnavailableWebView(), routes: any RoutePresenter = UnavailableRoutePresenter(),
        transport: any HTTPTransport = UnavailableHTTPTransport(),
        cookieStore: any CookieStore = UnavailableCookieStore(),
        locationManager: any LocationManager = UnavailableLocationManager(),
        locationOutput: any LocationServiceOutput = UnavailableLocationOutput(),
        custom: any CustomSeam = UnavailableCustomSeam(),
        clock: any Clock<Duration> = ContinuousClock(), wallClock: WallClock = .system
    ) {
        self.wallClock = wallClock
        self.webView = webView
        self.routes = routes
        self.transport = transport
        self.cookieStore = cookieStore
        self.locationManager = locationManager
        self.locationOutput = locationOutput
        self.custom = custom
        self.clock = clock
    }
}
