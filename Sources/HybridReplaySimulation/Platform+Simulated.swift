import Foundation

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
        cookieStore: (any CookieStore)? = nil,
        locationManager: any LocationManager = SimulatedLocationManager(),
        locationOutput: any LocationServiceOutput = CollectingLocationOutput(),
        custom: any CustomSeam = SimulatedCustomSeam(),
        clock: any Clock<Duration> = ManualClock(), wallClock: WallClock? = nil
    ) -> Platform {
        let wall = wallClock ?? .starting(at: simulatedStartDate, on: clock)
        // The jar expires cookies by the platform's date, not the machine's.
        return Platform(
            webView: webView, routes: routes, transport: transport,
            cookieStore: cookieStore ?? InMemoryCookieStore(now: { wall.now }),
            locationManager: locationManager, locationOutput: locationOutput, custom: custom, clock: clock,
            wallClock: wall)
    }

    /// The date a simulated platform's wall clock starts at unless a test
    /// passes one: 2026-01-01T00:00:00Z, so recordings that read the date
    /// give the same bytes every time.
    public static let simulatedStartDate = Date(timeIntervalSince1970: 1_767_225_600)
}
