import Foundation

/// Reads `Set-Cookie` headers and writes `Cookie` headers by RFC 6265.
///
/// A cookie's ``Cookie/domain`` says whether it is host-only: a leading dot
/// (`.example.com`) marks a domain cookie, sent to the domain and its
/// subdomains, as the `Domain` attribute asks; no dot (`example.com`) marks a
/// host-only cookie, sent to that exact host, as a cookie without `Domain`
/// is. This is the convention of `HTTPCookie` and of Netscape cookie files.
public enum SetCookie {
    /// The cookie a `Set-Cookie` header sets, or `nil` when a user agent
    /// ignores the header.
    ///
    /// Follows RFC 6265 §5.2 and §5.3: the name-value pair needs an `=` and a
    /// name; the last of each attribute wins; `Max-Age` beats `Expires`; a
    /// `Path` that does not start with `/` gives the default path; a `Domain`
    /// the request host does not domain-match rejects the cookie. The public
    /// suffix list is not consulted.
    ///
    /// - Parameters:
    ///   - header: The header's value, such as `sid=1; Path=/; HttpOnly`.
    ///   - requestURL: The URL of the request the header answers.
    ///   - now: The time `Max-Age` counts from.
    /// - Returns: The cookie, with `expires` as an RFC 3339 date in UTC, or
    ///   `nil` when the header is malformed or the domain is not allowed.
    public static func parse(_ header: String, requestURL: URL, now: Date) -> Cookie? {
        parse(header, requestURL: requestURL.absoluteString, now: now)
    }

    /// A `Set-Cookie` header's value read into a cookie, for the request at
    /// `requestURL` as the cassette writes it (``HTTPRequest/urlString``);
    /// see ``parse(_:requestURL:now:)-(_,URL,_)``.
    public static func parse(_ header: String, requestURL: String, now: Date) -> Cookie? {
        guard let components = URLComponents(string: requestURL), let requestHost = components.host?.lowercased(),
            !requestHost.isEmpty
        else { return nil }
        var sections = header.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let pair = sections.next(), let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
        let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }

        var attributes = Attributes()
        while let section = sections.next() {
            attributes.read(section, now: now)
        }
        var cookie = Cookie(
            name: name, value: value, domain: requestHost,
            path: attributes.path ?? defaultPath(of: components.percentEncodedPath),
            expires: (attributes.maxAge ?? attributes.expires).map(RFC3339.string(from:)),
            secure: attributes.secure, httpOnly: attributes.httpOnly, sameSite: attributes.sameSite)
        if let domain = attributes.domain, domain != requestHost || !Cookie.isIPAddress(requestHost) {
            guard Cookie.host(requestHost, domainMatches: domain) else { return nil }
            cookie.domain = "." + domain
        }
        return cookie
    }

    /// The value of a `Cookie` header carrying `cookies`, such as `a=1; b=2`.
    ///
    /// - Parameter cookies: The cookies, in the order to send them, usually
    ///   as ``InMemoryCookieStore/cookies(for:)`` returns them.
    /// - Returns: The header value, or `nil` when there are no cookies.
    public static func cookieHeader(for cookies: [Cookie]) -> String? {
        cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// The separate `Set-Cookie` values in a header that joined them with
    /// commas, as `HTTPURLResponse.allHeaderFields` does.
    ///
    /// A comma starts a new cookie only when a `name=` follows it, so the
    /// comma in `Expires=Wed, 21 Oct 2037 07:28:00 GMT` stays inside its
    /// cookie. A cookie whose value itself holds `, x=` cannot be told apart.
    ///
    /// - Parameter folded: The joined header value.
    /// - Returns: Each cookie's header value, in order.
    public static func unfold(_ folded: String) -> [String] {
        var values: [String] = []
        for piece in folded.split(separator: ",", omittingEmptySubsequences: false) {
            if let last = values.last, !startsCookie(piece) {
                values[values.count - 1] = last + "," + piece
            } else {
                values.append(String(piece))
            }
        }
        return values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `text` begins with a cookie name and `=`, as a new cookie does.
    private static func startsCookie(_ text: Substring) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard let equals = trimmed.firstIndex(of: "=") else { return false }
        let name = trimmed[..<equals]
        return !name.isEmpty && !name.contains { $0 == ";" || $0 == " " || $0 == "\t" }
    }

    /// The path a cookie without a `Path` attribute gets (RFC 6265 §5.1.4):
    /// the request path up to, not including, its last `/`.
    package static func defaultPath(of requestPath: String) -> String {
        guard requestPath.hasPrefix("/"), let slash = requestPath.lastIndex(of: "/"),
            slash != requestPath.startIndex
        else { return "/" }
        return String(requestPath[..<slash])
    }
}

extension SetCookie {
    /// The attributes after a `Set-Cookie` name-value pair; the last of each wins.
    private struct Attributes {
        var expires: Date?
        var maxAge: Date?
        var domain: String?
        var path: String?
        var secure = false
        var httpOnly = false
        var sameSite: SameSitePolicy?

        mutating func read(_ section: Substring, now: Date) {
            let name: String
            let value: String
            if let equals = section.firstIndex(of: "=") {
                name = section[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                value = section[section.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            } else {
                name = section.trimmingCharacters(in: .whitespaces).lowercased()
                value = ""
            }
            switch name {
            case "expires":
                if let date = CookieDate.parseCookieDate(value) { expires = date }
            case "max-age":
                if let seconds = Self.deltaSeconds(value) {
                    // RFC 6265 §5.2.2: zero or less means "the earliest representable time".
                    maxAge = seconds <= 0 ? CookieDate.earliest : now.addingTimeInterval(TimeInterval(seconds))
                }
            case "domain":
                let domain = value.hasPrefix(".") ? String(value.dropFirst()) : value
                if !domain.isEmpty { self.domain = domain.lowercased() }
            case "path":
                path = value.hasPrefix("/") ? value : nil
            case "secure": secure = true
            case "httponly": httpOnly = true
            case "samesite":
                // RFC 6265bis: an unknown value leaves the policy unset.
                let policy = SameSitePolicy(rawValue: value.lowercased())
                if SameSitePolicy.known.contains(policy) { sameSite = policy }
            default: break
            }
        }

        /// `Max-Age`'s value: an optional `-` and digits, clamped to about 400 years.
        static func deltaSeconds(_ text: String) -> Int? {
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let limit = 400 * 366 * 86_400
            let magnitude = digits.count > 12 ? limit : min(Int(digits) ?? limit, limit)
            return text.hasPrefix("-") ? -magnitude : magnitude
        }
    }
}

/// The dates cookies carry: the loose `Expires` dates of RFC 6265 §5.1.1 in,
/// RFC 3339 dates in UTC out and back.
///
/// The calendar and RFC 3339 live in ``CivilDate`` and ``RFC3339``; this
/// holds what is particular to cookies.
package enum CookieDate {
    /// The expiry `Max-Age=0` asks for: a time before any clock reads.
    package static let earliest = Date(
        timeIntervalSince1970: TimeInterval(CivilDate(year: 1, month: 1, day: 1).daysSince1970 * 86_400))

    /// The date an `Expires` attribute names, by the cookie-date algorithm of
    /// RFC 6265 §5.1.1, which accepts RFC 1123, RFC 850 and asctime dates.
    package static func parseCookieDate(_ text: String) -> Date? {
        var time: (Int, Int, Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens(text) {
            if time == nil, let parsed = hmsTime(token) {
                time = parsed
            } else if day == nil, let parsed = leadingDigits(token, 1...2) {
                day = parsed
            } else if month == nil, let parsed = monthNumber(token) {
                month = parsed
            } else if year == nil, let parsed = leadingDigits(token, 2...4) {
                year = parsed
            }
        }
        guard var year, let month, let day, let (hour, minute, second) = time else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        let date = CivilDate(year: year, month: month, day: day)
        guard year >= 1601, date.isValid, hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = date.daysSince1970
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The runs of non-delimiter bytes the cookie-date algorithm reads.
    private static func tokens(_ text: String) -> [ArraySlice<UInt8>] {
        func isDelimiter(_ byte: UInt8) -> Bool {
            byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
                || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
        }
        return Array(text.utf8).split(whereSeparator: isDelimiter)
    }

    /// The number `count` digits start `token` with, when a non-digit or the end follows.
    private static func leadingDigits(_ token: ArraySlice<UInt8>, _ count: ClosedRange<Int>) -> Int? {
        let digits = token.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard count.contains(digits.count) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// `hh:mm:ss`, each field one or two digits, as the cookie-date algorithm reads a time.
    private static func hmsTime(_ token: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        var rest = token
        var fields: [Int] = []
        for index in 0..<3 {
            guard let field = leadingDigits(rest, 1...2) else { return nil }
            fields.append(field)
            rest = rest.drop { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            if index < 2 {
                guard rest.first == UInt8(ascii: ":") else { return nil }
                rest = rest.dropFirst()
            }
        }
        return (fields[0], fields[1], fields[2])
    }

    private static func monthNumber(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3), as: UTF8.self).lowercased()
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }
}
