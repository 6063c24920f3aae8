/// `navigation.committed`: a lifecycle step (``NavigationProgressPayload``).
extension NavigationCommit: NavigationProgressPayload {
    public static let eventKind = EventKind(.navigation, "committed")

    public static let eventDirection = Direction.stimulus

    static let formatVersion = 2

    func move(_ url: inout WebViewURLState) { url.committed(urlString) }

    @MainActor func notify(_ delegate: any NavigationDelegate, in webView: any WebView) { delegate.webView(webView, didCommit: self) }
}
