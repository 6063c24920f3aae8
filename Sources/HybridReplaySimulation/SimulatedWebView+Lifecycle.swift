import HybridReplay

/// Driving the navigation lifecycle: what WebKit tells the navigation
/// delegate while a page loads, fails or loses its content process.
extension SimulatedWebView {
    /// Tells the delegate the main frame started loading `url`
    /// (`webView(_:didStartProvisionalNavigation:)`).
    ///
    /// - Throws: ``SimulationError`` when no navigation delegate is set.
    public func startProvisionalNavigation(to url: String?) throws(SimulationError) {
        let delegate = try lifecycleDelegate("start a navigation to \(url ?? "(no URL)")")
        state.withLock { $0.url.started(url) }
        runOnMainActor { delegate.webView(self, didStartProvisionalNavigation: NavigationStart(url: url)) }
    }

    /// Tells the delegate the main frame committed `url` (`webView(_:didCommit:)`).
    ///
    /// - Throws: ``SimulationError`` when no navigation delegate is set.
    public func commitNavigation(to url: String?) throws(SimulationError) {
        let delegate = try lifecycleDelegate("commit \(url ?? "(no URL)")")
        state.withLock { $0.url.committed(url) }
        runOnMainActor { delegate.webView(self, didCommit: NavigationCommit(url: url)) }
    }

    /// Tells the delegate the main frame finished loading `url` (`webView(_:didFinish:)`).
    ///
    /// - Throws: ``SimulationError`` when no navigation delegate is set.
    public func finishNavigation(at url: String?) throws(SimulationError) {
        let delegate = try lifecycleDelegate("finish \(url ?? "(no URL)")")
        state.withLock { $0.url.committed(url) }
        runOnMainActor { delegate.webView(self, didFinish: NavigationFinish(url: url)) }
    }

    /// Tells the delegate the navigation to `url` failed with `error`, through
    /// `didFailProvisionalNavigation` or `didFail` as `phase` says.
    ///
    /// - Throws: ``SimulationError`` when no navigation delegate is set.
    public func failNavigation(
        to url: String?, phase: NavigationPhase, error: NavigationError
    ) throws(SimulationError) {
        let failure = NavigationFailure(url: url, phase: phase, error: error)
        let delegate = try lifecycleDelegate("fail the navigation to \(url ?? "(no URL)")")
        state.withLock { $0.url.failed(phase) }
        runOnMainActor { delegate.tell(failure, in: self) }
    }

    /// Tells the delegate the web content process ended
    /// (`webViewWebContentProcessDidTerminate(_:)`).
    ///
    /// - Throws: ``SimulationError`` when no navigation delegate is set.
    public func terminateWebContentProcess() throws(SimulationError) {
        let delegate = try lifecycleDelegate("end the web content process")
        runOnMainActor { delegate.webViewWebContentProcessDidTerminate(self) }
    }

    /// The navigation delegate, or an error saying what could not be told.
    func lifecycleDelegate(_ what: String) throws(SimulationError) -> any NavigationDelegate {
        guard let delegate = state.withLock({ $0.navigationDelegate }) else {
            throw SimulationError(
                "no navigation delegate is set to \(what); set navigationDelegate before the page loads")
        }
        return delegate
    }
}
