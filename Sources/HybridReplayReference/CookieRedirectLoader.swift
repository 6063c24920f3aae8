import Foundation
import HybridReplay

/// The seed's cookie workaround ("redirect cookies"): WKWebView does not send
/// the cookies a server sets on a 302 to the redirect target, so the first
/// load goes through the app's own HTTP transport, which puts the jar's
/// cookies on every hop, and the final response is handed to the web view.
///
/// For each ``load(_:)``:
/// 1. the request gets a `Cookie` header with the jar's cookies for its URL
///    (the user's authentication cookies, stored at login);
/// 2. on each redirect, every `Set-Cookie` of the redirect response is stored
///    in the jar, and the proposed request (method and body already changed
///    by the Fetch rules, for example to `GET` after a 303) gets the jar's
///    cookies for *its* URL, so a cookie whose Domain or Path does not match
///    the target stays behind;
/// 3. the final response's `Set-Cookie` headers are stored too, and its body
///    is loaded into the web view with the final URL as base, as
///    `loadHTMLString(_:baseURL:)` does.
///
/// Which cookies match a URL is the jar's decision (RFC 6265 domain, path,
/// `Secure` and expiry rules), as `HTTPCookieStorage.cookies(for:)` is in the
/// seed. A request that fails outright loads nothing.
public struct CookieRedirectLoader: Sendable {
    private let webView: any WebView
    private let transport: any HTTPTransport
    private let cookieStore: any CookieStore
    private let now: @Sendable () -> Date

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - webView: Where the final response is shown.
    ///   - transport: The HTTP client that follows the redirects.
    ///   - cookieStore: The shared jar: read before every hop, written with
    ///     every `Set-Cookie`.
    ///   - now: The time a `Max-Age` attribute counts from.
    public init(
        webView: any WebView, transport: any HTTPTransport, cookieStore: any CookieStore,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.webView = webView
        self.transport = transport
        self.cookieStore = cookieStore
        self.now = now
    }

    /// Loads `request` through the transport with cookies on every hop, then
    /// shows the final response in the web view.
    ///
    /// - Returns: The final response, or `nil` when the request failed.
    @discardableResult
    public func load(_ request: HTTPRequest) async -> HTTPResponse? {
        let hops = Hops(loader: self, url: request.url)
        let first = await withJarCookies(request)
        guard let response = try? await transport.send(first, redirectDelegate: hops) else { return nil }
        let finalURL = hops.currentURL
        await store(cookiesSetBy: response, for: finalURL)
        webView.load(NavigationLoad(url: finalURL, body: response.body ?? .text("")))
        return response
    }

    /// `request` with its `Cookie` header replaced by the jar's cookies for its URL.
    func withJarCookies(_ request: HTTPRequest) async -> HTTPRequest {
        var request = request
        request.headers.removeAll { $0.name.caseInsensitiveCompare("Cookie") == .orderedSame }
        if let header = SetCookie.cookieHeader(for: await cookieStore.cookies(for: request.url)) {
            request.headers.append(HTTPHeader("Cookie", header))
        }
        return request
    }

    /// Stores every cookie `response` sets, as answering a request to `url`.
    func store(cookiesSetBy response: HTTPResponse, for url: String) async {
        let date = now()
        for header in response.headers.values(named: "Set-Cookie") {
            guard let cookie = SetCookie.parse(header, requestURL: url, now: date) else { continue }
            await cookieStore.setCookie(cookie)
        }
    }

    /// The redirect delegate of one load: it knows which URL the current hop is at.
    private final class Hops: HTTPRedirectDelegate, @unchecked Sendable {
        private let loader: CookieRedirectLoader
        private let lock = NSLock()
        private var url: String

        init(loader: CookieRedirectLoader, url: String) {
            self.loader = loader
            self.url = url
        }

        var currentURL: String { lock.withLock { url } }

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, originalRequest: HTTPRequest)
            async -> HTTPRequest?
        {
            await loader.store(cookiesSetBy: response, for: originalRequest.url)
            let next = await loader.withJarCookies(newRequest)
            lock.withLock { url = next.url }
            return next
        }
    }
}
