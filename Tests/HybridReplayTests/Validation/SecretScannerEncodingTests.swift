import Foundation
import Testing

@testable import HybridReplay

private func findings(_ payloads: [any EventPayload]) -> [String] {
    let events = payloads.enumerated().map { Event(id: $0.offset + 1, at: 0, payload: $0.element) }
    return SecretScanner.findings(in: Cassette(header: CassetteHeader(name: "s"), events: events)).map(\.description)
}

private let json = HTTPHeader("Content-Type", "application/json")
private let form = HTTPHeader("Content-Type", "application/x-www-form-urlencoded")

@Suite("SecretScanner sees through encodings and finds credentials by shape")
struct SecretScannerEncodingTests {
    @Test("decodes a base64 body and reads the JSON or form in it")
    func base64Bodies() {
        let login = HTTPRequest(
            method: "POST", url: "https://api.bank.test/login", headers: [json],
            body: .bytes(Data(#"{"username":"ada","password":"pl41n-t3xt"}"#.utf8)))
        let token = HTTPRequest(
            method: "POST", url: "https://api.bank.test/token", headers: [form],
            body: .bytes(Data("grant_type=client_credentials&client_secret=s3cr3t-v4lue".utf8)))
        #expect(findings([login, token]) == [
            "events[0].payload.body.base64: field 'password' looks like a secret (in the base64 body); redact it",
            "events[1].payload.body.base64: form field 'client_secret' looks like a credential (in the base64 body); redact it",
        ])
    }

    @Test("still finds a secret-named member in JSON that does not parse, and a field of a multipart body that is not UTF-8")
    func unreadableBodies() {
        let truncated = HTTPRequest(
            method: "POST", url: "https://a.test/login", headers: [json], body: .bytes(Data(#"{"user": "ada", "password": "hunter2""#.utf8)))
        let upload = HTTPRequest(
            method: "POST", url: "https://a.test/up", headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=B")],
            body: .bytes(
                Data("--B\r\nContent-Disposition: form-data; name=\"a\"; filename=\"a.png\"\r\n\r\n".utf8) + Data([0xFF, 0xD8, 0x00])
                    + Data("\r\n--B\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter2\r\n--B--\r\n".utf8)))
        #expect(findings([truncated, upload]) == [
            "events[0].payload.body.base64: field 'password' looks like a secret (in the base64 body); redact it",
            "events[1].payload.body.base64: form field 'password' looks like a credential (in the base64 body); redact it",
        ])
    }

    @Test("reads JSON held in a string, at any depth of the value that holds it")
    func jsonInStrings() {
        let message = ScriptMessage(handler: "state", body: ["state": .string(#"{"session":{"refresh_token":"r3fr3sh-9"}}"#)])
        #expect(findings([message]) == [
            "events[0].payload.body.state: field 'refresh_token' looks like a secret (in the JSON this string holds); redact it"
        ])
    }

    @Test("reads form and multipart bodies given as text, and the userinfo of URLs")
    func formsAndURLs() {
        let boundary = "XyZ"
        let multipart = "--XyZ\r\nContent-Disposition: form-data; name=\"pin\"\r\n\r\n4921\r\n--XyZ--\r\n"
        let payloads: [any EventPayload] = [
            HTTPRequest(method: "POST", url: "https://api.bank.test/login", headers: [form], body: .text("user=ada&passwd=hunter22")),
            HTTPRequest(
                method: "POST", url: "https://api.bank.test/pin",
                headers: [HTTPHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: .text(multipart)),
            HTTPRequest(url: "https://ada:hunter22@api.bank.test/me"),
            NavigationAction(url: "bankapp://callback#access_token=at-77&state=s1", navigationType: .other, targetFrame: .main()),
        ]
        #expect(findings(payloads) == [
            "events[0].payload.body.text: form field 'passwd' looks like a credential; redact it",
            "events[1].payload.body.text: form field 'pin' looks like a credential; redact it",
            "events[2].payload.url: this string looks like a credential in a URL's userinfo; redact it",
            "events[3].payload.url: query item 'access_token' looks like a credential; redact it",
        ])
    }

    @Test("finds well-known key prefixes, JWTs and bearer tokens inside longer text")
    func shapes() {
        let body = """
            stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc github ghp_16C7e42F292c6912E7710c838347Ae178B4a
            aws AKIAIOSFODNN7EXAMPLF slack xoxb-123456789012-abcdefABCDEF
            """
        let response = HTTPResponse(status: 200, headers: [HTTPHeader("X-Debug", "auth Bearer 9f8e7d6c5b4a3f2e")], body: .text(body))
        #expect(findings([response]) == [
            "events[0].payload.headers[0].value: this string looks like a bearer token; redact it",
            "events[0].payload.body.text: this string looks like a Stripe secret key; redact it",
            "events[0].payload.body.text: this string looks like a GitHub token; redact it",
            "events[0].payload.body.text: this string looks like an AWS access key id; redact it",
            "events[0].payload.body.text: this string looks like a Slack token; redact it",
        ])
    }

    @Test("leaves placeholders, schemes, cookie attributes, hosts and ordinary names alone")
    func noFalsePositives() {
        let payloads: [any EventPayload] = [
            HTTPRequest(
                url: "https://[REDACTED:2]@api.bank.test/me?access_token=[REDACTED:1]&page=2",
                headers: [HTTPHeader("Authorization", "Bearer [REDACTED:1]"), HTTPHeader("X-Api-Key", "[REDACTED:3]")]),
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Set-Cookie", "sid=[REDACTED:4]; Domain=bank.test; Path=/; Secure")],
                body: .json(["token_type": "Bearer", "expires_in": 3600, "session": .null, "state": .string(#"{"page":2}"#)])),
            HTTPRequest(method: "POST", url: "https://api.bank.test/search", headers: [form], body: .text("q=tokens&sort=asc")),
            HTTPRequest(url: "https://api.bank.test/", headers: [HTTPHeader("Cookie", "sid=[REDACTED:4]; Domain=bank.test; Path=/")]),
        ]
        #expect(findings(payloads) == [])
    }

    @Test("lint places a finding inside a base64 body at the line and column of that body")
    func lintPosition() throws {
        let encoded = Data(#"{"password":"pl41n-t3xt"}"#.utf8).base64EncodedString()
        let request = #"{"id": 1, "channel": "http", "direction": "effect", "kind": "request", "at": 0, "payload": {"method": "POST", "url": "https://a.test/", "headers": [{"name": "Content-Type", "value": "application/json"}], "body": {"base64": "\#(encoded)"}}}"#
        let text = cassetteText([request])
        let found = CassetteReader().lint(Array(text.utf8), path: "t.json").map(\.description)
        let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(encoded) })
        let column = try #require(text.split(separator: "\n", omittingEmptySubsequences: false)[line].range(of: "\"\(encoded)\""))
        let offset = text.split(separator: "\n", omittingEmptySubsequences: false)[line].distance(
            from: text.split(separator: "\n", omittingEmptySubsequences: false)[line].startIndex, to: column.lowerBound)
        #expect(found == [
            "t.json:\(line + 1):\(offset + 1): warning: field 'password' looks like a secret (in the base64 body); redact it"
        ])
    }
}
