import Foundation

/// Serves the requests a page makes to a URL scheme the app registered
/// with ``WebView/setURLSchemeHandler(_:forURLScheme:)``: the counterpart of
/// `WKURLSchemeHandler`, which Capacitor and other hybrid frameworks serve
/// their bundled pages through (`capacitor://localhost`).
///
/// WebKit passes the web view too; the seam leaves it out, as a handler is
/// registered for one web view. Answer each task through its
/// ``URLSchemeTask`` methods: a response head, the body in any number of
/// pieces, then `didFinish()` or `didFailWithError(_:)`, exactly once, and
/// nothing after ``stop(_:)``.
public protocol URLSchemeHandler: Sendable {
    /// Starts answering `task` (`webView(_:start:)`).
    @MainActor func start(_ task: any URLSchemeTask)

    /// Stops answering `task`, which the page or the engine no longer wants
    /// (`webView(_:stop:)`); `task` is the object ``start(_:)`` got. Calling
    /// its methods afterwards is an error: WebKit raises an exception.
    @MainActor func stop(_ task: any URLSchemeTask)
}

/// One request a ``URLSchemeHandler`` answers: the counterpart of
/// `WKURLSchemeTask`.
///
/// Call, in this order: ``didReceive(_:)-(URLSchemeResponse)`` once, ``didReceive(_:)-(Data)``
/// any number of times, then ``didFinish()`` or ``didFailWithError(_:)``
/// once. WebKit raises an exception for anything else, and for any call
/// after the handler's ``URLSchemeHandler/stop(_:)``; a replay reports it.
public protocol URLSchemeTask: AnyObject, Sendable {
    /// The request the page made.
    var request: URLSchemeRequest { get }

    /// Sends the response head (`didReceive(_ response: URLResponse)`).
    func didReceive(_ response: URLSchemeResponse)

    /// Sends one piece of the body (`didReceive(_ data: Data)`).
    func didReceive(_ data: Data)

    /// Ends the answer (`didFinish()`).
    func didFinish()

    /// Ends the answer with an error (`didFailWithError(_:)`); the page sees a failed load.
    func didFailWithError(_ error: any Error)
}
