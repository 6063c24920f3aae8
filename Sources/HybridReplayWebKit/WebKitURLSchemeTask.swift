import Foundation
import HybridReplaySeams
import HybridReplayFoundationAdapters

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// A `WKURLSchemeTask` behind the seam's ``URLSchemeTask``.
///
/// Calls WebKit raises an exception for — after the task ended or was
/// stopped, data before a response head — are not passed on but reported,
/// so the app does not crash on them and the test hears of them. The others
/// reach WebKit on the main actor, in the order they were made.
package final class WebKitURLSchemeTask: URLSchemeTask, @unchecked Sendable {
    private enum Stage {
        case started
        case responded
        case ended
        case stopped
    }

    package let request: URLSchemeRequest
    // A WebKit object, used only on the main actor, as every WebKit call of the adapter is, after the stage check.
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
            report(WebKitAdapterIssue(.invalidURL, "the response head for \(request.urlString) has the URL '\(response.urlString)', which does not parse"))
            return
        }
        guard advance("didReceive(_:) with a response head", allowed: [.started, .responded], to: .responded) else { return }
        performOnMainActor { self.task.didReceive(converted) }
    }

    package func didReceive(_ data: Data) {
        guard advance("didReceive(_:) with data", allowed: [.responded], to: .responded) else { return }
        performOnMainActor { self.task.didReceive(data) }
    }

    package func didFinish() {
        guard advance("didFinish()", allowed: [.responded], to: .ended) else { return }
        performOnMainActor { self.task.didFinish() }
    }

    package func didFailWithError(_ error: any Error) {
        guard advance("didFailWithError(_:)", allowed: [.started, .responded], to: .ended) else { return }
        let failure = error as NSError
        performOnMainActor { self.task.didFailWithError(failure) }
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
        report(WebKitAdapterIssue(.calledTwice, "\(call) for \(request.urlString) \(why); WebKit raises an exception for it; dropped"))
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
        guard let url = URL(string: response.urlString) else { return nil }
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
