import Foundation

/// A cookie jar in memory that follows RFC 6265: the live ``CookieStore``
/// for tests and tools that run without a web view.
///
/// A ``Cookie/domain`` with a leading dot (`.example.com`) is a domain
/// cookie, sent to `example.com` and its subdomains; one without
/// (`example.com`) is host-only, sent to that host alone. ``SetCookie/parse(_:requestURL:now:)``
/// writes domains this way. `Secure` cookies go to `https` and `wss` URLs
/// only; cookies whose `expires` has passed are dropped; `HttpOnly` cookies
/// are returned, since this jar serves HTTP requests, not `document.cookie`.
/// `SameSite` is kept but not enforced: a URL alone does not say which site
/// a request comes from.
public final class InMemoryCookieStore: CookieStore {
    /// A stored cookie; entries are kept in creation order for RFC 6265 §5.4.
    private struct Entry {
        var cookie: Cookie
    }

    private struct Jar {
        var entries: [Entry] = []
    }

    private let jar = Locked(Jar())
    private let now: @Sendable () -> Date

    /// Creates an empty jar.
    ///
    /// - Parameter now: The clock expiry is checked against; tests pass a fixed date.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// Stores `cookie`, replacing the one with the same name, domain and path
    /// and keeping that one's creation time (RFC 6265 §5.3 step 11).
    ///
    /// A cookie that has already expired removes the one it replaces and is
    /// not stored, which is how a server deletes a cookie.
    public func setCookie(_ cookie: Cookie) {
        let expired = cookie.hasExpired(at: now())
        jar.withLock { jar in
            let existing = jar.entries.firstIndex { $0.cookie.isReplaced(by: cookie) }
            if expired {
                if let existing { jar.entries.remove(at: existing) }
            } else if let existing {
                jar.entries[existing].cookie = cookie
            } else {
                jar.entries.append(Entry(cookie: cookie))
            }
        }
    }

    /// The cookies to send to `url`, longest path first, then oldest first
    /// (RFC 6265 §5.4); expired cookies are removed on the way.
    ///
    /// - Parameter url: An absolute URL; anything else matches no cookie.
    /// - Returns: The matching cookies, ready for ``SetCookie/cookieHeader(for:)``.
    public func cookies(for url: String) -> [Cookie] {
        let date = now()
        return jar.withLock { jar in
            jar.entries.removeAll { $0.cookie.hasExpired(at: date) }
            // Entries stay in creation order: replacing keeps the slot, new ones append.
            return CookieMatching.cookies(in: jar.entries.map(\.cookie), for: url, at: date)
        }
    }

    /// Every cookie in the jar, expired or not, oldest first.
    public var allCookies: [Cookie] {
        jar.withLock { $0.entries.map(\.cookie) }
    }

    /// Empties the jar.
    public func removeAll() {
        jar.withLock { $0.entries.removeAll() }
    }
}

extension Cookie {
    /// Whether the cookie is sent only to the exact host in ``domain``.
    package var isHostOnly: Bool { !domain.hasPrefix(".") }

    /// Whether storing `other` replaces this cookie: same name, domain and path.
    package func isReplaced(by other: Cookie) -> Bool {
        name == other.name && domain.lowercased() == other.domain.lowercased() && path == other.path
    }

    /// Whether `expires` names a time at or before `date`; a session cookie
    /// or one whose `expires` is not an RFC 3339 date never expires here.
    package func hasExpired(at date: Date) -> Bool {
        guard let expires, let expiry = RFC3339.date(expires) else { return false }
        return expiry <= date
    }

    /// Whether the cookie goes to `host`, which must be lowercased.
    package func isSent(toHost host: String) -> Bool {
        isHostOnly
            ? host == domain.lowercased() : Cookie.host(host, domainMatches: String(domain.dropFirst()).lowercased())
    }

    /// RFC 6265 §5.1.3: `host` is `domain` or a name ending in `.domain`;
    /// an IP address matches only itself.
    package static func host(_ host: String, domainMatches domain: String) -> Bool {
        host == domain || (host.hasSuffix("." + domain) && !isIPAddress(host))
    }

    /// RFC 6265 §5.1.4: `requestPath` is `cookiePath`, or continues it after a `/`.
    package static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    package static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (Int(part) ?? 256) <= 255
            }
    }
}
