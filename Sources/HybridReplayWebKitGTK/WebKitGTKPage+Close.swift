#if WebKitGTK
import CWebKitGTK
import HybridReplaySeams

extension WebKitGTKPage {
    /// Connects `close`, which WebKitGTK emits when the page's script calls
    /// `window.close()` and WebKit lets it, to ``pageClosed()``.
    ///
    /// Connected from this file with `g_signal_connect_data`, as
    /// `permission-request` is: the page's initializer only calls this.
    func connectClose(_ data: UnsafeMutableRawPointer) {
        let handler: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            Unmanaged<WebKitGTKPage>.fromOpaque(data).takeUnretainedValue().pageClosed()
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(view), "close", unsafeBitCast(handler, to: GCallback.self), data, nil,
            GConnectFlags(rawValue: 0))
    }

    /// Tells the UI delegate on the main actor, as WebKit calls
    /// `webViewDidClose(_:)`. The view stays as it is, as a `WKWebView` does
    /// until the app removes it: `close`'s default handler destroys nothing.
    private func pageClosed() {
        guard !isClosed, let delegate = uiDelegate, let owner else { return }
        performOnMainActor { delegate.webViewDidClose(owner) }
    }
}
#endif
