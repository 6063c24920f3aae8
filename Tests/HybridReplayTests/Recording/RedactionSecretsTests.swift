import Foundation
import Testing

@testable import HybridReplay

private func redacted<Payload: EventPayload>(_ payload: Payload, with redaction: Redaction = .default) -> Payload? {
    var placeholders = RedactionPlaceholders()
    return redaction.apply(to: payload, placeholders: &placeholders) as? Payload
}

private let json = HTTPHeader("Content-Type", "application/json; charset=utf-8")
private let form = HTTPHeader("Content-Type", "application/x-www-form-urlencoded")

@Suite("Redaction of secrets in every shape")
struct RedactionSecretsTests {
    @Test("a JSON body sent as bytes or text is redacted as JSON and stored as json")
    func jsonBodies() {
        let bytes = HTTPRequest(
            method: "POST", url: "https://a.test/login", headers: [json],
            body: .bytes(Data(#"{"user":"ada","password":"hunter2"}"#.utf8)))
        var text = bytes
        text.body = .text(#"{"user":"ada","password":"hunter2"}"#)

        #expect(redacted(bytes)?.body == .json(["user": "ada", "password": "[REDACTED:1]"]))
        #expect(redacted(text)?.body == .json(["user": "ada", "password": "[REDACTED:1]"]))
    }

    @Test("a body no rule changes keeps its encoding byte for byte")
    func untouchedBodies() {
        let bytes = HTTPRequest(
            method: "POST", url: "https://a.test/search", headers: [json], body: .bytes(Data(#"{ "q" : "shoes" }"#.utf8)))
        let binary = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "image/png")], body: .bytes(Data([0x89, 0x50, 0xFF])))

        #expect(redacted(bytes)?.body == bytes.body)
        #expect(redacted(binary)?.body == binary.body)
    }

    @Test("form fields, as text or bytes, get the name rules of JSON members; the rest of the text is kept")
    func formBodies() {
        let text = HTTPRequest(method: "POST", url: "https://a.test/login", headers: [form], body: .text("user=ada&password=hunter%202&x="))
        let bytes = HTTPRequest(
            method: "POST", url: "https://a.test/login", headers: [form], body: .bytes(Data("user=ada&pin_code=4921".utf8)))

        #expect(redacted(text)?.body == .text("user=ada&password=[REDACTED:1]&x="))
        #expect(redacted(bytes)?.body == .bytes(Data("user=ada&pin_code=4921".utf8)))
        #expect(redacted(bytes, with: .default + .jsonField("pin_code"))?.body == .text("user=ada&pin_code=[REDACTED:1]"))
        #expect(redacted(bytes, with: .queryItem("pin_code"))?.body == .text("user=ada&pin_code=[REDACTED:1]"))
    }

    @Test("multipart fields are redacted by name; a file part is left alone")
    func multipart() {
        let body =
            "--B\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter2\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"token\"; filename=\"token.txt\"\r\n\r\nfile-content\r\n--B--\r\n"
        let request = HTTPRequest(
            method: "POST", url: "https://a.test/up", headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=\"B\"")],
            body: .bytes(Data(body.utf8)))

        #expect(redacted(request)?.body == .text(body.replacingOccurrences(of: "hunter2", with: "[REDACTED:1]")))
    }

    @Test("a multipart body that is not UTF-8 has its fields redacted and every other byte kept")
    func binaryMultipart() {
        let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0xFF, 0xD8, 0x00, 0x0D, 0x0A]
        func body(_ password: String) -> Data {
            Data("--B\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\n\r\n".utf8) + Data(image)
                + Data("\r\n--B\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n\(password)\r\n--B--\r\n".utf8)
        }
        let request = HTTPRequest(
            method: "POST", url: "https://a.test/up", headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=B")],
            body: .bytes(body("hunter2")))

        #expect(redacted(request)?.body == .bytes(body("[REDACTED:1]")))
    }

    @Test("bodies that do not read as their type says are left as they are, but for a quoted secret-named value")
    func malformedBodies() {
        let truncated = HTTPRequest(
            method: "POST", url: "https://a.test/login", headers: [json], body: .bytes(Data(#"{"password": "hunter2""#.utf8)))
        let notJSON = HTTPRequest(method: "POST", url: "https://a.test/login", headers: [json], body: .text("password hunter2"))
        let noBoundary = HTTPRequest(
            method: "POST", url: "https://a.test/up", headers: [HTTPHeader("Content-Type", "multipart/form-data")],
            body: .text("--B\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n--B--"))
        let emptyValues = HTTPRequest(method: "POST", url: "https://a.test/login?token=", headers: [form], body: .text("password=&user="))

        // Only the quoted value of the secret-named member is replaced; the rest stays as it was.
        #expect(redacted(truncated)?.body == .text(#"{"password": "[REDACTED:1]""#))
        #expect(redacted(notJSON)?.body == notJSON.body)
        #expect(redacted(noBoundary)?.body == noBoundary.body)
        #expect(redacted(emptyValues) == emptyValues)
    }

    @Test("query items, URL userinfo and headers named like secrets are redacted by default")
    func urlsAndHeaders() {
        let request = HTTPRequest(
            url: "https://ada:hunter2@a.test/cb?client_id=app&refresh_token=r-1&token_type=bearer#top",
            headers: [HTTPHeader("X-Auth-Token", "t-2"), HTTPHeader("Referer", "https://key-only@a.test/")])

        let result = redacted(request)
        // Numbered in the order of the rules: query items by name, then userinfo.
        #expect(result?.urlString == "https://ada:[REDACTED:2]@a.test/cb?client_id=app&refresh_token=[REDACTED:1]&token_type=bearer#top")
        #expect(result?.headers == [HTTPHeader("X-Auth-Token", "[REDACTED:3]"), HTTPHeader("Referer", "https://[REDACTED:4]@a.test/")])
    }

    @Test("an OAuth fragment's tokens are redacted like query items; an ordinary fragment is kept")
    func fragments() {
        let callback = NavigationAction(
            url: "bankapp://callback#access_token=at-1&token_type=Bearer&state=s1", navigationType: .other, targetFrame: .main())
        let anchor = NavigationAction(url: "https://a.test/help?id_token=it-2#section-2", navigationType: .other, targetFrame: .main())

        #expect(redacted(callback)?.urlString == "bankapp://callback#access_token=[REDACTED:1]&token_type=Bearer&state=s1")
        #expect(redacted(anchor)?.urlString == "https://a.test/help?id_token=[REDACTED:1]#section-2")
    }

    @Test("a token inside JSON held in a string is redacted and the string rewritten compactly")
    func jsonInString() {
        let message = ScriptMessage(handler: "s", body: ["state": .string(#"{"scope": "read", "access_token": "a-1"}"#), "plain": "{not json"])

        #expect(redacted(message)?.body == ["state": .string(#"{"access_token":"[REDACTED:1]","scope":"read"}"#), "plain": "{not json"])
    }

    @Test("credentials found by shape are replaced inside text, the words around them kept")
    func shapes() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXZhbHVl"
        let response = HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", "text/plain")], body: .bytes(Data("id \(jwt) key sk_live_4eC39HqLyjWDarjtT1zdp7dc".utf8)))

        #expect(redacted(response)?.body == .text("id [REDACTED:1] key [REDACTED:2]"))
    }

    @Test("a base64 bearer token in text is replaced whole, and a token in a script the app evaluates too")
    func bearerAndScripts() {
        let response = HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", "text/plain")], body: .text("use: Bearer aB3+xY9/zQ1w==, then retry"))
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXZhbHVl"
        let evaluation = JavaScriptEvaluation(script: "window.bank.resolve('p1', {\"idToken\":\"\(jwt)\"})")

        #expect(redacted(response)?.body == .text("use: Bearer [REDACTED:1], then retry"))
        #expect(redacted(evaluation)?.script == "window.bank.resolve('p1', {\"idToken\":\"[REDACTED:1]\"})")
    }

    @Test("a client that copies Set-Cookie attributes into its Cookie header keeps them readable")
    func cookieAttributes() {
        let request = HTTPRequest(url: "https://a.test/", headers: [HTTPHeader("Cookie", "sid=s-1; Domain=bank.test; Path=/; Secure")])

        #expect(redacted(request)?.headers == [HTTPHeader("Cookie", "sid=[REDACTED:1]; Domain=bank.test; Path=/; Secure")])
        let cassette = Cassette(header: CassetteHeader(name: "c"), events: [Event(id: 1, at: 0, payload: redacted(request) ?? request)])
        #expect(SecretScanner.findings(in: cassette).isEmpty, "the scanner agrees the attributes are no secrets")
    }

    @Test("redacting a redacted payload again changes nothing")
    func idempotent() {
        let request = HTTPRequest(
            method: "POST", url: "https://ada:pw-1@a.test/?access_token=t-1", headers: [json, HTTPHeader("Authorization", "Bearer b-1")],
            body: .bytes(Data(#"{"password":"p-1","nested":"{\"secret\":\"s-1\"}"}"#.utf8)))
        var placeholders = RedactionPlaceholders()
        let once = Redaction.default.apply(to: request, placeholders: &placeholders)
        let twice = Redaction.default.apply(to: once, placeholders: &placeholders)

        #expect(twice as? HTTPRequest == once as? HTTPRequest)
        #expect(placeholders.count == 5)
    }

    @Test("the new rules are rebuilt from their names for reports")
    func ruleNames() {
        let names = Redaction.default.ruleNames
        #expect(names.suffix(3) == ["fields:secret-names", "url:userinfo", "shapes:credentials"])
        #expect(Redaction(ruleNames: names).ruleNames == names)
    }
}
