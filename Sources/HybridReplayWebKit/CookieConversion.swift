import Foundation
import HybridReplaySeams

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPCookie` ↔ Cookie.
///
/// Both write a domain cookie's domain with a leading dot and a host-only
/// cookie's without, so the domain passes through unchanged.
package enum CookieConversion {
    /// The seam's form of `cookie`; `expires` is RFC 3339 in UTC, whole seconds.
    package static func cookie(_ cookie: HTTPCookie) -> Cookie {
        Cookie(
            name: cookie.name, value: cookie.value, domain: cookie.domain, path: cookie.path,
            expires: cookie.expiresDate.map(RFC3339.string(from:)), secure: cookie.isSecure,
            httpOnly: cookie.isHTTPOnly, sameSite: sameSite(of: cookie))
    }

    /// The `HTTPCookie` for `cookie`.
    ///
    /// - Throws: CookieConversionError when Foundation rejects the
    ///   properties (an empty name or domain) or `expires` is not RFC 3339.
    package static func httpCookie(_ cookie: Cookie) throws(CookieConversionError) -> HTTPCookie {
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: cookie.name, .value: cookie.value, .domain: cookie.domain, .path: cookie.path,
        ]
        if let expires = cookie.expires {
            guard let date = RFC3339.date(expires) else {
                throw CookieConversionError(cookie: cookie, reason: "expires '\(expires)' is not an RFC 3339 date")
            }
            properties[.expires] = date
        }
        if cookie.secure { properties[.secure] = "TRUE" }
        if cookie.httpOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        #if canImport(WebKit)
        if let sameSite = cookie.sameSite {
            properties[.sameSitePolicy] = sameSite == .strict ? HTTPCookieStringPolicy.sameSiteStrict.rawValue
                : sameSite == .lax ? HTTPCookieStringPolicy.sameSiteLax.rawValue : "none"
        }
        #endif
        guard let httpCookie = HTTPCookie(properties: properties) else {
            throw CookieConversionError(cookie: cookie, reason: "Foundation's HTTPCookie rejects its properties")
        }
        return httpCookie
    }

    /// `SameSite` is read on Apple platforms only: swift-corelibs-foundation's
    /// `HTTPCookie` has no `sameSitePolicy`.
    private static func sameSite(of cookie: HTTPCookie) -> SameSitePolicy? {
        #if canImport(WebKit)
        switch cookie.sameSitePolicy {
        case HTTPCookieStringPolicy.sameSiteStrict?: .strict
        case HTTPCookieStringPolicy.sameSiteLax?: .lax
        default: nil
        }
        #else
        nil
        #endif
    }
}

/// A Cookie that has no `HTTPCookie` form.
public struct CookieConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var cookie: Cookie
    public var reason: String

    public var description: String { "cookie '\(cookie.name)' for \(cookie.domain): \(reason)" }
}
