#if WebKitGTK
import CWebKitGTK

/// A GObject request WebKit waits on — a policy decision, an
/// authentication request, a permission request — held with a reference
/// until app code settles it, once, from any thread.
///
/// WebKit objects are used only on the GTK thread, so the request is
/// settled there; the first settlement wins and later ones are ignored, as
/// the request is spent; a request whose page closed meanwhile is only let go.
/// Never settling leaves WebKit waiting, as `WKWebView` does with a
/// completion handler never called.
final class PendingGTKRequest: @unchecked Sendable {
    // Touched only on the GTK thread: set to nil once settled.
    private var request: OpaquePointer?
    private let page: WebKitGTKPage

    init(_ request: OpaquePointer, page: WebKitGTKPage) {
        g_object_ref(UnsafeMutableRawPointer(request))
        self.request = request
        self.page = page
    }

    /// Calls `settle` with the request on the GTK thread, the first time
    /// only and only while the page is open, then drops the reference.
    func settle(_ settle: @escaping @Sendable (OpaquePointer) -> Void) {
        page.thread.perform { [self] in
            guard let request else { return }
            self.request = nil
            defer { g_object_unref(UnsafeMutableRawPointer(request)) }
            guard !page.isClosed else { return }
            settle(request)
        }
    }
}
#endif
