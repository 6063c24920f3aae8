import HybridReplay

extension Platform {
    /// A platform of scripted stand-ins: no web view, no network, no GPS.
    ///
    /// Keep references to the stand-ins you pass in to drive them and to
    /// assert on what the app did.
    ///
    /// Time stands still unless the test moves it: the clock is a fresh
    /// ``ManualClock`` unless you pass one, so a recording made on this
    /// platform stamps every event with the time the drive chose, and
    /// re-recording unchanged code gives the same bytes. Keep the
    /// `ManualClock` you pass to move it with `advance(by:)`, or pass
    /// `ContinuousClock()` to record real times.
    ///
    /// - Parameters:
    ///   - webView: The page a test drives.
    ///   - routes: Where native screens are shown.
    ///   - transport: The server; by default every request gets a 404.
    ///   - cookieStore: The shared cookie jar; by default an empty one in memory.
    ///   - locationManager: The location hardware a test drives.
    ///   - locationOutput: Where the location service publishes.
    ///   - custom: The app's own seam.
    ///   - clock: The clock app code sleeps with and a recorder stamps events
    ///     with; a ``ManualClock`` standing at zero unless you pass another.
    /// - Returns: A platform built from the stand-ins.
    public static func simulated(
        webView: SimulatedWebView = SimulatedWebView(),
        routes: any RoutePresenter = CollectingRoutePresenter(),
        transport: any HTTPTransport = ScriptedHTTPTransport { _ in HTTPResponse(status: 404) },
        cookieStore: any CookieStore = InMemoryCookieStore(),
        locationManager: any LocationManager = SimulatedLocationManager(),
        locationOutput: any LocationServiceOutput = CollectingLocationOutput(),
        custom: any CustomSeam = SimulatedCustomSeam(),
        clock: any Clock<Duration> = ManualClock()
    ) -> Platform {
        Platform(
            webView: webView, routes: routes, transport: transport, cookieStore: cookieStore,
            locationManager: locationManager, locationOutput: locationOutput, custom: custom, clock: clock)
    }
}
