import Foundation

extension Platform {
    /// The doubles of one replay run.
    init(replaying engine: ReplayEngine) {
        self.init(
            webView: ReplayWebView(engine: engine), routes: ReplayRoutePresenter(engine: engine),
            transport: ReplayHTTPTransport(engine: engine), cookieStore: ReplayCookieStore(engine: engine),
            locationManager: ReplayLocationManager(engine: engine), locationOutput: ReplayLocationOutput(engine: engine),
            custom: ReplayCustomSeam(engine: engine), clock: ReplayClock(engine: engine),
            wallClock: WallClock { [start = engine.cassette.header.recordedAt ?? ReplayClock.startDate] in
                let (seconds, attoseconds) = engine.now.components
                return start.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
            })
    }
}
