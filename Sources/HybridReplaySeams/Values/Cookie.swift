import Foundation

/// Which cross-site requests carry a cookie (RFC 6265bis `SameSite`).
public struct SameSitePolicy: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let strict = SameSitePolicy(rawValue: "strict")
    public static let lax = SameSitePolicy(rawValue: "lax")
    public static let none = SameSitePolicy(rawValue: "none")
    public static let known: [SameSitePolicy] = [.strict, .lax, .none]
    public static let valueName = "SameSite policy"
}

/// A cookie as a cookie store holds it (RFC 6265).
public struct Cookie: Sendable, Hashable {
    public var name: String
    public var value: String
    public var domain: String
    public var path: String
    /// When the cookie expires, as an RFC 3339 date; `nil` for a session cookie.
    public var expires: String?
    public var secure: Bool
    public var httpOnly: Bool
    public var sameSite: SameSitePolicy?

    public init(
        name: String, value: String, domain: String, path: String = "/", expires: String? = nil,
        secure: Bool = false, httpOnly: Bool = false, sameSite: SameSitePolicy? = nil
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
        self.sameSite = sameSite
    }
}

/// `HTTPCookie`'s names for the same fields, so code ported from Apple's API
/// reads a cookie as it did.
extension Cookie {
    /// ``secure``, as `HTTPCookie.isSecure`.
    public var isSecure: Bool { secure }
    /// ``httpOnly``, as `HTTPCookie.isHTTPOnly`.
    public var isHTTPOnly: Bool { httpOnly }
    /// Whether the cookie ends with the session (no ``expires``), as `HTTPCookie.isSessionOnly`.
    public var isSessionOnly: Bool { expires == nil }
    /// ``expires`` as a date, as `HTTPCookie.expiresDate`; `nil` for a session
    /// cookie, or when the recorded text is not an RFC 3339 date.
    public var expiresDate: Date? { expires.flatMap(RFC3339.date) }
    /// ``sameSite``, as `HTTPCookie.sameSitePolicy`.
    public var sameSitePolicy: SameSitePolicy? { sameSite }
}
