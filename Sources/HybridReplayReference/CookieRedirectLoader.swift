import Foundation
import HybridReplaySeams

/// The seed's cookie workaround ("redirect cookies"): WKWebView does not send
/// the cookies a server sets on a 302 to the redirect target, so the first
/// load goes through the app's own HTTP transport, which puts the jar's
/// cookies on every hop, and the final response is handed to the web view.
///
/// For each ``load(_:)``:
/// 1. the request gets one `Cookie` header: the caller's own cookies first,
///    if it set a `Cookie` header (as the seed's `request.addValue(_:forHTTPHeaderField:)`
///    adds the user's authentication cookies), then the jar's cookies for its
///    URL whose names the caller did not set, joined with `; `;
/// 2. on each redirect, every `Set-Cookie` of the redirect response is stored
///    in the jar, and the proposed request (method and body already changed
///    by the Fetch rules, for example to `GET` after a 303) gets the jar's
///    cookies for *its* URL and no others: the caller's cookies were meant
///    for the first URL, and may not go to another host;
/// 3. the final response's `Set-Cookie` headers are stored too, and its body
///    is loaded into the web view with the final URL as base and the
///    response's `Content-Type` header, as `load(_:mimeType:characterEncodingName:baseURL:)`
///    needs.
///
/// Which cookies match a URL is the jar's decision (RFC 6265 domain, path,
/// `Secure` and expiry rules), as `HTTPCookieStorage.cookies(for:)` is in the
/// seed: the loader sends what the jar answers. A request that fails
/// outright loads nothing.
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

    /// Creates a loader on `platform`'s web view, transport and cookie store,
    /// counting `Max-Age` from its wall clock, so a replay counts from the recording's date.
    public init(platform: Platform) {
        let wallClock = platform.wallClock
        self.init(
            webView: platform.webView, transport: platform.transport, cookieStore: platform.cookieStore,
            now: { wallClock.now })
    }

    /// Loads `request` through the transport with cookies on every hop, then
    /// shows the final response in the web view.
    ///
    /// - Returns: The final response, or `nil` when the request failed.
    @discardableResult
    public func load(_ request: HTTPRequest) async -> HTTPResponse? {
        let hops = Hops(loader: self, url: request.urlString)
        let first = await withCookies(request, keepingCaller: true)
        guard let response = try? await transport.send(first, redirectDelegate: hops) else { return nil }
        let finalURL = hops.currentURL
        await store(cookiesSetBy: response, for: finalURL)
        // The adapter over `load(_:mimeType:characterEncodingName:baseURL:)` reads the MIME type and charset here.
        let contentType = response.headers.first { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        webView.load(
            NavigationLoad(url: finalURL, headers: contentType.map { [$0] } ?? [], body: response.body ?? .text("")))
        return response
    }

    /// `request` with one `Cookie` header at the place of the first one it
    /// had, or last: the caller's cookies when `keepingCaller`, then the
    /// jar's cookies for its URL whose names the caller did not set; no
    /// `Cookie` header when there are no cookies at all.
    ///
    /// A caller's cookie wins over the jar's of the same name: the caller put
    /// it on this request on purpose, and servers disagree on which of two
    /// cookies with one name they read.
    func withCookies(_ request: HTTPRequest, keepingCaller: Bool) async -> HTTPRequest {
        let isCookie = { (header: HTTPHeader) in header.name.caseInsensitiveCompare("Cookie") == .orderedSame }
        let caller =
            keepingCaller
            ? request.headers.filter(isCookie).map { $0.value.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            : []
        let taken = Set(caller.flatMap(Self.cookieNames(in:)))
        let jar = await cookieStore.cookies(for: request.urlString).filter { !taken.contains($0.name) }
        let value = (caller + [SetCookie.cookieHeader(for: jar)].compactMap { $0 }).joined(separator: "; ")
        var request = request
        let position = request.headers.firstIndex(where: isCookie) ?? request.headers.endIndex
        request.headers.removeAll(where: isCookie)
        if !value.isEmpty {
            request.headers.insert(HTTPHeader("Cookie", value), at: min(position, request.headers.endIndex))
        }
        return request
    }

    /// The names in a `Cookie` header value: `a=1; b=2` → `a`, `b`. A pair
    /// without `=` is a nameless cookie, which no jar cookie can clash with.
    static func cookieNames(in header: String) -> [String] {
        header.split(separator: ";").compactMap { pair in
            pair.firstIndex(of: "=").map { pair[..<$0].trimmingCharacters(in: .whitespaces) }
        }
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
    private final class Hops: HTTPRedirectDelegate, Sendable {
        private let loader: CookieRedirectLoader
        private let url: Locked<String>

        init(loader: CookieRedirectLoader, url: String) {
            self.loader = loader
            self.url = Locked(url)
        }

        var currentURL: String { url.current }

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest)
            async -> HTTPRequest?
        {
            await loader.store(cookiesSetBy: response, for: currentRequest.urlString)
            let next = await loader.withCookies(newRequest, keepingCaller: false)
            url.withLock { $0 = next.urlString }
            return next
        }
    }
}
