import Foundation
import Testing
@testable import HybridReplay

/// A client that, for each message, sends one request per token in order, as
/// a client does that signs its calls with a bearer token.
struct TokenClient: ScriptMessageHandler {
    let transport: any HTTPTransport
    let tokens: [String]

    static let urls = ["https://api.example.com/me", "https://api.example.com/orders"]

    func didReceive(_ message: ScriptMessage) {
        let (transport, tokens) = (transport, tokens)
        Task {
            for (url, token) in zip(Self.urls, tokens) {
                _ = try? await transport.send(HTTPRequest(url: url, headers: [HTTPHeader("Authorization", "Bearer \(token)")]))
            }
        }
    }
}

/// A cassette of one message and the two signed requests it led to, with
/// `recorded` as the two tokens, listing `redactions` in its header.
func signedCassette(recorded: [String], redactions: [String] = ["header:Authorization"]) -> Cassette {
    var events = [Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go")))]
    for (index, (url, token)) in zip(TokenClient.urls, recorded).enumerated() {
        let request = 2 + index * 2
        events.append(
            Event(
                id: request, at: 0, cause: index == 0 ? 1 : request - 1,
                payload: HTTPRequest(url: url, headers: [HTTPHeader("Authorization", "Bearer \(token)")])))
        events.append(Event(id: request + 1, at: 0, answers: request, payload: HTTPResponse(status: 200)))
    }
    return Cassette(header: CassetteHeader(name: "signed", redactions: redactions), events: events)
}

/// Replays `cassette` against a client that signs with `tokens`.
func replaySigned(_ cassette: Cassette, tokens: [String]) async -> ReplayReport {
    await Replayer(cassette: cassette, options: fastReplay).replay { platform in
        platform.webView.add(TokenClient(transport: platform.transport, tokens: tokens), name: "go")
    }
}

@Suite("Replay reports apply the cassette's redactions")
struct ReportRedactionTests {
    static let right = "right-token-1234567890"
    static let wrong = "wrong-token-0987654321"

    /// Everything a failed report shows: its text and its trace's bytes.
    static func shown(_ report: ReplayReport) -> String {
        report.description + String(decoding: CassetteWriter.canonicalBytes(of: report.trace), as: UTF8.self)
    }

    @Test("a token that differs from the one bound earlier fails without either token in the report or the trace")
    func wrongTokenAfterBinding() async {
        let cassette = signedCassette(recorded: ["[REDACTED:1]", "[REDACTED:1]"])
        let report = await replaySigned(cassette, tokens: [Self.right, Self.wrong])

        #expect(!report.passed)
        let issue = report.issues.first
        #expect(issue?.eventID == 4, "\(report)")
        #expect(issue?.differences.map(\.path) == ["headers[Authorization]"], "\(report)")
        #expect(!Self.shown(report).contains(Self.right), "\(report)")
        #expect(!Self.shown(report).contains(Self.wrong), "\(report)")
        #expect(report.description.contains("found \"Bearer [REDACTED:"), "\(report)")
        #expect(report.trace.header.redactions == ["header:Authorization"] + Redaction.default.ruleNames.filter { $0 != "header:Authorization" })
        let traced = report.trace.events.compactMap { $0.payload(as: HTTPRequest.self)?.headers.first?.value }
        #expect(traced == ["Bearer [REDACTED:1]", "Bearer [REDACTED:2]"])
    }

    @Test("a token written unredacted in a cassette that lists the rule is hidden as expected and as found")
    func literalTokens() async {
        let cassette = signedCassette(recorded: [Self.right, Self.right])
        let report = await replaySigned(cassette, tokens: [Self.wrong, Self.wrong])

        #expect(report.issues.first?.eventID == 2, "\(report)")
        #expect(!Self.shown(report).contains(Self.right), "\(report)")
        #expect(!Self.shown(report).contains(Self.wrong), "\(report)")
        #expect(report.description.contains("expected \"Bearer [REDACTED:"), "\(report)")
    }

    @Test("a cassette that lists no rule is reported as it is, tokens included")
    func noRules() async {
        let cassette = signedCassette(recorded: [Self.right, Self.right], redactions: [])
        let report = await replaySigned(cassette, tokens: [Self.wrong, Self.wrong])

        #expect(!report.passed)
        #expect(report.description.contains(Self.right))
        #expect(report.description.contains(Self.wrong))
    }

    @Test("a passing replay's report is left as it is")
    func passingReport() async {
        let cassette = signedCassette(recorded: ["[REDACTED:1]", "[REDACTED:1]"])
        let report = await replaySigned(cassette, tokens: [Self.right, Self.right])

        #expect(report.passed, "\(report)")
    }

    @Test("rules are rebuilt from their names; a custom rule's name is skipped")
    func rulesFromNames() {
        let redaction = Redaction(ruleNames: [
            "header:Authorization", "cookie:*", "query:token", "body:user.password", "custom:ids", "nonsense",
        ])
        #expect(redaction.ruleNames == ["header:Authorization", "cookie:*", "query:token", "body:user.password", "body:password"])
        #expect(Redaction(ruleNames: ["custom:ids"]).isEmpty)
    }

    @Test("a short secret is replaced where it is quoted, a long one everywhere")
    func scrubberBounds() {
        var placeholders = RedactionPlaceholders()
        let redaction = Redaction.jsonField("pin") + .jsonField("token")
        let payload = ScriptMessage(handler: "login", body: .object(["pin": .string("42"), "token": .string("abcdef123456")]))
        var scrubber = ReportScrubber()
        scrubber.learn(original: payload, redacted: redaction.apply(to: payload, placeholders: &placeholders))
        scrubber.learn(placeholders)

        #expect(scrubber.scrub(#"event 42: body.pin: expected "42""#) == #"event 42: body.pin: expected "[REDACTED:1]""#)
        #expect(scrubber.scrub("POST /login?t=abcdef123456") == "POST /login?t=[REDACTED:2]")
    }

    @Test("a value made of part of a placeholder is hidden where it stands alone, never inside the placeholder")
    func scrubberKeepsPlaceholdersWhole() {
        var placeholders = RedactionPlaceholders(reserving: 2)
        let payload = ScriptMessage(handler: "login", body: .object(["password": .string("[REDACTED:1")]))
        var scrubber = ReportScrubber()
        scrubber.learn(original: payload, redacted: Redaction.jsonField("password").apply(to: payload, placeholders: &placeholders))
        scrubber.learn(placeholders)

        #expect(
            scrubber.scrub(#"password: expected "[REDACTED:1]", found "[REDACTED:1" (event 1 bound [REDACTED:1] and [REDACTED])"#)
                == #"password: expected "[REDACTED:1]", found "[REDACTED:3]" (event 1 bound [REDACTED:1] and [REDACTED])"#)
        #expect(scrubber.scrub("sent [REDACTED:1 then [REDACTED:12]") == "sent [REDACTED:3] then [REDACTED:12]")
    }

    @Test("a secret holding U+0000 is replaced bare too, without crashing the report")
    func scrubberNul() {
        var placeholders = RedactionPlaceholders()
        let secret = "tok\u{0}en-123"
        let redaction = Redaction.jsonField("token")
        let payload = ScriptMessage(handler: "login", body: .object(["token": .string(secret)]))
        var scrubber = ReportScrubber()
        scrubber.learn(original: payload, redacted: redaction.apply(to: payload, placeholders: &placeholders))
        scrubber.learn(placeholders)

        #expect(scrubber.scrub("sent \(secret) twice: \(secret)") == "sent [REDACTED:1] twice: [REDACTED:1]")
    }
}
