#if WebKitGTK
import CWebKitGTK
import Foundation
import HybridReplaySeams

/// The GTK objects behind one ``WebKitGTKWebView`` and their signal handlers.
///
/// Only ever touched on the ``GTKThread``; `@unchecked Sendable` so work
/// queued there can capture it.
final class WebKitGTKPage: @unchecked Sendable {
    let thread: GTKThread
    let view: UnsafeMutablePointer<WebKitWebView>
    let manager: OpaquePointer
    private let session: OpaquePointer
    let context: OpaquePointer
    private let window: UnsafeMutablePointer<GtkWidget>

    var navigationDelegate: (any NavigationDelegate)?
    /// Asked to run the page's JavaScript dialogs (`script-dialog`), decide its camera and microphone
    /// requests (`permission-request`) and told when it closes its window (`close`); WebKitGTK's
    /// `create` signal is not connected, so it is never asked for windows.
    var uiDelegate: (any UIDelegate)?
    /// The web view app code set the delegates on, handed to their callbacks
    /// (`webView(_:didFinish:)`); weak, since it owns this page.
    weak var owner: WebKitGTKWebView?
    /// What the web view's `url` reads, moved by loads and load events.
    let reportedURL = Locked(WebViewURLState())
    /// The app's scheme handlers, by lowercased scheme (see `WebKitGTKPage+Schemes.swift`).
    var schemeHandlers: [String: any URLSchemeHandler] = [:]
    /// The schemes registered on ``context``: WebKitGTK registers a scheme once per context, for good.
    var registeredSchemes: Set<String> = []
    /// Told what the adapter answered in the app's place, such as a dialog with no UI delegate.
    let reportIssue: @Sendable (WebKitGTKError) -> Void
    /// Whether the current load failed, so its `WEBKIT_LOAD_FINISHED` is not a finish.
    private var currentLoadFailed = false
    /// Handler registrations, kept alive while their signals may fire.
    var handlerBoxes: [AnyObject] = []
    /// Set once the GTK objects are gone; late callbacks then do nothing.
    private(set) var isClosed = false

    /// Whether a load is in progress, counted from our load calls and
    /// `load-changed`, because `webkit_web_view_is_loading` turns true only
    /// once the web process has started.
    private var isLoading = false
    private var loadError: WebKitGTKError?
    /// Set when a load was cancelled: its `WEBKIT_LOAD_FINISHED` ends nothing,
    /// the load that replaced it is what waiters wait for.
    private var cancelledLoadPending = false
    private var loadWaiters: [Int: (Result<Void, WebKitGTKError>) -> Void] = [:]
    private var nextWaiter = 0

    /// Creates the view in a window; call on the GTK thread.
    init(thread: GTKThread, reportIssue: @escaping @Sendable (WebKitGTKError) -> Void) {
        self.thread = thread
        self.reportIssue = reportIssue
        session = webkit_network_session_new_ephemeral()
        manager = webkit_user_content_manager_new()
        context = webkit_web_context_new()
        view = hr_web_view_new(context, manager, session)
        // Xvfb has only Mesa's software GL; compositing without it is faster
        // and leaves fewer GL threads in the web process to crash on exit.
        if let settings = webkit_web_view_get_settings(view) {
            webkit_settings_set_hardware_acceleration_policy(settings, WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER)
        }
        // The window owns the view and is never shown: WebKit loads pages,
        // runs scripts and follows synthetic clicks in an unmapped view.
        window = hr_window_new_with_child(hr_widget(view))
        let data = Unmanaged.passUnretained(self).toOpaque()
        hr_connect_decide_policy(view, { _, decision, type, data in
            guard let decision, let data else { return 0 }
            return Unmanaged<WebKitGTKPage>.fromOpaque(data).takeUnretainedValue().decide(decision, type: type) ? 1 : 0
        }, data)
        hr_connect_script_dialog(view, { _, dialog, data in
            guard let dialog, let data else { return 0 }
            Unmanaged<WebKitGTKPage>.fromOpaque(data).takeUnretainedValue().runDialog(dialog)
            return 1  // Handled: WebKit shows no dialog of its own, which would wait on a window no one sees.
        }, data)
        hr_connect_authenticate(view, { _, request, data in
            guard let request, let data else { return 0 }
            return Unmanaged<WebKitGTKPage>.fromOpaque(data).takeUnretainedValue().authenticate(request) ? 1 : 0
        }, data)
        setUpMediaCapture(data)
        connectClose(data)
        hr_connect_load_changed(view, { _, event, data in
            guard let data else { return }
            Unmanaged<WebKitGTKPage>.fromOpaque(data).takeUnretainedValue().loadChanged(event)
        }, data)
        hr_connect_load_failed(view, { _, event, uri, error, data in
            guard let data else { return 0 }
            let page = Unmanaged<WebKitGTKPage>.fromOpaque(data).takeUnretainedValue()
            page.loadFailed(uri: uri.map { String(cString: $0) } ?? "", error: error, committed: event == WEBKIT_LOAD_COMMITTED)
            return 0  // Let WebKit show its error page, as the default handler does.
        }, data)
        hr_connect_web_process_terminated(view, { _, reason, data in
            guard let data else { return }
            Unmanaged<WebKitGTKPage>.fromOpaque(data).takeUnretainedValue().webProcessTerminated(reason)
        }, data)
        // After what WebKit set up for this view and those before it, so this
        // exit handler runs before their destructors (see endProcessOnExit()).
        thread.endProcessOnExit()
    }

    /// Destroys the GTK objects and fails whatever still waits on them.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        let data = Unmanaged.passUnretained(self).toOpaque()
        hr_disconnect_by_data(UnsafeMutableRawPointer(view), data)
        for box in handlerBoxes {
            hr_disconnect_by_data(UnsafeMutableRawPointer(manager), Unmanaged.passUnretained(box).toOpaque())
        }
        hr_window_destroy(window)
        g_object_unref(UnsafeMutableRawPointer(manager))
        g_object_unref(UnsafeMutableRawPointer(session))
        g_object_unref(UnsafeMutableRawPointer(context))
        let waiters = loadWaiters.values
        loadWaiters = [:]
        for waiter in waiters { waiter(.failure(.closed)) }
    }

    // MARK: Loads

    /// Loads `load` as ``WebKitGTKWebView/load(_:)`` documents.
    func load(_ load: NavigationLoad) {
        guard !isClosed else { return }
        if let body = load.body {
            let (mimeType, encoding) = Self.contentType(load.headers)
            let data: [UInt8] =
                switch body {
                case .text(let text): Array(text.utf8)
                case .json(let value): Array(value.description.utf8)
                case .bytes(let bytes): Array(bytes)
                }
            willLoad()
            let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            webkit_web_view_load_bytes(view, bytes, mimeType, encoding, load.urlString)
            g_bytes_unref(bytes)
            return
        }
        guard load.method.uppercased() == "GET" else {
            rejectLoad(
                WebKitGTKError(
                    "WebKitGTK loads requests with GET only, found \(load.method) \(load.urlString); "
                        + "load the response yourself and pass it as the NavigationLoad body"))
            return
        }
        guard let request = webkit_uri_request_new(load.urlString) else { return }
        if let headers = webkit_uri_request_get_http_headers(request) {
            for header in load.headers { soup_message_headers_append(headers, header.name, header.value) }
        }
        willLoad()
        webkit_web_view_load_request(view, request)
        g_object_unref(UnsafeMutableRawPointer(request))
    }

    /// Loads `html` with `baseURL` as its URL.
    func loadHTML(_ html: String, baseURL: String) {
        guard !isClosed else { return }
        willLoad()
        webkit_web_view_load_html(view, html, baseURL)
    }

    /// Ends the web process; `webProcessTerminated(_:)` hears it.
    func terminateWebContentProcess() {
        guard !isClosed else { return }
        webkit_web_view_terminate_web_process(view)
    }

    /// The MIME type and charset a `Content-Type` header names, HTML in UTF-8 by default.
    private static func contentType(_ headers: [HTTPHeader]) -> (mimeType: String, encoding: String) {
        guard let value = headers.values(named: "Content-Type").first else { return ("text/html", "UTF-8") }
        let parts = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let mimeType = parts.first ?? "text/html"
        let charset = parts.dropFirst().first { $0.lowercased().hasPrefix("charset=") }
        let encoding = charset.map { String($0.dropFirst("charset=".count)) } ?? "UTF-8"
        return (mimeType.isEmpty ? "text/html" : mimeType, encoding)
    }

    /// Notes that we started a load, before WebKit reports it.
    private func willLoad() {
        isLoading = true
        loadError = nil
    }

    /// Calls `waiter` once no load is in progress, or with `error` now.
    func whenLoaded(_ waiter: @escaping (Result<Void, WebKitGTKError>) -> Void) -> Int? {
        if isClosed {
            waiter(.failure(.closed))
            return nil
        }
        guard isLoading else {
            waiter(loadError.map { .failure($0) } ?? .success(()))
            return nil
        }
        nextWaiter += 1
        loadWaiters[nextWaiter] = waiter
        return nextWaiter
    }

    /// Removes a waiter that gave up, such as on a timeout, and tells it `error`.
    func cancelWaiter(_ id: Int, with error: WebKitGTKError) {
        loadWaiters.removeValue(forKey: id)?(.failure(error))
    }

    /// Fails the next wait with `error` without loading anything.
    func rejectLoad(_ error: WebKitGTKError) {
        loadError = error
        finishLoad()
    }

    /// Calls the navigation delegate on the main actor, where WebKit calls it; in order, through the main queue.
    private func tell(_ call: @escaping @MainActor @Sendable (any NavigationDelegate, any WebView) -> Void) {
        guard let delegate = navigationDelegate, let owner else { return }
        performOnMainActor { call(delegate, owner) }
    }

    private func loadChanged(_ event: WebKitLoadEvent) {
        let url = webkit_web_view_get_uri(view).map { String(cString: $0) }
        switch event {
        case WEBKIT_LOAD_STARTED:
            isLoading = true
            loadError = nil
            currentLoadFailed = false
            reportedURL.withLock { $0.started(url) }
            tell { $0.webView($1, didStartProvisionalNavigation: NavigationStart(url: url)) }
        case WEBKIT_LOAD_COMMITTED:
            reportedURL.withLock { $0.committed(url) }
            tell { $0.webView($1, didCommit: NavigationCommit(url: url)) }
        case WEBKIT_LOAD_FINISHED:
            reportedURL.withLock { $0.committed(url) }
            if !currentLoadFailed { tell { $0.webView($1, didFinish: NavigationFinish(url: url)) } }
            if cancelledLoadPending {
                cancelledLoadPending = false
            } else {
                finishLoad()
            }
        default:
            break
        }
    }

    private func loadFailed(uri: String, error: UnsafeMutablePointer<GError>?, committed: Bool) {
        currentLoadFailed = true
        let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        let domain = error.flatMap { g_quark_to_string($0.pointee.domain).map { String(cString: $0) } } ?? "WebKitGTK"
        let failure = NavigationFailure(
            url: uri, phase: committed ? .committed : .provisional,
            error: NavigationError(domain: domain, code: Int(error?.pointee.code ?? 0), message: reason))
        reportedURL.withLock { $0.failed(failure.phase) }
        tell { $0.tell(failure, in: $1) }
        // A load replaced by a newer one fails as cancelled; the newer one is awaited.
        if let error, hr_is_cancellation(error) != 0 {
            cancelledLoadPending = true
            return
        }
        loadError = WebKitGTKError("loading \(uri) failed: \(reason)")
    }

    /// The page's web process ended: the delegate hears it as from
    /// `WKWebView`, and a load in progress fails instead of waiting forever.
    private func webProcessTerminated(_ reason: WebKitWebProcessTerminationReason) {
        let why =
            switch reason {
            case WEBKIT_WEB_PROCESS_CRASHED: "crashed"
            case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: "exceeded its memory limit"
            default: "was terminated"
            }
        tell { $0.webViewWebContentProcessDidTerminate($1) }
        guard isLoading else { return }
        loadError = WebKitGTKError("the web process \(why) while the page was loading")
        cancelledLoadPending = false
        finishLoad()
    }

    private func finishLoad() {
        guard !isClosed else { return }
        isLoading = false
        let result: Result<Void, WebKitGTKError> = loadError.map { .failure($0) } ?? .success(())
        let waiters = loadWaiters.values
        loadWaiters = [:]
        for waiter in waiters { waiter(result) }
    }
}
#endif
