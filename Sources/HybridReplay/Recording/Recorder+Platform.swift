extension Recorder {
    /// A platform whose seams record into this recorder and forward to `live`.
    ///
    /// Give it to the app code under test in place of `live`. Everything the
    /// app does through it is recorded as an effect before it reaches `live`,
    /// and everything `live` delivers to the app (messages, navigation
    /// actions, responses, results, fixes) is recorded as a stimulus before
    /// the app sees it. The clock is passed through: time is not an event.
    ///
    /// A seam `live` was built without (see `Platform.init`) is recorded
    /// through as any other; a call to it that could not fail where it was
    /// made makes ``write(to:)`` refuse the recording, naming the seam.
    ///
    /// A cassette records one web view, one tab: wrapping a platform with
    /// another web view than the first one wrapped (a second tab, with its
    /// own bridge) makes ``write(to:)`` refuse the recording. Record each web
    /// view with a recorder of its own. Wrapping the same web view again is
    /// no problem.
    ///
    /// - Parameter live: The real or simulated seams.
    /// - Returns: The recording platform.
    public func platform(wrapping live: Platform) -> Platform {
        noteUnavailableSeams(of: live)
        noteWebView(of: live)
        return Platform(
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
