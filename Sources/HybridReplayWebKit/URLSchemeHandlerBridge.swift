import Foundation
import HybridReplaySeams
import HybridReplayFoundationAdapters

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// The `WKURLSchemeHandler` a `WKWebViewConfiguration` holds for one scheme,
/// answering through whichever seam ``URLSchemeHandler`` the web view's
/// ``WebKitWebView/setURLSchemeHandler(_:forURLScheme:)`` set last.
///
/// WebKit takes scheme handlers on the configuration only, before the web
/// view exists; the seam sets them on the web view. So the configuration is
/// given one bridge per scheme up front (``WebKitURLSchemes``), and the web
/// view fills it in. With no seam handler set, a request fails.
@MainActor package final class URLSchemeHandlerBridge: NSObject, WKURLSchemeHandler {
    package var handler: (any URLSchemeHandler)?
    private let report: @Sendable (WebKitAdapterIssue) -> Void
    /// The seam task handed out for each WebKit task not yet stopped, so `stop` gets the same object.
    private var tasks: [ObjectIdentifier: WebKitURLSchemeTask] = [:]

    package init(report: @escaping @Sendable (WebKitAdapterIssue) -> Void) {
        self.report = report
        super.init()
    }

    package func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
        let task = WebKitURLSchemeTask(urlSchemeTask, report: report)
        guard let handler else {
            return task.didFailWithError(URLError(.unsupportedURL))
        }
        tasks[ObjectIdentifier(urlSchemeTask)] = task
        handler.start(task)
    }

    package func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {
        guard let task = tasks.removeValue(forKey: ObjectIdentifier(urlSchemeTask)), task.markStopped() else { return }
        handler?.stop(task)
    }
}

/// A `WKURLSchemeTask` behind the seam's ``URLSchemeTask``.
///
/// Calls WebKit raises an exception for — after the task ended or was
/// stopped, data before a response head — are not passed on but reported,
/// so the app does not crash on them and the test hears of them.
package final class WebKitURLSchemeTask: URLSchemeTask, @unchecked Sendable {
    private enum Stage {
        case started
        case responded
        case ended
        case stopped
    }

    package let request: URLSchemeRequest
    // A WebKit object; WebKit allows its methods from any thread, and each use passes the stage check under the lock first.
    private let task: any WKURLSchemeTask
    private let stage = Locked(Stage.started)
    private let report: @Sendable (WebKitAdapterIssue) -> Void

    @MainActor package init(_ task: any WKURLSchemeTask, report: @escaping @Sendable (WebKitAdapterIssue) -> Void) {
        self.task = task
        self.report = report
        request = Self.request(task.request)
    }

    package func didReceive(_ response: URLSchemeResponse) {
        guard let converted = Self.response(response) else {
            report(WebKitAdapterIssue(.invalidURL, "the response head for \(request.url) has the URL '\(response.url)', which does not parse"))
            return
        }
        guard advance("didReceive(_:) with a response head", allowed: [.started, .responded], to: .responded) else { return }
        task.didReceive(converted)
    }

    package func didReceive(_ data: Data) {
        guard advance("didReceive(_:) with data", allowed: [.responded], to: .responded) else { return }
        task.didReceive(data)
    }

    package func didFinish() {
        guard advance("didFinish()", allowed: [.responded], to: .ended) else { return }
        task.didFinish()
    }

    package func didFailWithError(_ error: any Error) {
        guard advance("didFailWithError(_:)", allowed: [.started, .responded], to: .ended) else { return }
        task.didFailWithError(error)
    }

    /// Marks the task stopped unless its answer already ended; whether it was still open.
    func markStopped() -> Bool {
        stage.withLock { stage in
            guard stage == .started || stage == .responded else { return false }
            stage = .stopped
            return true
        }
    }

    /// Moves to `next` when the task is in one of `allowed`; otherwise reports the call.
    private func advance(_ call: String, allowed: Set<Stage>, to next: Stage) -> Bool {
        let current = stage.withLock { stage -> Stage in
            let current = stage
            if allowed.contains(current) { stage = next }
            return current
        }
        guard !allowed.contains(current) else { return true }
        let why =
            switch current {
            case .started: "before a response head"
            case .responded: "in the wrong order"
            case .ended: "after the task ended"
            case .stopped: "after WebKit stopped the task"
            }
        report(WebKitAdapterIssue(.calledTwice, "\(call) for \(request.url) \(why); WebKit raises an exception for it; dropped"))
        return false
    }

    /// The seam's request: headers sorted by name, since `URLRequest` keeps them in a dictionary.
    private static func request(_ request: URLRequest) -> URLSchemeRequest {
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { HTTPHeader($0.key, $0.value) }
        let body = request.httpBody.map { data in String(data: data, encoding: .utf8).map(HTTPBody.text) ?? .bytes(data) }
        return URLSchemeRequest(
            url: request.url?.absoluteString ?? "", method: request.httpMethod ?? "GET", headers: headers, body: body)
    }

    /// An `HTTPURLResponse` for a head with a status, a plain `URLResponse` otherwise.
    private static func response(_ response: URLSchemeResponse) -> URLResponse? {
        guard let url = URL(string: response.url) else { return nil }
        guard let status = response.status else {
            return URLResponse(url: url, mimeType: response.mimeType, expectedContentLength: -1, textEncodingName: nil)
        }
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name] = fields[header.name].map { "\($0), \(header.value)" } ?? header.value }
        // HTTPURLResponse takes its MIME type from Content-Type.
        if let mimeType = response.mimeType, response.headers.values(named: "Content-Type").isEmpty { fields["Content-Type"] = mimeType }
        return HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)
    }
}

/// The schemes a `WKWebViewConfiguration` is prepared to serve through the
/// seam: create it on the configuration before creating the `WKWebView`,
/// and pass it to ``WebKitWebView/init(_:urlSchemes:reportIssue:)``.
///
/// ```swift
/// let configuration = WKWebViewConfiguration()
/// let schemes = WebKitURLSchemes(["capacitor"], on: configuration)
/// let webView = WebKitWebView(WKWebView(frame: .zero, configuration: configuration), urlSchemes: schemes)
/// ```
public final class WebKitURLSchemes: Sendable {
    private let bridges: [String: URLSchemeHandlerBridge]
    private let issues = Locked<[@Sendable (WebKitAdapterIssue) -> Void]>([])

    /// Registers a handler for each of `schemes` on `configuration`; the web
    /// view's ``WebKitWebView/setURLSchemeHandler(_:forURLScheme:)`` decides what answers.
    @MainActor public init(_ schemes: [String], on configuration: WKWebViewConfiguration) {
        let issues = issues
        var bridges: [String: URLSchemeHandlerBridge] = [:]
        for scheme in schemes {
            let bridge = URLSchemeHandlerBridge { issue in for report in issues.current { report(issue) } }
            configuration.setURLSchemeHandler(bridge, forURLScheme: scheme)
            bridges[scheme.lowercased()] = bridge
        }
        self.bridges = bridges
    }

    /// The bridge for `scheme`, when the configuration was prepared for it.
    func bridge(for scheme: String) -> URLSchemeHandlerBridge? { bridges[scheme.lowercased()] }

    /// The schemes prepared, sorted.
    var schemes: [String] { bridges.keys.sorted() }

    /// Sends the bridges' issues to `report` too.
    func forwardIssues(to report: @escaping @Sendable (WebKitAdapterIssue) -> Void) {
        issues.withLock { $0.append(report) }
    }
}
