import Foundation

extension Platform {
    /// The doubles of one replay run.
    init(replaying engine: ReplayEngine) {
        let clock = ReplayClock(engine: engine)
        self.init(
            webView: ReplayWebView(engine: engine), routes: ReplayRoutePresenter(engine: engine),
            transport: ReplayHTTPTransport(engine: engine), cookieStore: ReplayCookieStore(engine: engine),
            locationManager: ReplayLocationManager(engine: engine), locationOutput: ReplayLocationOutput(engine: engine),
            custom: ReplayCustomSeam(engine: engine), clock: clock,
            // The clock stands at 0 until the run starts: the wall clock starts at the recording's date.
            wallClock: .starting(at: engine.cassette.header.recordedAt ?? ReplayClock.startDate, on: clock))
    }
}
