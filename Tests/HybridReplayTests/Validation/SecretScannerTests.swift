import Testing
@testable import HybridReplay

private func findings(_ payloads: [any EventPayload]) -> [String] {
    var events: [Event] = []
    for (index, payload) in payloads.enumerated() {
        events.append(Event(id: index + 1, at: 0, payload: payload))
    }
    return SecretScanner.findings(in: Cassette(header: CassetteHeader(name: "s"), events: events)).map(\.description)
}

@Suite("SecretScanner")
struct SecretScannerTests {
    @Test("flags credentials in sensitive headers but not redacted ones")
    func sensitiveHeaders() {
        let request = HTTPRequest(method: "GET", url: "https://a.test/", headers: [
            HTTPHeader("Authorization", "Basic dXNlcjpwYXNz"),
            HTTPHeader("Cookie", "[REDACTED]"),
            HTTPHeader("Accept", "text/html"),
        ])
        #expect(findings([request]) == [
            "events[0].payload.headers[0].value: header 'Authorization' holds an unredacted credential; redact it"
        ])
    }

    @Test("judges each cookie of a Cookie or Set-Cookie header on its own; a deleted cookie is no secret")
    func cookieHeaders() {
        let response = HTTPResponse(status: 302, headers: [
            HTTPHeader("Set-Cookie", "sid=; Path=/; Max-Age=0"),
            HTTPHeader("Set-Cookie", "sid=[REDACTED:1]; Path=/; HttpOnly"),
            HTTPHeader("Set-Cookie", "lang=en-GB; Path=/"),
        ])
        let request = HTTPRequest(url: "https://a.test/", headers: [
            HTTPHeader("Cookie", "sid=[REDACTED:1]; theme=fake-dark"),
            HTTPHeader("Cookie", "sid=[REDACTED:1]; csrf=c5f1e0"),
        ])
        #expect(findings([response, request]) == [
            "events[0].payload.headers[2].value: header 'Set-Cookie' holds an unredacted credential; redact it",
            "events[1].payload.headers[1].value: header 'Cookie' holds an unredacted credential; redact it",
        ])
    }

    @Test("flags cookie values in the cookie store")
    func cookies() {
        let write = CookieStoreWrite(Cookie(name: "sid", value: "abc123", domain: "a.test"))
        #expect(findings([write]) == ["events[0].payload.cookie.value: cookie 'sid' holds an unredacted value; redact it"])
    }

    @Test("flags secret-named fields, bearer tokens and JWTs in message bodies")
    func bodies() {
        let message = ScriptMessage(handler: "login", body: [
            "password": "hunter2",
            "nested": ["apiKey": "k-123"],
            "header": "Bearer abcdefghijklmnop",
            "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
            "note": "nothing secret here",
            "token": "[REDACTED]",
        ])
        #expect(findings([message]) == [
            "events[0].payload.body.header: this string looks like a bearer token; redact it",
            "events[0].payload.body.jwt: this string looks like a JSON Web Token; redact it",
            "events[0].payload.body.nested.apiKey: field 'apiKey' looks like a secret; redact it",
            "events[0].payload.body.password: field 'password' looks like a secret; redact it",
        ])
    }

    @Test("does not flag fixture values or names that merely contain a secret word")
    func noFalsePositives() {
        let message = ScriptMessage(handler: "login", body: [
            "token_type": "Bearer",
            "tokens_remaining": "3",
            "session_id": "fake-session-7f3a",
            "password": "***",
        ])
        let cookie = CookieStoreWrite(Cookie(name: "sid", value: "dummy-value", domain: "a.test"))
        #expect(findings([message, cookie]) == [])
    }

    @Test("flags credentials in URL query items")
    func queryItems() {
        let action = NavigationAction(url: "https://a.test/cb?access_token=xyz&page=2", navigationType: .other, targetFrame: .main())
        let clean = NavigationAction(url: "https://a.test/cb?page=2", navigationType: .other, targetFrame: .main())
        #expect(findings([action, clean]) == [
            "events[0].payload.url: query item 'access_token' looks like a credential; redact it"
        ])
    }

    @Test("lint reports secrets as warnings at their position")
    func lintWarnings() throws {
        let request = #"{"id": 1, "channel": "http", "direction": "effect", "kind": "request", "at": 0, "payload": {"method": "GET", "url": "https://a.test/", "headers": [{"name": "Cookie", "value": "sid=1"}]}}"#
        let found = CassetteReader().lint(Array(cassetteText([request]).utf8), path: "t.json").map(\.description)
        #expect(found == ["t.json:4:176: warning: header 'Cookie' holds an unredacted credential; redact it"])
    }

    @Test("lint returns read errors when the cassette does not read")
    func lintErrors() {
        let found = CassetteReader().lint(Array("{".utf8), path: "t.json").map(\.description)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("t.json:1:2: error:") == true)
    }
}
