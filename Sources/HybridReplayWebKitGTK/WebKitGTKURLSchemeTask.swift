#if WebKitGTK
import CWebKitGTK
import Foundation
import HybridReplaySeams

/// One WebKitGTK `WebKitURISchemeRequest` behind the ``URLSchemeTask`` seam.
///
/// WebKitGTK takes an answer whole: a response with a body stream, given
/// once (`webkit_uri_scheme_request_finish_with_response`). So the task
/// gathers the head and every piece of data the app sends and hands them to
/// WebKit when the app calls `didFinish()`; the page sees nothing of the
/// answer before then. `didFailWithError(_:)` fails the request
/// (`webkit_uri_scheme_request_finish_error`). WebKitGTK never tells a
/// handler that a request was stopped, so ``URLSchemeHandler/stop(_:)`` is
/// never called. Calls out of order or after the end are not passed to
/// WebKit; the web view's `reportIssue` hears of them.
final class WebKitGTKURLSchemeTask: URLSchemeTask, @unchecked Sendable {
    let request: URLSchemeRequest
    private let page: WebKitGTKPage
    /// Touched only on the GTK thread: the request until the answer ends, then `nil`.
    private var pending: OpaquePointer?
    private var response: URLSchemeResponse?
    private var body = Data()

    /// Reads `request` on the GTK thread and keeps a reference until the answer ends.
    init(_ request: OpaquePointer, page: WebKitGTKPage) {
        self.page = page
        pending = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(request)))
        self.request = Self.read(request)
    }

    func didReceive(_ response: URLSchemeResponse) {
        page.thread.perform { [self] in
            guard pending != nil else { return misuse("a response head after the task ended") }
            guard self.response == nil else { return misuse("a second response head") }
            self.response = response
        }
    }

    func didReceive(_ data: Data) {
        page.thread.perform { [self] in
            guard pending != nil else { return misuse("data after the task ended") }
            guard response != nil else { return misuse("data before a response head") }
            body.append(data)
        }
    }

    func didFinish() {
        page.thread.perform { [self] in
            guard let request = pending else { return misuse("didFinish() after the task ended") }
            guard let response else {
                misuse("didFinish() without a response head; the request was failed")
                return end { Self.fail(request, "the app finished its answer without a response head") }
            }
            end { Self.finish(request, response: response, body: body) }
        }
    }

    func didFailWithError(_ error: any Error) {
        page.thread.perform { [self] in
            guard let request = pending else { return misuse("didFailWithError(_:) after the task ended") }
            end { Self.fail(request, String(describing: error)) }
        }
    }

    /// Runs `answer` with the request still referenced, then lets the request go.
    private func end(_ answer: () -> Void) {
        guard let request = pending else { return }
        pending = nil
        if !page.isClosed { answer() }
        g_object_unref(UnsafeMutableRawPointer(request))
    }

    private func misuse(_ what: String) {
        page.reportIssue(WebKitGTKError("the scheme task for \(request.method) \(request.urlString) got \(what)"))
    }

    // MARK: WebKitGTK calls

    /// The request as the seam has it: URI, method, headers and body; WebKitGTK names no frame.
    private static func read(_ request: OpaquePointer) -> URLSchemeRequest {
        let url = webkit_uri_scheme_request_get_uri(request).map { String(cString: $0) } ?? ""
        let method = webkit_uri_scheme_request_get_http_method(request).map { String(cString: $0) } ?? "GET"
        var headers: [HTTPHeader] = []
        if let soupHeaders = webkit_uri_scheme_request_get_http_headers(request) {
            var iterator = SoupMessageHeadersIter()
            soup_message_headers_iter_init(&iterator, soupHeaders)
            var name: UnsafePointer<CChar>?
            var value: UnsafePointer<CChar>?
            while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
                if let name, let value { headers.append(HTTPHeader(String(cString: name), String(cString: value))) }
            }
        }
        var body: HTTPBody?
        if let stream = webkit_uri_scheme_request_get_http_body(request) {
            let data = readAll(stream)
            g_object_unref(UnsafeMutableRawPointer(stream))
            if !data.isEmpty { body = String(data: data, encoding: .utf8).map(HTTPBody.text) ?? .bytes(data) }
        }
        return URLSchemeRequest(url: url, method: method, headers: headers, body: body)
    }

    /// Everything `stream` holds: a request body WebKit has in memory.
    private static func readAll(_ stream: UnsafeMutablePointer<GInputStream>) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var read: gsize = 0
            let ok = buffer.withUnsafeMutableBytes {
                g_input_stream_read_all(stream, $0.baseAddress, gsize($0.count), &read, nil, nil)
            }
            data.append(contentsOf: buffer.prefix(Int(read)))
            if ok == 0 || Int(read) < buffer.count { return data }
        }
    }

    /// Answers `request` with `response` and `body` in one piece, as WebKitGTK takes it.
    private static func finish(_ request: OpaquePointer, response: URLSchemeResponse, body: Data) {
        let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let stream = g_memory_input_stream_new_from_bytes(bytes)
        g_bytes_unref(bytes)
        guard let answer = webkit_uri_scheme_response_new(stream, gint64(body.count)) else {
            g_object_unref(UnsafeMutableRawPointer(stream))
            return fail(request, "WebKitGTK could not create a response")
        }
        webkit_uri_scheme_response_set_status(answer, guint(response.status ?? 200), nil)
        if let contentType = response.mimeType ?? response.headers.values(named: "Content-Type").first {
            webkit_uri_scheme_response_set_content_type(answer, contentType)
        }
        if !response.headers.isEmpty, let headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_RESPONSE) {
            for header in response.headers { soup_message_headers_append(headers, header.name, header.value) }
            // Takes ownership of the headers.
            webkit_uri_scheme_response_set_http_headers(answer, headers)
        }
        webkit_uri_scheme_request_finish_with_response(request, answer)
        g_object_unref(UnsafeMutableRawPointer(answer))
        g_object_unref(UnsafeMutableRawPointer(stream))
    }

    /// Fails `request` with `message`: the page sees a failed load.
    static func fail(_ request: OpaquePointer, _ message: String) {
        let error = g_error_new_literal(g_quark_from_string("HybridReplayURLScheme"), 1, message)
        webkit_uri_scheme_request_finish_error(request, error)
        g_error_free(error)
    }
}
#endif
