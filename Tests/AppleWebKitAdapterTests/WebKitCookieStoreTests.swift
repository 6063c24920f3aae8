// Drives the adapter with fakes built from the mirror's "Mirror-only" initialisers, which the
// real SDK does not have: compiled where AppleMirrorWebKit stands in for WebKit (docs/apple-adapters.md).
#if !canImport(WebKit)

import Foundation
import HybridReplayFoundationAdapters
import HybridReplaySeams
import Testing

@testable import HybridReplayWebKit

#if canImport(WebKit)
import WebKit
#else
import AppleMirrorWebKit
#endif

/// A cookie store holding cookies in memory, answering synchronously as the mirror allows.
@MainActor final class FakeCookieStore: WKHTTPCookieStore {
    var cookies: [HTTPCookie] = []

    override func getAllCookies(_ completionHandler: @escaping @MainActor @Sendable ([HTTPCookie]) -> Void) {
        completionHandler(cookies)
    }

    override func setCookie(_ cookie: HTTPCookie, completionHandler: (@MainActor @Sendable () -> Void)? = nil) {
        cookies.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
        cookies.append(cookie)
        completionHandler?()
    }
}

@MainActor
@Suite("WebKitCookieStore")
struct WebKitCookieStoreTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_767_225_600)

    @Test("a host-only cookie goes to its host only; a domain cookie to subdomains too")
    func hostOnlyAndDomainCookies() async {
        let fake = FakeCookieStore()
        let store = WebKitCookieStore(fake, now: { Self.now })
        await store.setCookie(Cookie(name: "host", value: "1", domain: "app.example"))
        await store.setCookie(Cookie(name: "domain", value: "2", domain: ".app.example"))
        #expect(fake.cookies.map(\.domain) == ["app.example", ".app.example"])

        #expect(await store.cookies(for: "https://app.example/").map(\.name) == ["host", "domain"])
        #expect(await store.cookies(for: "https://api.app.example/").map(\.name) == ["domain"])
        #expect(await store.cookies(for: "https://other.example/").isEmpty)
    }

    @Test("selection matches InMemoryCookieStore's: paths, secure, expiry")
    func matchesInMemoryStore() async {
        let cookies = [
            Cookie(name: "root", value: "r", domain: "app.example"),
            Cookie(name: "deep", value: "d", domain: "app.example", path: "/account"),
            Cookie(name: "secure", value: "s", domain: ".app.example", secure: true),
            Cookie(name: "old", value: "o", domain: "app.example", expires: "2025-01-01T00:00:00Z"),
        ]
        let fake = FakeCookieStore()
        fake.cookies = cookies.compactMap { try? $0.httpCookie() }
        #expect(fake.cookies.count == 4)
        let store = WebKitCookieStore(fake, now: { Self.now })
        let memory = InMemoryCookieStore(now: { Self.now })
        for cookie in cookies { memory.setCookie(cookie) }
        for url in ["http://app.example/account/x", "https://app.example/accounting", "https://app.example/"] {
            let adapted = await store.cookies(for: url).map(\.name)
            #expect(adapted == memory.cookies(for: url).map(\.name), "\(url)")
        }
        #expect(await store.cookies(for: "http://app.example/account/x").map(\.name) == ["deep", "root"])
    }

    @Test("HTTPCookie and Cookie convert both ways")
    func conversionRoundTrips() throws {
        let cookie = Cookie(
            name: "sid", value: "abc", domain: ".app.example", path: "/a", expires: "2027-01-01T00:00:00Z",
            secure: true, httpOnly: true)
        let http = try cookie.httpCookie()
        #expect(http.isSecure && http.isHTTPOnly)
        #expect(Cookie(http) == cookie)
    }

    @Test("a cookie Foundation rejects is reported and not stored")
    func rejectedCookie() async {
        let fake = FakeCookieStore()
        let log = IssueLog()
        let store = WebKitCookieStore(fake, reportIssue: log.report)
        await store.setCookie(Cookie(name: "bad", value: "1", domain: "app.example", expires: "tomorrow"))
        #expect(fake.cookies.isEmpty)
        #expect(log.all.map(\.kind) == [.unsupportedValue])
        #expect(log.all.first?.message.contains("not an RFC 3339 date") == true)
    }
}

#endif
