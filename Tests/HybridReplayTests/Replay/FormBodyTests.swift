import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// How the app writes the values of its form: as `URLComponents.queryItems`
/// does, or escaping more, as `addingPercentEncoding` with a narrow set does.
enum FormSpelling: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `URLComponents.queryItems`, then `percentEncodedQuery`: `[` and `]` escaped, `:` kept.
    case urlComponents
    /// Everything but letters and digits escaped, upper-case hex: `%5BREDACTED%3A1%5D`.
    case alphanumerics
    /// As ``alphanumerics`` with lower-case hex: `%5bREDACTED%3a1%5d`.
    case lowerCaseHex

    var testDescription: String { rawValue }

    /// The query `items` make, each value spelt this way.
    func query(_ items: [(name: String, value: String)]) -> String {
        var components = URLComponents()
        switch self {
        case .urlComponents:
            components.queryItems = items.map { URLQueryItem(name: $0.name, value: $0.value) }
            return components.percentEncodedQuery ?? ""
        case .alphanumerics, .lowerCaseHex:
            return items.map { item in
                let escaped = item.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? item.value
                return item.name + "=" + (self == .lowerCaseHex ? Self.lowerCasingEscapes(escaped) : escaped)
            }.joined(separator: "&")
        }
    }

    private static func lowerCasingEscapes(_ text: String) -> String {
        var result = ""
        var hexLeft = 0
        for character in text {
            if character == "%" {
                hexLeft = 2
                result.append(character)
            } else if hexLeft > 0 {
                hexLeft -= 1
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// Exchanges the authorization code the page posts for a token, as an OAuth
/// client does: a form built from a dictionary, whose order of the day
/// `order` stands for, sent as `application/x-www-form-urlencoded` (or
/// `contentType`), with the code also in the request's URL when `codeInURL`.
private struct TokenExchange: ScriptMessageHandler {
    // Letters and digits, which every spelling keeps as they are: the test declares the value the app sends.
    static let clientSecret = "csQ8v2LmR4nTz"
    static let verifier = "pkce7Hk3ZtW9xBq"
    static let code = "ac4Rt8Yp2NvK6"
    static let sortedNames = ["client_id", "client_secret", "code", "code_verifier", "grant_type", "redirect_uri", "scope"]

    let transport: any HTTPTransport
    var order = sortedNames
    var scopes = ["read", "write"]
    var redirect = "myapp://callback"
    var contentType = "application/x-www-form-urlencoded"
    var spelling = FormSpelling.urlComponents
    var codeInURL = false
    /// Names the app sends in place of the usual ones.
    var renamed: [String: String] = [:]
    var changeCode: @Sendable (String) -> String = { $0 }

    init(platform: Platform) {
        transport = platform.transport
    }

    func install(on platform: Platform) -> Self {
        platform.webView.add(self, name: "signIn")
        return self
    }

    func didReceive(_ message: ScriptMessage) {
        guard let received = message.body.objectValue?["code"]?.stringValue else { return }
        let code = changeCode(received)
        let values: [String: [String]] = [
            "grant_type": ["authorization_code"], "code": [code], "redirect_uri": [redirect], "client_id": ["fieldkit"],
            "client_secret": [Self.clientSecret], "code_verifier": [Self.verifier], "scope": scopes,
        ]
        let items = order.flatMap { name in (values[name] ?? []).map { (name: renamed[name] ?? name, value: $0) } }
        let url = "https://login.example.com/oauth/token" + (codeInURL ? "?" + spelling.query([(name: "code", value: code)]) : "")
        let request = HTTPRequest(
            method: "POST", url: url, headers: [HTTPHeader("Content-Type", contentType)], body: .text(spelling.query(items)))
        let transport = transport
        Task { _ = try? await transport.send(request) }
    }
}

/// Everything a failed report shows: its text, its issues' fields and the bytes of its trace, the `.actual.json` attachment.
private func shown(_ report: ReplayReport) -> String {
    report.description + report.issues.map { "\($0.differences)" }.joined()
        + String(decoding: CassetteWriter.canonicalBytes(of: report.trace), as: UTF8.self)
}

@Suite("A form-urlencoded body compares as its fields, in any order of names")
struct FormBodyTests {
    /// The code as the page posts it and the form's `code` and `code_verifier`
    /// fields are secrets besides the defaults' `client_secret`.
    static let redaction = Redaction.default + .jsonField("code") + .jsonField("code_verifier")

    /// The page posts the code once and the app exchanges it, `configure`d.
    /// A form body has each secret replaced (a body of another type, in which
    /// `code_verifier` is no field, is not checked).
    fileprivate static func recorded(
        hidesSecrets: Bool = true, _ configure: @escaping @Sendable (inout TokenExchange) -> Void = { _ in }
    ) async throws -> Cassette {
        let page = SimulatedWebView()
        let server = ScriptedHTTPTransport { _ in HTTPResponse(status: 204) }
        let recorder = stillRecorder(redaction, name: "token-exchange")
        let platform = recorder.platform(wrapping: .simulated(webView: page, transport: server))
        var app = TokenExchange(platform: platform)
        configure(&app)
        _ = app.install(on: platform)
        try page.postMessage(["code": .string(TokenExchange.code)], to: "signIn")
        try await recorder.waitForEvents(HTTPResponse.eventKind)
        let cassette = try CassetteReader().read(try recorder.canonicalBytes(file: "token.json"), path: "token.json")
        let bytes = String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self)
        if hidesSecrets {
            #expect(![TokenExchange.code, TokenExchange.clientSecret, TokenExchange.verifier].contains { bytes.contains($0) })
        }
        return cassette
    }

    fileprivate static func replay(
        _ cassette: Cassette, secrets: [Int: String] = [:], _ configure: @escaping @Sendable (inout TokenExchange) -> Void
    ) async -> ReplayReport {
        var options = fastReplay
        options.secrets = secrets
        return await Replayer(cassette: cassette, options: options).replay { platform in
            var app = TokenExchange(platform: platform)
            configure(&app)
            return app.install(on: platform)
        }
    }

    static func sentBody(_ cassette: Cassette) -> HTTPBody? {
        cassette.events.lazy.compactMap { $0.payload(as: HTTPRequest.self) }.first?.body
    }

    static let reversed = Array(TokenExchange.sortedNames.reversed())
    static let shuffled = ["code_verifier", "grant_type", "client_secret", "scope", "code", "redirect_uri", "client_id"]

    // MARK: Recording

    @Test("the recorder writes the form's fields ordered by name, each name's values in their order, whatever order the app sent")
    func recordedInOneOrder() async throws {
        var written: [String] = []
        for order in [TokenExchange.sortedNames, Self.reversed, Self.shuffled] {
            let cassette = try await Self.recorded { $0.order = order }
            written.append(String(decoding: CassetteWriter.canonicalBytes(of: cassette), as: UTF8.self))
            #expect(
                Self.sentBody(cassette)
                    == .text(
                        "client_id=fieldkit&client_secret=[REDACTED:2]&code=[REDACTED:1]&code_verifier=[REDACTED:3]"
                            + "&grant_type=authorization_code&redirect_uri=myapp://callback&scope=read&scope=write"),
                "\(order)")
        }
        // The same bytes, and so the same number for each secret: `client_secret` is 2 and `code_verifier` 3 every time.
        #expect(Set(written).count == 1)

        let scopesSwapped = try await Self.recorded {
            $0.order = Self.reversed
            $0.scopes = ["write", "read"]
        }
        #expect(
            Self.sentBody(scopesSwapped)
                == .text(
                    "client_id=fieldkit&client_secret=[REDACTED:2]&code=[REDACTED:1]&code_verifier=[REDACTED:3]"
                        + "&grant_type=authorization_code&redirect_uri=myapp://callback&scope=write&scope=read"))
    }

    @Test("a body of another Content-Type that looks like a form is written in the order sent")
    func otherTypeKeepsOrder() async throws {
        let cassette = try await Self.recorded(hidesSecrets: false) {
            $0.order = Self.reversed
            $0.contentType = "text/plain"
        }
        guard case .text(let text)? = Self.sentBody(cassette) else {
            Issue.record("no text body: \(String(describing: Self.sentBody(cassette)))")
            return
        }
        let names = text.split(separator: "&").map { $0.prefix { $0 != "=" } }
        #expect(names == ["scope", "scope", "redirect_uri", "grant_type", "code_verifier", "code", "client_secret", "client_id"])
        #expect(text.hasPrefix("scope=read&scope=write&"), "\(text)")
    }

    // MARK: Replaying

    @Test("the same code sending the fields in another order replays green", arguments: [reversed, shuffled])
    func anotherOrderReplays(order: [String]) async throws {
        let cassette = try await Self.recorded()
        let secrets = [1: TokenExchange.code, 2: TokenExchange.clientSecret, 3: TokenExchange.verifier]
        let report = await Self.replay(cassette, secrets: secrets) { $0.order = order }
        #expect(report.passed, "\(report)")
    }

    @Test("a cassette that holds the form in the order an older recorder wrote replays green in any order")
    func olderCassetteReplays() async throws {
        var cassette = try await Self.recorded()
        let index = try #require(cassette.events.firstIndex { $0.kind == HTTPRequest.eventKind })
        var request = try #require(cassette.events[index].payload(as: HTTPRequest.self))
        request.body = .text(
            "code_verifier=[REDACTED:3]&grant_type=authorization_code&code=[REDACTED:1]&client_secret=[REDACTED:2]"
                + "&redirect_uri=myapp://callback&scope=read&scope=write&client_id=fieldkit")
        cassette.events[index].payload = request
        let secrets = [1: TokenExchange.code, 2: TokenExchange.clientSecret, 3: TokenExchange.verifier]
        let report = await Self.replay(cassette, secrets: secrets) { $0.order = Self.shuffled }
        #expect(report.passed, "\(report)")
    }

    @Test("values of one name sent in another order, or a body of another type in another order, fail at the body")
    func orderThatCounts() async throws {
        let secrets = [1: TokenExchange.code, 2: TokenExchange.clientSecret, 3: TokenExchange.verifier]
        let form = try await Self.recorded()
        let swapped = await Self.replay(form, secrets: secrets) { $0.scopes = ["write", "read"] }
        #expect(swapped.issues.first?.differences.map(\.path) == ["body.text"], "\(swapped)")

        let plain = try await Self.recorded(hidesSecrets: false) { $0.contentType = "text/plain" }
        let reordered = await Self.replay(plain, secrets: secrets) {
            $0.contentType = "text/plain"
            $0.order = Self.reversed
        }
        #expect(reordered.issues.first?.differences.map(\.path) == ["body.text"], "\(reordered)")
    }

    // MARK: Reporting

    @Test(
        "a form that differs is shown field by field, its secrets under the cassette's numbers in the report and the trace",
        arguments: [true, false])
    func reportedFieldByField(declared: Bool) async throws {
        let cassette = try await Self.recorded()
        let secrets = declared ? [1: TokenExchange.code, 2: TokenExchange.clientSecret, 3: TokenExchange.verifier] : [:]
        let report = await Self.replay(cassette, secrets: secrets) {
            $0.order = Self.shuffled
            $0.redirect = "myapp://elsewhere"
        }

        #expect(!report.passed)
        let difference = try #require(report.issues.first?.differences.first, "\(report)")
        #expect(difference.path == "body.text")
        // Handed the placeholder itself, the app sends it percent-encoded, which is no secret.
        let code = declared ? "[REDACTED:1]" : "%5BREDACTED:1%5D"
        let found =
            "client_id=fieldkit&client_secret=[REDACTED:2]&code=\(code)&code_verifier=[REDACTED:3]"
            + "&grant_type=authorization_code&redirect_uri=myapp://elsewhere&scope=read&scope=write"
        #expect(difference.actual == JSONValue.string(found).description, "\(report)")
        // The field that differs is the difference: no secret is blamed for it.
        #expect(difference.note?.isEmpty != false, "\(report)")
        #expect(!report.description.contains("another value"), "\(report)")
        let sent = report.trace.events.compactMap { $0.payload(as: HTTPRequest.self) }.first?.body
        guard case .text(let text)? = sent else {
            Issue.record("no request body in the trace: \(shown(report))")
            return
        }
        #expect(text.contains("client_secret=[REDACTED:2]") && text.contains("code_verifier=[REDACTED:3]"), "\(text)")
        #expect(!shown(report).contains("[REDACTED:4]"), "\(shown(report))")
        for secret in [TokenExchange.code, TokenExchange.clientSecret, TokenExchange.verifier] {
            #expect(!shown(report).contains(secret), "\(shown(report))")
        }
    }

    @Test("a secret sent under a field name of no secret is still hidden, as the recorded field's secret")
    func renamedSecretField() async throws {
        let cassette = try await Self.recorded()
        let report = await Self.replay(cassette) { $0.renamed = ["client_secret": "cs"] }

        let difference = try #require(report.issues.first?.differences.first, "\(report)")
        #expect(difference.path == "body.text")
        #expect(difference.actual?.contains("cs=[REDACTED:2]&") == true, "\(report)")
        #expect(!shown(report).contains(TokenExchange.clientSecret), "\(shown(report))")
        #expect(!shown(report).contains(TokenExchange.verifier), "\(shown(report))")
    }

    // MARK: A received secret, percent-encoded

    @Test(
        "the placeholder the app was handed, percent-encoded into a form or a URL, matches that placeholder",
        arguments: FormSpelling.allCases, [false, true])
    func percentEncodedPlaceholder(spelling: FormSpelling, inURL: Bool) async throws {
        let cassette = try await Self.recorded {
            $0.spelling = spelling
            $0.codeInURL = inURL
        }
        // The test declares the secrets the app holds, not the code the page handed it.
        let report = await Self.replay(cassette, secrets: [2: TokenExchange.clientSecret, 3: TokenExchange.verifier]) {
            $0.spelling = spelling
            $0.codeInURL = inURL
        }
        #expect(report.passed, "\(report)")
    }

    @Test("the placeholder changed before it is percent-encoded still differs")
    func changedPlaceholderDiffers() async throws {
        let cassette = try await Self.recorded()
        let report = await Self.replay(cassette, secrets: [2: TokenExchange.clientSecret, 3: TokenExchange.verifier]) {
            $0.changeCode = { String($0.dropLast()) }
        }
        let difference = try #require(report.issues.first?.differences.first, "\(report)")
        #expect(difference.path == "body.text")
        #expect(difference.note?.contains("played back the placeholder \"[REDACTED:1]\" itself") == true, "\(report)")
    }
}
