import Foundation
import Testing

@testable import HybridReplay

@Suite("SetCookie")
struct SetCookieTests {
    /// 2026-01-31T12:00:00Z.
    private let now = Date(timeIntervalSince1970: 1_769_860_800)

    private func parse(_ header: String, from url: String = "https://app.example/sso/start") -> Cookie? {
        SetCookie.parse(header, requestURL: url, now: now)
    }

    @Test("a bare cookie is host-only, on the default path, for the session")
    func bareCookie() throws {
        let cookie = try #require(parse("sid=abc"))
        #expect(cookie == Cookie(name: "sid", value: "abc", domain: "app.example", path: "/sso"))
    }

    @Test("the request's URL may be given as a URL, as URLSession code holds it, with the same result")
    func requestURLAsURL() throws {
        let url = try #require(URL(string: "https://app.example/sso/start"))
        let header = "sid=abc; Domain=app.example; Max-Age=60; Secure"
        #expect(SetCookie.parse(header, requestURL: url, now: now) == parse(header))
        #expect(SetCookie.parse(header, requestURL: url, now: now) != nil)
        #expect(SetCookie.parse("sid=abc; Domain=elsewhere.example", requestURL: url, now: now) == nil)
    }

    @Test("reads every attribute, case-insensitively and with spaces")
    func attributes() throws {
        let header =
            "sid = abc ; path=/app; DOMAIN=Example; secure; HttpOnly; SameSite=Lax; "
            + "Expires=Wed, 21 Oct 2037 07:28:00 GMT"
        let cookie = try #require(parse(header))
        #expect(cookie.name == "sid")
        #expect(cookie.value == "abc")
        #expect(cookie.domain == ".example")
        #expect(cookie.path == "/app")
        #expect(cookie.secure)
        #expect(cookie.httpOnly)
        #expect(cookie.sameSite == .lax)
        #expect(cookie.expires == "2037-10-21T07:28:00Z")
    }

    @Test("a Domain with a leading dot and one without both make a domain cookie")
    func domainAttribute() {
        #expect(parse("a=1; Domain=.example")?.domain == ".example")
        #expect(parse("a=1; Domain=app.example")?.domain == ".app.example")
    }

    @Test("a Domain the request host does not domain-match rejects the cookie")
    func foreignDomain() {
        #expect(parse("a=1; Domain=other.example") == nil)
        #expect(parse("a=1; Domain=ple") == nil)
        #expect(parse("a=1; Domain=sub.app.example") == nil)
        #expect(parse("a=1; Domain=0.0.1", from: "http://127.0.0.1/") == nil)
    }

    @Test("a Domain equal to an IP host keeps the cookie host-only")
    func ipDomain() {
        #expect(parse("a=1; Domain=127.0.0.1", from: "http://127.0.0.1:8080/x")?.domain == "127.0.0.1")
    }

    @Test(
        "the default path is the request path up to its last slash",
        arguments: [
            ("https://app.example", "/"), ("https://app.example/", "/"), ("https://app.example/home", "/"),
            ("https://app.example/a/b/c", "/a/b"), ("https://app.example/a/b/", "/a/b"),
            ("https://app.example/a/?q=/x", "/a"),
        ])
    func defaultPath(url: String, path: String) {
        #expect(parse("a=1", from: url)?.path == path)
    }

    @Test("a Path that does not start with a slash gives the default path")
    func relativePath() {
        #expect(parse("a=1; Path=app", from: "https://app.example/x/y")?.path == "/x")
        #expect(parse("a=1; Path=", from: "https://app.example/x/y")?.path == "/x")
    }

    @Test("Max-Age counts from now and beats Expires in either order")
    func maxAge() {
        #expect(parse("a=1; Max-Age=3600")?.expires == "2026-01-31T13:00:00Z")
        #expect(parse("a=1; Max-Age=60; Expires=Wed, 21 Oct 2037 07:28:00 GMT")?.expires == "2026-01-31T12:01:00Z")
        #expect(parse("a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Max-Age=60")?.expires == "2026-01-31T12:01:00Z")
    }

    @Test("Max-Age of zero or less expires the cookie at once; a malformed one is ignored")
    func maxAgeEdges() {
        #expect(parse("a=1; Max-Age=0")?.expires == "0001-01-01T00:00:00Z")
        #expect(parse("a=1; Max-Age=-5")?.expires == "0001-01-01T00:00:00Z")
        #expect(parse("a=1; Max-Age=1e3")?.expires == nil)
        #expect(parse("a=1; Max-Age=99999999999999999999")?.expires?.hasPrefix("24") == true)
    }

    @Test(
        "Expires accepts RFC 1123, RFC 850 and asctime dates",
        arguments: [
            "Wed, 21 Oct 2037 07:28:00 GMT", "Wednesday, 21-Oct-37 07:28:00 GMT", "Wed Oct 21 07:28:00 2037",
            "21 oct 2037 7:28:0",
        ])
    func expiresFormats(date: String) {
        #expect(parse("a=1; Expires=\(date)")?.expires == "2037-10-21T07:28:00Z")
    }

    @Test(
        "an Expires that is not a date, or names a day that does not exist, is ignored",
        arguments: [
            "tomorrow", "Wed, 31 Feb 2037 07:28:00 GMT", "Wed, 21 Oct 1500 07:28:00 GMT",
            "Wed, 21 Oct 2037 25:00:00 GMT",
        ])
    func badExpires(date: String) {
        #expect(parse("a=1; Expires=\(date)")?.expires == nil)
    }

    @Test("two-digit years fall in 1970 through 2069")
    func twoDigitYears() {
        #expect(parse("a=1; Expires=Thu, 01-Jan-70 00:00:00 GMT")?.expires == "1970-01-01T00:00:00Z")
        #expect(parse("a=1; Expires=Sat, 01-Jan-69 00:00:00 GMT")?.expires == "2069-01-01T00:00:00Z")
    }

    @Test("an unknown SameSite value leaves the policy unset")
    func sameSite() {
        #expect(parse("a=1; SameSite=Strict")?.sameSite == .strict)
        #expect(parse("a=1; SameSite=none")?.sameSite == SameSitePolicy.none)
        #expect(parse("a=1; SameSite=sometimes")?.sameSite == nil)
    }

    @Test("a header without a name or an equals sign sets nothing")
    func malformed() {
        #expect(parse("novalue") == nil)
        #expect(parse("=abc") == nil)
        #expect(parse("") == nil)
        #expect(parse("a=1", from: "not a url") == nil)
    }

    @Test("a value keeps its quotes and its equals signs")
    func valueVerbatim() {
        #expect(parse("token=\"a=b\"")?.value == "\"a=b\"")
    }

    @Test("the Cookie header joins name=value pairs with a semicolon, or is absent")
    func cookieHeader() {
        let cookies = [Cookie(name: "a", value: "1", domain: "x"), Cookie(name: "b", value: "2", domain: "x")]
        #expect(SetCookie.cookieHeader(for: cookies) == "a=1; b=2")
        #expect(SetCookie.cookieHeader(for: []) == nil)
    }

    @Test("unfolds comma-joined Set-Cookie values without splitting Expires dates")
    func unfold() {
        let folded = "x=1; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT, y=2; Path=/,z=3"
        #expect(
            SetCookie.unfold(folded) == ["x=1; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT", "y=2; Path=/", "z=3"])
        #expect(SetCookie.unfold("list=a,b,c") == ["list=a,b,c"])
        #expect(SetCookie.unfold("") == [])
    }

    @Test("RFC 3339 dates round-trip through the cookie clock, offsets and fractions included")
    func rfc3339() {
        #expect(RFC3339.string(from: now) == "2026-01-31T12:00:00Z")
        #expect(RFC3339.date("2026-01-31T12:00:00Z") == now)
        #expect(RFC3339.date("2026-01-31T13:30:00+01:30") == now)
        #expect(RFC3339.date("2026-01-31T12:00:00.5Z") == now.addingTimeInterval(0.5))
        #expect(RFC3339.date("2026-01-31 12:00") == nil)
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }
}
