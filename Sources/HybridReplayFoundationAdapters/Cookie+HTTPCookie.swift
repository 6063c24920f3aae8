import Foundation
import HybridReplaySeams

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Cookie {
    /// The seam's cookie for a Foundation `HTTPCookie`, such as one from
    /// `HTTPCookieStorage` or `WKHTTPCookieStore.getAllCookies`.
    ///
    /// Both keep a domain cookie's domain with a leading dot
    /// (`.example.com`) and a host-only cookie's without, so the domain passes
    /// through unchanged. The expiry is kept to the millisecond. Foundation
    /// has no policy for `SameSite=None`: such a cookie has no ``sameSite``;
    /// on Linux, whose Foundation has no SameSite at all, no cookie has one.
    ///
    /// - Parameter cookie: The Foundation cookie.
    public init(_ cookie: HTTPCookie) {
        self.init(
            name: cookie.name, value: cookie.value, domain: cookie.domain, path: cookie.path,
            expires: cookie.expiresDate.map(RFC3339.clampedString(milliseconds:)),
            secure: cookie.isSecure, httpOnly: cookie.isHTTPOnly,
            sameSite: SameSitePolicy.of(cookie))
    }

    /// The Foundation `HTTPCookie` for this cookie, to put in
    /// `HTTPCookieStorage` or `WKHTTPCookieStore`.
    ///
    /// ``SameSitePolicy/none`` has no Foundation counterpart and is left out,
    /// as is every ``sameSite`` on Linux.
    ///
    /// - Returns: The cookie.
    /// - Throws: ``CookieConversionError`` when the name or domain is empty,
    ///   ``expires`` is not an RFC 3339 date, or Foundation refuses the properties.
    public func httpCookie() throws(CookieConversionError) -> HTTPCookie {
        guard !name.isEmpty, !domain.isEmpty else {
            throw CookieConversionError(cookie: name, problem: .emptyNameOrDomain)
        }
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: name, .value: value, .domain: domain, .path: path,
        ]
        if let expires {
            guard let date = RFC3339.date(expires) else {
                throw CookieConversionError(cookie: name, problem: .invalidExpiry(expires))
            }
            properties[.expires] = date
        }
        if secure { properties[.secure] = "TRUE" }
        if httpOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        sameSite?.add(to: &properties)
        guard let cookie = HTTPCookie(properties: properties) else {
            throw CookieConversionError(cookie: name, problem: .refusedByFoundation)
        }
        return cookie
    }
}

// swift-corelibs-foundation's HTTPCookie has no SameSite policy: on Linux a
// converted cookie has no `sameSite`, and one set is not passed to Foundation.
extension SameSitePolicy {
    #if canImport(Darwin)
    static func of(_ cookie: HTTPCookie) -> SameSitePolicy? {
        switch cookie.sameSitePolicy {
        case .sameSiteLax?: .lax
        case .sameSiteStrict?: .strict
        default: nil
        }
    }

    func add(to properties: inout [HTTPCookiePropertyKey: Any]) {
        switch self {
        case .lax: properties[.sameSitePolicy] = HTTPCookieStringPolicy.sameSiteLax
        case .strict: properties[.sameSitePolicy] = HTTPCookieStringPolicy.sameSiteStrict
        default: break
        }
    }
    #else
    static func of(_ cookie: HTTPCookie) -> SameSitePolicy? { nil }

    func add(to properties: inout [HTTPCookiePropertyKey: Any]) {}
    #endif
}

/// Why a ``Cookie`` has no Foundation `HTTPCookie`.
public struct CookieConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the cookie.
    public struct Problem: Sendable, Hashable {
        fileprivate enum Kind: Hashable { case invalidExpiry(String), emptyNameOrDomain, refusedByFoundation }
        fileprivate let kind: Kind

        /// ``Cookie/expires`` is not an RFC 3339 date.
        public static func invalidExpiry(_ text: String) -> Problem { Problem(kind: .invalidExpiry(text)) }
        /// The name or the domain is empty.
        public static let emptyNameOrDomain = Problem(kind: .emptyNameOrDomain)
        /// `HTTPCookie(properties:)` returned `nil`.
        public static let refusedByFoundation = Problem(kind: .refusedByFoundation)
    }

    /// The cookie's name.
    public var cookie: String
    public var problem: Problem

    public init(cookie: String, problem: Problem) {
        self.cookie = cookie
        self.problem = problem
    }

    public var description: String {
        switch problem.kind {
        case .invalidExpiry(let text):
            "cookie '\(cookie)': expires '\(text)' is not an RFC 3339 date, such as 2026-01-31T12:00:00Z"
        case .emptyNameOrDomain:
            "cookie '\(cookie)': a cookie needs a name and a domain"
        case .refusedByFoundation:
            "cookie '\(cookie)': HTTPCookie(properties:) refused it"
        }
    }
}
