/// Every seam an implementation under test talks to, in one value.
///
/// A replay hands an implementation doubles that verify each call against
/// the cassette; a recording hands it wrappers around live implementations.
/// The implementation cannot tell which: that is what makes a recorded
/// session replayable.
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

    public init(
        webView: any WebView, routes: any RoutePresenter, transport: any HTTPTransport, cookieStore: any CookieStore,
        locationManager: any LocationManager, locationOutput: any LocationServiceOutput, custom: any CustomSeam,
        clock: any Clock<Duration>, wallClock: WallClock = .system
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
