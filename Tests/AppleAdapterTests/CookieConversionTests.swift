import Foundation
import HybridReplayFoundationAdapters
import HybridReplaySeams
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Cookie and HTTPCookie")
struct CookieConversionTests {
    @Test("a host-only cookie keeps its domain without a dot, both ways")
    func hostOnly() throws {
        let cookie = Cookie(name: "sid", value: "abc", domain: "example.com", path: "/account")
        let foundation = try cookie.httpCookie()
        #expect(foundation.domain == "example.com")
        #expect(foundation.path == "/account")
        #expect(foundation.expiresDate == nil)
        #expect(Cookie(foundation) == cookie)
    }

    @Test("a domain cookie keeps its leading dot, both ways")
    func domainCookie() throws {
        let cookie = Cookie(
            name: "pref", value: "dark", domain: ".example.com", path: "/", expires: "2030-01-01T00:00:00Z",
            secure: true, httpOnly: true, sameSite: Self.sameSiteKept(.lax))
        let foundation = try cookie.httpCookie()
        #expect(foundation.domain == ".example.com")
        #expect(foundation.isSecure)
        #expect(foundation.isHTTPOnly)
        #expect(foundation.expiresDate == Date(timeIntervalSince1970: 1_893_456_000))
        #expect(Cookie(foundation) == cookie)
    }

    @Test("host-only and domain cookies with the same name stay two cookies")
    func bothVariants() throws {
        let hostOnly = try Cookie(name: "sid", value: "1", domain: "example.com").httpCookie()
        let domain = try Cookie(name: "sid", value: "2", domain: ".example.com").httpCookie()
        #expect(Cookie(hostOnly).domain != Cookie(domain).domain)
        #expect(Set([Cookie(hostOnly), Cookie(domain)]).count == 2)
    }

    @Test("SameSite=None, which Foundation has no policy for, is left out")
    func sameSiteNone() throws {
        let foundation = try Cookie(name: "a", value: "b", domain: "example.com", secure: true, sameSite: SameSitePolicy.none).httpCookie()
        #expect(Cookie(foundation).sameSite == nil)
        let strict = try Cookie(name: "a", value: "b", domain: "example.com", sameSite: .strict).httpCookie()
        #expect(Cookie(strict).sameSite == Self.sameSiteKept(.strict))
    }

    /// What a round trip keeps of `policy`: all of it on Apple platforms, nothing on
    /// Linux, whose Foundation has no SameSite.
    static func sameSiteKept(_ policy: SameSitePolicy) -> SameSitePolicy? {
        #if canImport(Darwin)
        policy
        #else
        nil
        #endif
    }

    @Test("an expiry that is not an RFC 3339 date is a clear error")
    func invalidExpiry() {
        let cookie = Cookie(name: "sid", value: "abc", domain: "example.com", expires: "next Tuesday")
        #expect(throws: CookieConversionError(cookie: "sid", problem: .invalidExpiry("next Tuesday"))) {
            try cookie.httpCookie()
        }
        #expect(
            CookieConversionError(cookie: "sid", problem: .invalidExpiry("next Tuesday")).description
                == "cookie 'sid': expires 'next Tuesday' is not an RFC 3339 date, such as 2026-01-31T12:00:00Z")
    }

    @Test("a cookie without a name or a domain is a clear error")
    func emptyNameOrDomain() {
        #expect(throws: CookieConversionError(cookie: "", problem: .emptyNameOrDomain)) {
            try Cookie(name: "", value: "abc", domain: "example.com").httpCookie()
        }
        #expect(throws: CookieConversionError(cookie: "sid", problem: .emptyNameOrDomain)) {
            try Cookie(name: "sid", value: "abc", domain: "").httpCookie()
        }
        #expect(
            CookieConversionError(cookie: "sid", problem: .emptyNameOrDomain).description
                == "cookie 'sid': a cookie needs a name and a domain")
    }
}
