import Foundation
import Testing

@testable import HybridReplay

@Suite("HAR import")
struct HARImportTests {
    static func shopLogin() throws -> Cassette {
        try HARFixtures.log(HARFixtures.shopLogin).cassette(name: "shop-login", source: "shop-login-redirects.har")
    }

    @Test("a browser's redirect chain becomes hops of one exchange, across origins, each caused by its 3xx")
    func redirectChain() throws {
        let events = try Self.shopLogin().events
        #expect(events.map(\.kind.description) == [
            "http.request", "http.response", "http.request", "http.response", "http.request", "http.request",
            "http.error", "http.response", "http.request", "http.response", "http.request", "http.response",
        ])
        #expect(events.map(\.id) == Array(1...12))
        let requests = events.compactMap { event in event.payload(as: HTTPRequest.self).map { (event, $0) } }
        #expect(requests.map(\.0.cause) == [nil, 2, 4, nil, 8, nil])
        #expect(requests[1].1.urlString.hasPrefix("https://login.example.com/authorize?"))
        // The OAuth state travels in the `shop_state` cookie too, whose value is redacted: it is hidden wherever it appears.
        // The OAuth redirect's `code` is a credential until it is exchanged: hidden too.
        #expect(requests[2].1.urlString == "https://shop.example.com/callback?code=[REDACTED:3]&state=[REDACTED:2]")
        // The relative `Location: /account` leads to the later /account, not to the first request of the same URL.
        #expect(requests[4].1.urlString == "https://shop.example.com/account")
        #expect(events.map(\.answers) == [nil, 1, nil, 3, nil, nil, 6, 5, nil, 9, nil, 11])
        #expect(events.map(\.at) == [0, 0.0482, 0.049, 0.101, 0.11, 0.118, 0.1183, 0.1184, 0.121, 0.1419, 0.267, 0.2728])
    }

    @Test("a real capture by mitmproxy links its hops the same way, and its cassette passes lint --strict")
    func mitmproxyCapture() throws {
        let cassette = try HARFixtures.log(HARFixtures.mitmproxy).cassette(name: "mitm", source: "mitmproxy-redirects.har")
        let requests = cassette.events.compactMap { event in event.payload(as: HTTPRequest.self).map { (event, $0) } }
        #expect(requests.map(\.1.urlString) == [
            "http://localhost:8401/account", "http://127.0.0.1:8402/authorize?client_id=shop-web&state=[REDACTED:2]",
            "http://localhost:8401/callback?code=[REDACTED:3]&state=[REDACTED:2]", "http://localhost:8401/account",
        ])
        #expect(requests.map(\.0.cause) == [nil, 2, 4, 6])
        #expect(requests.last?.1.headers.values(named: "Cookie") == [
            "shop_session=[REDACTED:5]; shop_state=[REDACTED:2]; shop_visitor=[REDACTED:1]",
        ])
        let statuses = cassette.events.compactMap { $0.payload(as: HTTPResponse.self)?.status }
        #expect(statuses == [302, 302, 302, 200])
        let bytes = try Recorder.canonicalBytes(of: cassette, file: "mitm.json")
        #expect(CassetteReader().lint(bytes, path: "mitm.json") == [])
    }

    @Test("cookies and credentials are redacted as the recorder does by default, the same secret with the same number")
    func redaction() throws {
        let cassette = try Self.shopLogin()
        #expect(cassette.header.redactions == Redaction.default.ruleNames)
        let headers = cassette.events.compactMap { $0.payload(as: HTTPRequest.self)?.headers ?? $0.payload(as: HTTPResponse.self)?.headers }
        let cookies = headers.flatMap { $0.values(named: "Cookie") + $0.values(named: "Set-Cookie") }
        #expect(cookies == [
            "shop_visitor=[REDACTED:1]",
            "shop_state=[REDACTED:2]; Path=/; Secure; HttpOnly; SameSite=Lax",
            "login_session=[REDACTED:4]; Path=/; Domain=login.example.com; Secure; HttpOnly",
            "shop_visitor=[REDACTED:1]; shop_state=[REDACTED:2]",
            "shop_session=[REDACTED:5]; Path=/; Secure; HttpOnly; SameSite=Lax", "shop_state=; Path=/; Max-Age=0",
            "shop_visitor=[REDACTED:1]; shop_session=[REDACTED:5]",
            "shop_visitor=[REDACTED:1]; shop_session=[REDACTED:5]",
        ])
    }

    @Test("HTTP/2 pseudo-headers are dropped; the headers the page sent and got are kept in order")
    func pseudoHeaders() throws {
        let request = try #require(try Self.shopLogin().events.first?.payload(as: HTTPRequest.self))
        #expect(request.headers.map(\.name) == ["accept", "cookie", "user-agent"])
    }

    @Test("bodies: a JSON post, an HTML page as text, a base64 icon as bytes")
    func bodies() throws {
        let events = try Self.shopLogin().events
        #expect(events[5].payload(as: HTTPRequest.self)?.body == .json(["event": "login-redirect", "hops": 2]))
        guard case .text(let html)? = events[9].payload(as: HTTPResponse.self)?.body else {
            Issue.record("the page is not a text body")
            return
        }
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        guard case .bytes(let icon)? = events[11].payload(as: HTTPResponse.self)?.body else {
            Issue.record("the icon is not a bytes body")
            return
        }
        #expect(icon.count == 18)
    }

    @Test("a status 0 entry of another tool is an http.error; its '_error' is a custom field and is not read")
    func failure() throws {
        let failure = try #require(try Self.shopLogin().events[6].payload(as: HTTPTransportFailure.self))
        #expect(failure == HTTPTransportFailure(code: -1, message: "no response: the HAR entry has status 0"))
    }

    @Test("the imported cassette is canonical, reads back equal and has nothing for lint --strict to warn about")
    func canonicalAndClean() throws {
        let cassette = try Self.shopLogin()
        let bytes = try Recorder.canonicalBytes(of: cassette, file: "shop-login.json")
        #expect(CassetteReader().lint(bytes, path: "shop-login.json") == [])
        #expect(try CassetteReader().read(bytes, path: "shop-login.json") == cassette)
        #expect(cassette.header.recordedBy == .hybridReplay(engine: "HAR"))
        #expect(cassette.header.description == "Imported from shop-login-redirects.har, a HAR log written by WebInspector 537.36.")
    }

    @Test("a hop that starts before the response that caused it ends is moved to that response's time")
    func clampsHops() throws {
        let log = try HAR.read(Data(HARText.log(entries: [
            HARText.entry(started: "2026-01-01T00:00:00.000Z", time: 50, url: "https://a.example/", status: 302, location: "https://b.example/"),
            HARText.entry(started: "2026-01-01T00:00:00.040Z", time: 5, url: "https://b.example/", status: 200),
        ]).utf8), path: "x.har")
        let events = log.cassette(name: "x", source: "x.har").events
        #expect(events.map(\.at) == [0, 0.05, 0.05, 0.055])
        #expect(events[2].cause == 2)
    }

    @Test("placeholders already in the log keep their numbers; new secrets are numbered after the highest")
    func existingPlaceholders() throws {
        let text = HARText.log(entries: [HARText.entry()]).replacingOccurrences(
            of: "\"cookies\": [], \"headers\": [], \"queryString\"",
            with: "\"cookies\": [], \"headers\": [{\"name\": \"Cookie\", \"value\": \"a=[REDACTED:3]; b=secret-b\"}, {\"name\": \"Authorization\", \"value\": \"Bearer secret-b\"}], \"queryString\"")
        let request = try HAR.read(Data(text.utf8), path: "x.har").cassette(name: "x", source: "x.har").events[0]
            .payload(as: HTTPRequest.self)
        #expect(request?.headers == [
            HTTPHeader("Cookie", "a=[REDACTED:3]; b=[REDACTED:4]"), HTTPHeader("Authorization", "Bearer [REDACTED:4]"),
        ])
    }

    @Test("cookies listed without a header become the header; form parameters without text become the body")
    func cookiesAndParams() throws {
        let text = HARText.log(entries: [HARText.entry()]).replacingOccurrences(
            of: "\"cookies\": [], \"headers\": [], \"queryString\": [],",
            with: """
                "cookies": [{"name": "sid", "value": "s1"}, {"name": "lang", "value": "en"}], "headers": [], "queryString": [],
                "postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "q", "value": "a b&c"}, {"name": "page", "value": "2"}]},
                """)
        let request = try HAR.read(Data(text.utf8), path: "x.har").cassette(name: "x", source: "x.har").events[0]
            .payload(as: HTTPRequest.self)
        #expect(request?.headers == [HTTPHeader("Cookie", "sid=[REDACTED:1]; lang=[REDACTED:2]")])
        #expect(request?.body == .text("q=a%20b%26c&page=2"))
    }
}

/// Small HAR documents for tests, built as text.
enum HARText {
    static func log(creator: String = "Test", entries: [String], extra: String = "") -> String {
        """
        {
          "log": {
            "version": "1.2",
            "creator": {"name": "\(creator)", "version": "1"},\(extra)
            "entries": [\(entries.joined(separator: ",\n"))]
          }
        }

        """
    }

    static func entry(
        started: String = "2026-01-01T00:00:00.000Z", time: Double = 10, url: String = "https://a.example/",
        status: Int = 200, location: String? = nil, link: String = ""
    ) -> String {
        let headers = location.map { "{\"name\": \"Location\", \"value\": \"\($0)\"}" } ?? ""
        return """
            {
              "startedDateTime": "\(started)",
              "time": \(time),
              "request": {"method": "GET", "url": "\(url)", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [], "queryString": [], "headersSize": -1, "bodySize": 0},
              "response": {
                "status": \(status), "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [\(headers)],
                "content": {"size": 0, "mimeType": ""}, "redirectURL": "\(location ?? "")", "headersSize": -1, "bodySize": 0
              },
              "cache": {},
              "timings": {"send": 0, "wait": \(time), "receive": 0}\(link)
            }
            """
    }
}
