/// The navigation lifecycle of format version 2: `navigation.started`,
/// `navigation.committed`, `navigation.finished`, `navigation.failed` and
/// `navigation.processTerminated`, all stimuli. The first three are
/// ``NavigationProgressPayload``s: the shape says what they share.
extension NavigationStart: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "started")

    public static let eventDirection = Direction.stimulus

    static let formatVersion = 2

    @MainActor func notify(_ delegate: any NavigationDelegate, in webView: any WebView) {
        delegate.webView(webView, didStartProvisionalNavigation: self)
    }
}
