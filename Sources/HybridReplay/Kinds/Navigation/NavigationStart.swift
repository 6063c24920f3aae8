/// The navigation lifecycle of format version 2: `navigation.started`,
/// `navigation.committed`, `navigation.finished`, `navigation.failed` and
/// `navigation.processTerminated`, all stimuli. The first three are
/// ``NavigationProgressPayload``s: the shape says what they share.
extension NavigationStart: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "started")

    public static let eventDirection = Direction.stimulus

    static let formatVersion = 2

    func move(_ url: inout WebViewURLState) { url.started(urlString) }

    @MainActor func notify(_ delegate: any NavigationDelegate, in webView: any WebView) {
        delegate.webView(webView, didStartProvisionalNavigation: self)
    }
}
