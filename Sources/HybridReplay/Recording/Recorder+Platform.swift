extension Recorder {
    /// A platform whose seams record into this recorder and forward to `live`.
    ///
    /// Give it to the app code under test in place of `live`. Everything the
    /// app does through it is recorded as an effect before it reaches `live`,
    /// and everything `live` delivers to the app (messages, navigation
    /// actions, responses, results, fixes) is recorded as a stimulus before
    /// the app sees it. The clock is passed through: time is not an event.
    ///
    /// - Parameter live: The real or simulated seams.
    /// - Returns: The recording platform.
    public func platform(wrapping live: Platform) -> Platform {
        Platform(
            webView: RecordingWebView(wrapping: live.webView, recorder: self),
            routes: RecordingRoutePresenter(live: live.routes, recorder: self),
            transport: RecordingHTTPTransport(live: live.transport, recorder: self),
            cookieStore: RecordingCookieStore(live: live.cookieStore, recorder: self),
            locationManager: RecordingLocationManager(wrapping: live.locationManager, recorder: self),
            locationOutput: RecordingLocationOutput(live: live.locationOutput, recorder: self),
            custom: RecordingCustomSeam(live: live.custom, recorder: self),
            clock: live.clock,
            wallClock: WallClock { [self] in
                let date = live.wallClock.now
                noteWallClockRead(date)
                return date
            })
    }
}
