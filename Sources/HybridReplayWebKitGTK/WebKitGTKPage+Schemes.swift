#if WebKitGTK
import CWebKitGTK
import Foundation
import HybridReplaySeams

/// App-served URL schemes through WebKitGTK's URI-scheme API: each request
/// to a scheme the app set a handler for is handed to that handler as a
/// ``URLSchemeTask``.
///
/// WebKitGTK registers a scheme on a web context once and for good
/// (`webkit_web_context_register_uri_scheme`; registering it again is an
/// error). Each ``WebKitGTKWebView`` has a context of its own, so the page
/// registers a scheme on it the first time a handler is set and from then on
/// only changes which handler answers; with none set, requests fail.
extension WebKitGTKPage {
    /// Serves `scheme` through `handler`, or fails its requests when `nil`.
    ///
    /// The scheme is also registered as secure and CORS-enabled with the
    /// context's security manager, so a page served from it is a secure
    /// context and may `fetch` from its own scheme, as a page served by a
    /// `WKURLSchemeHandler` is and may.
    func setSchemeHandler(_ handler: (any URLSchemeHandler)?, scheme: String) {
        guard !isClosed else { return }
        let scheme = scheme.lowercased()
        schemeHandlers[scheme] = handler
        guard handler != nil, !registeredSchemes.contains(scheme) else { return }
        registeredSchemes.insert(scheme)
        // A retained box with a weak page: WebKit keeps the callback for the context's life, which may outlast the page.
        let box = Unmanaged.passRetained(SchemeCallbackBox(page: self)).toOpaque()
        webkit_web_context_register_uri_scheme(
            context, scheme,
            { request, data in
                guard let request, let data else { return }
                let page = Unmanaged<SchemeCallbackBox>.fromOpaque(data).takeUnretainedValue().page
                guard let page, !page.isClosed else {
                    return WebKitGTKURLSchemeTask.fail(request, "the web view was closed")
                }
                page.startSchemeTask(request)
            }, box, { data in
                guard let data else { return }
                Unmanaged<SchemeCallbackBox>.fromOpaque(data).release()
            })
        if let security = webkit_web_context_get_security_manager(context) {
            webkit_security_manager_register_uri_scheme_as_secure(security, scheme)
            webkit_security_manager_register_uri_scheme_as_cors_enabled(security, scheme)
        }
    }

    /// Hands WebKit's `request` to the handler for its scheme, on the main actor.
    private func startSchemeTask(_ request: OpaquePointer) {
        let task = WebKitGTKURLSchemeTask(request, page: self)
        guard let handler = schemeHandlers[task.request.scheme] else {
            return task.didFailWithError(WebKitGTKError("no URL scheme handler is set for '\(task.request.scheme)'"))
        }
        performOnMainActor { handler.start(task) }
    }
}

/// What WebKit's scheme callback holds: the page, while it lives.
private final class SchemeCallbackBox {
    weak var page: WebKitGTKPage?

    init(page: WebKitGTKPage) { self.page = page }
}
#endif
