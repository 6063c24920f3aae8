import Foundation
import Testing

@testable import HybridReplay

@Suite("InMemoryCookieStore")
struct InMemoryCookieStoreTests {
    /// A clock a test can move forward.
    private final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var date = Date(timeIntervalSince1970: 1_769_860_800)  // 2026-01-31T12:00:00Z

        var now: Date {
            lock.lock()
            defer { lock.unlock() }
            return date
        }

        func advance(by seconds: TimeInterval) {
            lock.lock()
            date += seconds
            lock.unlock()
        }
    }

    private let clock = TestClock()

    private func store(_ cookies: Cookie...) -> InMemoryCookieStore {
        let clock = clock
        let store = InMemoryCookieStore(now: { clock.now })
        for cookie in cookies { store.setCookie(cookie) }
        return store
    }

    private func names(_ store: InMemoryCookieStore, _ url: String) -> [String] {
        store.cookies(for: url).map(\.name)
    }

    @Test("a host-only cookie goes to its host alone")
    func hostOnly() {
        let jar = store(Cookie(name: "a", value: "1", domain: "app.example"))
        #expect(names(jar, "https://app.example/") == ["a"])
        #expect(names(jar, "https://APP.example/") == ["a"])
        #expect(names(jar, "https://www.app.example/").isEmpty)
        #expect(names(jar, "https://example/").isEmpty)
    }

    @Test("a domain cookie goes to its domain and every subdomain, not to look-alikes")
    func domainCookie() {
        let jar = store(Cookie(name: "a", value: "1", domain: ".example.com"))
        #expect(names(jar, "https://example.com/") == ["a"])
        #expect(names(jar, "https://sso.example.com/") == ["a"])
        #expect(names(jar, "https://a.b.example.com/") == ["a"])
        #expect(names(jar, "https://badexample.com/").isEmpty)
        #expect(names(jar, "https://example.com.evil/").isEmpty)
    }

    @Test("an IP address matches only itself")
    func ipAddress() {
        let jar = store(
            Cookie(name: "a", value: "1", domain: ".0.0.1"), Cookie(name: "b", value: "2", domain: "127.0.0.1"))
        #expect(names(jar, "http://127.0.0.1:8080/") == ["b"])
    }

    @Test(
        "paths match by RFC 6265 §5.1.4",
        arguments: [
            ("/", "/", true), ("/", "/anything", true), ("/app", "/app", true), ("/app", "/app/x", true),
            ("/app/", "/app/x", true), ("/app", "/application", false), ("/app/", "/app", false), ("/app", "/", false),
            ("/app", "/APP", false),
        ])
    func pathMatching(cookiePath: String, requestPath: String, matches: Bool) {
        let jar = store(Cookie(name: "a", value: "1", domain: "app.example", path: cookiePath))
        #expect(names(jar, "https://app.example\(requestPath)?q=1") == (matches ? ["a"] : []))
    }

    @Test("a Secure cookie goes over https only")
    func secure() {
        let jar = store(
            Cookie(name: "s", value: "1", domain: "app.example", secure: true),
            Cookie(name: "p", value: "2", domain: "app.example"))
        #expect(names(jar, "https://app.example/") == ["s", "p"])
        #expect(names(jar, "http://app.example/") == ["p"])
    }

    @Test("an expired cookie is not returned and is removed from the jar")
    func expiry() {
        let jar = store(
            Cookie(name: "soon", value: "1", domain: "app.example", expires: "2026-01-31T12:00:30Z"),
            Cookie(name: "later", value: "2", domain: "app.example", expires: "2026-01-31T14:00:00+01:00"),
            Cookie(name: "session", value: "3", domain: "app.example"))
        #expect(names(jar, "https://app.example/") == ["soon", "later", "session"])
        clock.advance(by: 30)
        #expect(names(jar, "https://app.example/") == ["later", "session"])
        #expect(jar.allCookies.map(\.name) == ["later", "session"])
        clock.advance(by: 3600)
        #expect(names(jar, "https://app.example/") == ["session"])
    }

    @Test("storing an expired cookie deletes the one it replaces")
    func deletion() {
        let jar = store(Cookie(name: "sid", value: "1", domain: "app.example"))
        jar.setCookie(Cookie(name: "sid", value: "", domain: "app.example", expires: "1970-01-01T00:00:00Z"))
        #expect(jar.allCookies.isEmpty)
    }

    @Test("a cookie replaces the one with the same name, domain and path, keeping its place")
    func replacement() {
        let jar = store(
            Cookie(name: "a", value: "old", domain: "app.example"), Cookie(name: "b", value: "1", domain: "app.example")
        )
        jar.setCookie(Cookie(name: "a", value: "new", domain: "APP.example"))
        jar.setCookie(Cookie(name: "a", value: "other path", domain: "app.example", path: "/x"))
        jar.setCookie(Cookie(name: "a", value: "other domain", domain: ".app.example"))
        #expect(jar.allCookies.map(\.value) == ["new", "1", "other path", "other domain"])
        #expect(jar.cookies(for: "https://app.example/").map(\.value) == ["new", "1", "other domain"])
    }

    @Test("cookies come longest path first, then oldest first")
    func ordering() {
        let jar = store(
            Cookie(name: "root1", value: "1", domain: "app.example"),
            Cookie(name: "deep", value: "2", domain: "app.example", path: "/a/b"),
            Cookie(name: "mid", value: "3", domain: ".app.example", path: "/a"),
            Cookie(name: "root2", value: "4", domain: ".app.example"))
        #expect(names(jar, "https://app.example/a/b/c") == ["deep", "mid", "root1", "root2"])
        #expect(SetCookie.cookieHeader(for: jar.cookies(for: "https://app.example/a")) == "mid=3; root1=1; root2=4")
    }

    @Test("HttpOnly cookies are returned, since the jar serves HTTP requests")
    func httpOnly() {
        let jar = store(Cookie(name: "h", value: "1", domain: "app.example", httpOnly: true))
        #expect(names(jar, "https://app.example/") == ["h"])
    }

    @Test("a URL without a host matches nothing")
    func badURL() {
        let jar = store(Cookie(name: "a", value: "1", domain: "app.example"))
        #expect(jar.cookies(for: "/relative").isEmpty)
        #expect(jar.cookies(for: "not a url").isEmpty)
    }

    @Test("parsed Set-Cookie headers round-trip through the jar")
    func withParser() throws {
        let jar = store()
        let url = "https://sso.example.com/login/step"
        for header in ["a=1; Domain=example.com; Path=/", "b=2", "c=3; Path=/other", "d=4; Max-Age=0"] {
            jar.setCookie(try #require(SetCookie.parse(header, requestURL: url, now: clock.now)))
        }
        #expect(names(jar, "https://sso.example.com/login/next") == ["b", "a"])
        #expect(names(jar, "https://app.example.com/login/next") == ["a"])
        #expect(jar.allCookies.map(\.name) == ["a", "b", "c"])
    }

    @Test("works through the CookieStore seam from many tasks at once")
    func concurrency() async {
        let jar: any CookieStore = store()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    await jar.setCookie(Cookie(name: "c\(index)", value: "\(index)", domain: "app.example"))
                }
            }
        }
        #expect(await jar.cookies(for: "https://app.example/").count == 100)
    }
}
