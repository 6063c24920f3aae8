import Foundation
import HybridReplay

/// The seed's cookie-redirect loader: it makes the first request itself with
/// the auth cookie, adds the jar's cookies to every redirected request, and
/// hands the final page to the web view.
final class ExampleCookieLoader: HTTPRedirectDelegate {
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        static let skipsCookieInjection = Fault(name: "skips cookie injection on redirect")
    }

    let transport: any HTTPTransport
    let webView: any WebView
    let fault: Fault
    private let jar: LockedJar

    init(platform: Platform, authCookie: (name: String, value: String), fault: Fault = .none) {
        transport = platform.transport
        webView = platform.webView
        self.fault = fault
        jar = LockedJar([(authCookie.name, authCookie.value)])
    }

    func load(_ url: String) async throws {
        let request = HTTPRequest(url: url, headers: [HTTPHeader("Cookie", jar.header)])
        let response = try await transport.send(request, redirectDelegate: self)
        webView.load(NavigationLoad(url: jar.lastURL ?? url, body: response.body))
    }

    func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest) async
        -> HTTPRequest?
    {
        for header in response.headers.values(named: "Set-Cookie") {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { jar.set(String(pair[0]), String(pair[1])) }
        }
        jar.lastURL = newRequest.urlString
        var next = newRequest
        if fault != .skipsCookieInjection { next.headers.append(HTTPHeader("Cookie", jar.header)) }
        return next
    }

    private final class LockedJar: @unchecked Sendable {
        private let lock = NSLock()
        private var cookies: [(String, String)]
        private var url: String?

        init(_ cookies: [(String, String)]) { self.cookies = cookies }

        var header: String { lock.withLock { cookies.map { "\($0)=\($1)" }.joined(separator: "; ") } }

        var lastURL: String? {
            get { lock.withLock { url } }
            set { lock.withLock { url = newValue } }
        }

        func set(_ name: String, _ value: String) {
            lock.withLock {
                cookies.removeAll { $0.0 == name }
                cookies.append((name, value))
            }
        }
    }
}
