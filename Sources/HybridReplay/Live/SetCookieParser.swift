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
            expires: (attributes.maxAge ?? attributes.expires).map(CookieDate.rfc3339),
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
    static func defaultPath(of requestPath: String) -> String {
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
enum CookieDate {
    /// The expiry `Max-Age=0` asks for: a time before any clock reads.
    static let earliest = Date(timeIntervalSince1970: TimeInterval(daysFromCivil(year: 1, month: 1, day: 1) * 86_400))

    /// `date` as `2026-01-31T12:00:00Z`, in whole seconds.
    static func rfc3339(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return
            "\(yearText)-\(two(month))-\(two(day))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }

    /// The instant an RFC 3339 date names, or `nil` when `text` is not one.
    static func parseRFC3339(_ text: String) -> Date? {
        guard RFC3339.isValid(text) else { return nil }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        var seconds = Double(
            daysFromCivil(year: number(0..<4), month: number(5..<7), day: number(8..<10)) * 86_400
                + number(11..<13) * 3600 + number(14..<16) * 60 + number(17..<19))
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            let start = index + 1
            index = start
            while bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") { index += 1 }
            seconds += Double("0." + String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
        }
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let offset = number(index + 1..<index + 3) * 3600 + number(index + 4..<index + 6) * 60
            seconds -= Double(bytes[index] == UInt8(ascii: "+") ? offset : -offset)
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The date an `Expires` attribute names, by the cookie-date algorithm of
    /// RFC 6265 §5.1.1, which accepts RFC 1123, RFC 850 and asctime dates.
    static func parseCookieDate(_ text: String) -> Date? {
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
        let monthLengths = [
            31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
        ]
        guard year >= 1601, day >= 1, day <= monthLengths[month - 1], hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
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

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
