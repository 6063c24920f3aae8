/// `navigation.committed`: a lifecycle step (``NavigationProgressPayload``).
extension NavigationCommit: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "committed")

    public static let eventDirection = Direction.stimulus

    static let formatVersion = 2

    @MainActor func notify(_ delegate: any NavigationDelegate, in webView: any WebView) { delegate.webView(webView, didCommit: self) }
}
