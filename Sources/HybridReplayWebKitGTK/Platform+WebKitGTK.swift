#if WebKitGTK
import HybridReplaySeams

extension Platform {
    /// The live platform around a real WebKitGTK web view, for recording a
    /// bridge against a real engine: the view, an in-memory cookie jar, the
    /// continuous clock and the system date.
    ///
    /// ```swift
    /// RecordingSession(engine: "WebKitGTK 6.0") {
    ///     try await WebKitGTKWebView()  // made only when a recording runs
    /// } platform: { webView in
    ///     .live(webView)
    /// } drive: { webView, recorder in … }
    /// ```
    ///
    /// The seams a desktop web view has no counterpart for — routes, location
    /// and the app's custom events — are left out: touching one fails, naming
    /// it, and a recording that touched one is refused.
    ///
    /// - Parameters:
    ///   - webView: The web view the bridge registers its handlers and delegates on.
    ///   - transport: Where the bridge's own HTTP requests go, such as
    ///     `URLSessionTransport()`; none by default, so a request fails naming the seam.
    ///   - cookieStore: The cookie jar; an empty in-memory one by default.
    /// - Returns: The platform.
    public static func live(
        _ webView: WebKitGTKWebView, transport: any HTTPTransport = UnavailableHTTPTransport(),
        cookieStore: any CookieStore = InMemoryCookieStore()
    ) -> Platform {
        Platform(webView: webView, transport: transport, cookieStore: cookieStore, clock: ContinuousClock())
    }
}
#endif
