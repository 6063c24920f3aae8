import HybridReplay

/// Driving windows: what WebKit asks the UI delegate when the page opens one,
/// and what it tells it when the page closes its own.
extension SimulatedWebView {
    /// Asks the UI delegate for a web view to load `action` in, as WebKit does
    /// for a `target="_blank"` link or `window.open`.
    ///
    /// - Parameters:
    ///   - action: The navigation for the new window; its `targetFrame` should be `nil`.
    ///   - windowFeatures: What the page asked of the window.
    /// - Returns: The web view the delegate returned, or `nil` when it refused the window.
    /// - Throws: ``SimulationError`` when no UI delegate is set.
    public func openWindow(
        for action: NavigationAction, windowFeatures: WindowFeatures = WindowFeatures()
    ) throws(SimulationError) -> (any WebView)? {
        guard let delegate = state.withLock({ $0.uiDelegate }) else {
            throw SimulationError(
                "no UI delegate is set to open a window for \(action.urlString); set uiDelegate before the page opens one")
        }
        // The web view crosses from the main actor: the seam requires web views to be Sendable.
        return runOnMainActor { delegate.createWebView(for: action, windowFeatures: windowFeatures) }
    }

    /// Tells the UI delegate the page closed its window, as WebKit does when
    /// the page's script calls `window.close()` (`webViewDidClose(_:)`).
    ///
    /// - Throws: ``SimulationError`` when no UI delegate is set.
    public func closeWindow() throws(SimulationError) {
        guard let delegate = state.withLock({ $0.uiDelegate }) else {
            throw SimulationError(
                "no UI delegate is set to hear the page close its window; set uiDelegate before the page calls window.close()")
        }
        runOnMainActor { delegate.webViewDidClose(self) }
    }
}
