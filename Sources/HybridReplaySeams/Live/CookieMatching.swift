import Foundation

/// RFC 6265 §5.4 cookie selection: which cookies of a jar go to a URL, in
/// the order they are sent.
///
/// One home for the rule, shared by ``InMemoryCookieStore`` and by adapters
/// over stores that can only list every cookie (`WKHTTPCookieStore.getAllCookies`).
package enum CookieMatching {
    /// The cookies of `jar` that RFC 6265 sends to `url`, longest path first,
    /// then in `jar`'s order (oldest first when `jar` is in creation order).
    ///
    /// - Parameters:
    ///   - jar: Every cookie of the store; expired ones are skipped.
    ///   - url: An absolute URL; anything else matches no cookie.
    ///   - date: The time expiry is checked against.
    /// - Returns: The matching cookies.
    package static func cookies(in jar: [Cookie], for url: String, at date: Date) -> [Cookie] {
        guard let components = URLComponents(string: url), let host = components.host?.lowercased(), !host.isEmpty
        else { return [] }
        let scheme = components.scheme?.lowercased() ?? ""
        let path = components.percentEncodedPath.hasPrefix("/") ? components.percentEncodedPath : "/"
        let secure = scheme == "https" || scheme == "wss"
        let matching = jar.enumerated().filter { _, cookie in
            !cookie.hasExpired(at: date) && cookie.isSent(toHost: host) && Cookie.path(path, matches: cookie.path)
                && (secure || !cookie.secure)
        }
        return matching.sorted { first, second in
            first.element.path.count != second.element.path.count
                ? first.element.path.count > second.element.path.count : first.offset < second.offset
        }.map(\.element)
    }
}
