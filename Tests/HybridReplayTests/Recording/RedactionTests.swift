import Foundation
import Testing
@testable import HybridReplay

/// `payloads` redacted in order with one numbering, as a recorder does.
private func redacted(_ payloads: [any EventPayload], with redaction: Redaction) -> [any EventPayload] {
    var placeholders = RedactionPlaceholders()
    return payloads.map { redaction.apply(to: $0, placeholders: &placeholders) }
}

private func redacted<Payload: EventPayload>(_ payload: Payload, with redaction: Redaction) -> Payload? {
    redacted([payload], with: redaction).first as? Payload
}

@Suite("Redaction")
struct RedactionTests {
    @Test("by default hides cookie values but keeps names and attributes")
    func cookieHeaders() {
        let request = HTTPRequest(
            url: "https://app.example.com/", headers: [HTTPHeader("Cookie", "auth_token=a-0001; theme=dark;lang=en")])
        let response = HTTPResponse(
            status: 302,
            headers: [
                HTTPHeader("set-cookie", "session_id=s-7f3a; Path=/; HttpOnly"),
                HTTPHeader("Set-Cookie", "theme=dark; Max-Age=60"),
                HTTPHeader("Location", "/home"),
            ])

        let payloads = redacted([request, response], with: .default)

        #expect(
            (payloads[0] as? HTTPRequest)?.headers == [
                HTTPHeader("Cookie", "auth_token=[REDACTED:1]; theme=[REDACTED:2];lang=[REDACTED:3]")
            ])
        #expect(
            (payloads[1] as? HTTPResponse)?.headers == [
                HTTPHeader("set-cookie", "session_id=[REDACTED:4]; Path=/; HttpOnly"),
                HTTPHeader("Set-Cookie", "theme=[REDACTED:2]; Max-Age=60"),
                HTTPHeader("Location", "/home"),
            ])
    }

    @Test("by default hides credentials but keeps their scheme")
    func credentials() {
        let request = HTTPRequest(
            url: "https://api.example.com/",
            headers: [
                HTTPHeader("Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln"),
                HTTPHeader("Proxy-Authorization", "Basic dXNlcjpwYXNz"),
                HTTPHeader("authorization", "opaque-token"),
                HTTPHeader("Accept", "application/json"),
            ])

        #expect(
            redacted(request, with: .default)?.headers == [
                HTTPHeader("Authorization", "Bearer [REDACTED:1]"),
                HTTPHeader("Proxy-Authorization", "Basic [REDACTED:2]"),
                HTTPHeader("authorization", "[REDACTED:3]"),
                HTTPHeader("Accept", "application/json"),
            ])
    }

    @Test("a scheme sent with no credentials after it stays readable, by every rule that reads the header; a single opaque word does not")
    func schemeWithoutCredentials() {
        let request = HTTPRequest(
            url: "https://api.example.com/",
            headers: [
                HTTPHeader("Authorization", "Bearer "), HTTPHeader("Authorization", "Bearer"),
                HTTPHeader("Proxy-Authorization", "basic"), HTTPHeader("Authorization", "Bearerx"),
            ])
        let expected = [
            HTTPHeader("Authorization", "Bearer "), HTTPHeader("Authorization", "Bearer"),
            HTTPHeader("Proxy-Authorization", "basic"), HTTPHeader("Authorization", "[REDACTED:1]"),
        ]
        #expect(redacted(request, with: .default)?.headers == expected)
        // The secret-names rule alone, as a report applies it beside a cassette's own rules.
        #expect(redacted(request, with: .secretFields)?.headers == expected)
    }

    @Test("by default hides the values of cookies in the cookie store, numbered like the same values in headers")
    func cookieStore() {
        let cookie = Cookie(name: "session_id", value: "s-7f3a", domain: "app.example.com", httpOnly: true)
        let payloads = redacted(
            [
                HTTPResponse(status: 302, headers: [HTTPHeader("Set-Cookie", "session_id=s-7f3a; Path=/")]),
                CookieStoreWrite(cookie),
                CookieStoreContents([cookie, Cookie(name: "empty", value: "", domain: "app.example.com")]),
            ], with: .default)

        var hidden = cookie
        hidden.value = "[REDACTED:1]"
        #expect((payloads[1] as? CookieStoreWrite)?.cookie == hidden)
        #expect(
            (payloads[2] as? CookieStoreContents)?.cookies == [hidden, Cookie(name: "empty", value: "", domain: "app.example.com")])
    }

    @Test("hides the whole value of any other header it is told to, and by default of headers named like a secret")
    func otherHeader() {
        let request = HTTPRequest(url: "https://api.example.com/", headers: [HTTPHeader("x-api-key", "k-123"), HTTPHeader("Accept", "*/*")])
        let custom = HTTPRequest(url: "https://api.example.com/", headers: [HTTPHeader("X-Tenant", "acme"), HTTPHeader("Accept", "*/*")])

        #expect(
            redacted(request, with: .header("X-Api-Key"))?.headers == [
                HTTPHeader("x-api-key", "[REDACTED:1]"), HTTPHeader("Accept", "*/*"),
            ])
        #expect(
            redacted(request, with: .default)?.headers == [HTTPHeader("x-api-key", "[REDACTED:1]"), HTTPHeader("Accept", "*/*")])
        #expect(redacted(custom, with: .default)?.headers == custom.headers)
        #expect(
            redacted(custom, with: .header("X-Tenant"))?.headers == [HTTPHeader("X-Tenant", "[REDACTED:1]"), HTTPHeader("Accept", "*/*")])
    }

    @Test("hides query items in every URL, its fragment and form bodies, matched after percent-decoding")
    func queryItems() {
        let redaction = Redaction.queryItem("access_token")
        let payloads = redacted(
            [
                HTTPRequest(
                    method: "POST", url: "https://api.example.com/me?access_token=t%2B1&page=2#access_token=x",
                    headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                    body: .text("user=avery&access_token=t%2B1")),
                HTTPResponse(status: 302, headers: [HTTPHeader("Location", "https://app.example.com/cb?access_token=t2")]),
                NavigationAction(
                    url: "https://app.example.com/cb?access%5Ftoken=t2", navigationType: .other,
                    sourceFrame: .main("https://app.example.com/?access_token=t2"), targetFrame: .main()),
                NavigationLoad(url: "https://app.example.com/?access_token="),
                CookieStoreQuery(url: "https://app.example.com/?x=1&access_token=t3"),
            ], with: redaction)

        let request = payloads[0] as? HTTPRequest
        // A fragment of name=value pairs is read as a query is: OAuth's implicit flow puts tokens there.
        #expect(request?.urlString == "https://api.example.com/me?access_token=[REDACTED:1]&page=2#access_token=[REDACTED:2]")
        #expect(request?.body == .text("user=avery&access_token=[REDACTED:1]"))
        #expect((payloads[1] as? HTTPResponse)?.headers == [HTTPHeader("Location", "https://app.example.com/cb?access_token=[REDACTED:3]")])
        let action = payloads[2] as? NavigationAction
        #expect(action?.urlString == "https://app.example.com/cb?access%5Ftoken=[REDACTED:3]")
        #expect(action?.sourceFrame?.urlString == "https://app.example.com/?access_token=[REDACTED:3]")
        #expect((payloads[3] as? NavigationLoad)?.urlString == "https://app.example.com/?access_token=")
        #expect((payloads[4] as? CookieStoreQuery)?.urlString == "https://app.example.com/?x=1&access_token=[REDACTED:4]")
    }

    @Test("leaves text bodies that are not form-encoded alone")
    func textBodies() {
        let request = HTTPRequest(method: "POST", url: "https://a.test/", body: .text("access_token=t1"))
        #expect(redacted(request, with: .queryItem("access_token"))?.body == .text("access_token=t1"))
    }

    @Test("hides a JSON field at any depth in bodies, messages, arguments, replies, published values and custom fields")
    func jsonFields() {
        let payloads = redacted(
            [
                ScriptMessage(handler: "login", body: ["username": "avery", "password": "hunter2"]),
                HTTPRequest(method: "POST", url: "https://api.example.com/token", body: .json(["user": ["password": "hunter2"]])),
                HTTPResponse(status: 200, body: .json(["items": [["password": 1234], ["password": nil], ["password": ["a": true]]]])),
                JavaScriptEvaluation(script: "signIn(credentials)", arguments: ["credentials": ["password": "hunter2"]]),
                ScriptReply(.value(["password": "hunter2"])),
                JavaScriptResult(.value(["password": "other"])),
                LocationServiceValue(stream: "s", value: ["password": "hunter2"]),
                CustomEvent(name: "login", direction: .effect, fields: ["password": "hunter2", "passwordHint": "pet"]),
                NativeRoute(name: "welcome", parameters: ["password": "hunter2"]),
            ], with: .jsonField("password"))

        #expect((payloads[0] as? ScriptMessage)?.body == ["username": "avery", "password": "[REDACTED:1]"])
        #expect((payloads[1] as? HTTPRequest)?.body == .json(["user": ["password": "[REDACTED:1]"]]))
        #expect(
            (payloads[2] as? HTTPResponse)?.body
                == .json(["items": [["password": "[REDACTED:2]"], ["password": nil], ["password": "[REDACTED:3]"]]]))
        #expect((payloads[3] as? JavaScriptEvaluation)?.arguments == ["credentials": ["password": "[REDACTED:1]"]])
        #expect((payloads[4] as? ScriptReply)?.outcome == .value(["password": "[REDACTED:1]"]))
        #expect((payloads[5] as? JavaScriptResult)?.outcome == .value(["password": "[REDACTED:4]"]))
        #expect((payloads[6] as? LocationServiceValue)?.value == ["password": "[REDACTED:1]"])
        #expect((payloads[7] as? CustomEvent)?.fields == ["password": "[REDACTED:1]", "passwordHint": "pet"])
        #expect((payloads[8] as? NativeRoute)?.parameters == ["password": "[REDACTED:1]"])
    }

    @Test("hides only the value at a JSON path from the root")
    func jsonPath() {
        let message = ScriptMessage(
            handler: "login", body: ["user": ["password": "hunter2"], "items": [["password": "keep"]], "password": "keep"])

        let result = redacted(message, with: .jsonPath(JSONPath([.key("user"), .key("password")])))
        let indexed = redacted(message, with: .jsonPath(JSONPath([.key("items"), .index(0), .key("password")])))
        let missing = redacted(message, with: .jsonPath(JSONPath([.key("items"), .index(5)])))

        #expect(result?.body == ["user": ["password": "[REDACTED:1]"], "items": [["password": "keep"]], "password": "keep"])
        #expect(indexed?.body == ["user": ["password": "hunter2"], "items": [["password": "[REDACTED:1]"]], "password": "keep"])
        #expect(missing?.body == message.body)
        #expect(Redaction.jsonPath(JSONPath([.key("items"), .index(0), .key("token")])).ruleNames == ["body:items[0].token"])
    }

    @Test("runs a custom rule with the recording's numbering")
    func custom() {
        let accounts = Redaction.custom(name: "custom:account") { payload, placeholders in
            guard var route = payload as? NativeRoute, case .string(let account)? = route.parameters["account"] else { return payload }
            route.parameters["account"] = .string(placeholders.placeholder(for: account))
            return route
        }
        let payloads = redacted(
            [
                HTTPRequest(url: "https://a.test/", headers: [HTTPHeader("Authorization", "Bearer 12345678")]),
                NativeRoute(name: "account", parameters: ["account": "12345678"]),
            ], with: .default + accounts)

        #expect((payloads[1] as? NativeRoute)?.parameters == ["account": "[REDACTED:1]"])
        #expect((.default + accounts).ruleNames.last == "custom:account")
    }

    @Test("lists each rule once, in the order added, however the presets are combined")
    func ruleNames() {
        let combined = Redaction.default + .header("cookie") + .queryItem("token") + .jsonField("password")
        let again = combined.adding(.queryItem("token")).adding(.default)

        #expect(
            combined.ruleNames == [
                "header:Cookie", "header:Set-Cookie", "header:Authorization", "header:Proxy-Authorization", "cookie:*",
                "fields:secret-names", "url:userinfo", "shapes:credentials", "query:token", "body:password",
            ])
        #expect(again.ruleNames == combined.ruleNames)
        #expect(Redaction.none.ruleNames == [])
        #expect((Redaction.none + .none).ruleNames == [])
    }

    @Test("never redacts a placeholder again when rules overlap")
    func idempotent() {
        let twice = Redaction.jsonField("token") + .jsonPath(JSONPath([.key("token")])) + .custom(name: "again") { payload, placeholders in
            guard let message = payload as? ScriptMessage, let token = message.body.objectValue?["token"]?.stringValue else { return payload }
            var copy = message
            copy.body = ["token": .string(placeholders.placeholder(for: token))]
            return copy
        }
        #expect(redacted(ScriptMessage(handler: "h", body: ["token": "t-1"]), with: twice)?.body == ["token": "[REDACTED:1]"])
    }

    @Test("redacts nothing with the none preset")
    func none() {
        let request = HTTPRequest(url: "https://a.test/?token=1", headers: [HTTPHeader("Cookie", "a=b")])
        #expect(redacted(request, with: .none) == request)
    }
}

@Suite("Redaction placeholders")
struct RedactionPlaceholdersTests {
    @Test("numbers each distinct secret once, in the order first seen")
    func numbering() {
        var placeholders = RedactionPlaceholders()
        #expect(placeholders.placeholder(for: "a") == "[REDACTED:1]")
        #expect(placeholders.placeholder(for: "b") == "[REDACTED:2]")
        #expect(placeholders.placeholder(for: "a") == "[REDACTED:1]")
        #expect(placeholders.placeholder(for: "[REDACTED:2]") == "[REDACTED:2]")
        // A placeholder-looking value this recording never issued is a value like any other.
        #expect(placeholders.placeholder(for: "[REDACTED:9]") == "[REDACTED:3]")
        #expect(placeholders.count == 3)
    }

    @Test("recognizes exactly the placeholder spelling")
    func spelling() {
        #expect(RedactionPlaceholders.number(in: "[REDACTED:12]") == 12)
        #expect(RedactionPlaceholders.number(in: "[REDACTED:+1]") == nil)
        #expect(RedactionPlaceholders.number(in: "[REDACTED:0]") == nil)
        #expect(RedactionPlaceholders.number(in: "[REDACTED]") == nil)
        #expect(RedactionPlaceholders.number(in: "x[REDACTED:1]") == nil)
    }
}
