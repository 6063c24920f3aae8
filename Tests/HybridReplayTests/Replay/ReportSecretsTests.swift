import Foundation
import HybridReplayTestSupport
import Testing

@testable import HybridReplay

/// Sends, for one message, each request in order, as an API client does.
private struct RequestClient: ScriptMessageHandler {
    let transport: any HTTPTransport
    let requests: [HTTPRequest]

    func didReceive(_ message: ScriptMessage) {
        let (transport, requests) = (transport, requests)
        Task {
            for request in requests { _ = try? await transport.send(request) }
        }
    }
}

/// A cassette of one message and the requests it led to, each answered with 200,
/// redacted by the default rules.
private func cassette(_ requests: [HTTPRequest]) -> Cassette {
    var events = [Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go")))]
    for (index, request) in requests.enumerated() {
        let id = 2 + index * 2
        events.append(Event(id: id, at: 0, cause: index == 0 ? 1 : id - 1, payload: request))
        events.append(Event(id: id + 1, at: 0, answers: id, payload: HTTPResponse(status: 200)))
    }
    return Cassette(header: CassetteHeader(name: "secrets", redactions: Redaction.default.ruleNames), events: events)
}

private func replay(_ cassette: Cassette, sending requests: [HTTPRequest]) async -> ReplayReport {
    await Replayer(cassette: cassette, options: fastReplay).replay { platform in
        platform.webView.add(RequestClient(transport: platform.transport, requests: requests), name: "go")
    }
}

/// Everything a failed report shows: its text and the bytes of its trace, the `.actual.json` attachment.
private func shown(_ report: ReplayReport) -> String {
    report.description + String(decoding: CassetteWriter.canonicalBytes(of: report.trace), as: UTF8.self)
}

private func authorized(_ value: String, url: String = "https://api.bank.test/me") -> HTTPRequest {
    HTTPRequest(url: url, headers: [HTTPHeader("Authorization", value)])
}

@Suite("Failed reports hide secrets and nothing else")
struct ReportSecretsTests {
    static let token = "tok-9f8e7d6c5b4a3f2e1d0c"

    @Test("secrets in the values an issue compares are in none of its fields, its sentence or its trace")
    func secretsInExpectedAndFound() async throws {
        let report = await SecretInIssueScenario.replay()
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == 2)
        #expect(issue.cause?.id == 1)
        let expected = try #require(issue.expected)
        let found = try #require(issue.found)
        #expect(expected.contains("[REDACTED:") && found.contains("[REDACTED:"), "\(issue)")
        #expect(expected != found, "the two tokens are two secrets, numbered apart")
        let fields: [String?] =
            [expected, found, issue.cause?.summary, issue.relatedEvent?.summary, issue.actual, issue.nearestCandidate, issue.hint]
            + issue.differences.flatMap { [$0.path, $0.expected, $0.actual, $0.note] }
        for field in fields.compactMap({ $0 }) { #expect(!SecretInIssueScenario.leaks(field), "\(field)") }
        #expect(!SecretInIssueScenario.leaks(shown(report)), "\(report)")
        #expect(!issue.differences.isEmpty)
    }

    @Test("a scheme that changed around a bound token is shown as the difference, the token is not")
    func schemeChange() async {
        let recorded = cassette([authorized("Bearer [REDACTED:5]"), authorized("Bearer [REDACTED:5]", url: "https://api.bank.test/orders")])
        let report = await replay(
            recorded, sending: [authorized("Bearer \(Self.token)"), authorized("Token \(Self.token)", url: "https://api.bank.test/orders")])

        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 4, "\(report)")
        #expect(report.description.contains(#"expected "Bearer [REDACTED:5]", found "Token [REDACTED:5]""#), "\(report)")
        #expect(!shown(report).contains(Self.token), "\(report)")
        let traced = report.trace.events.compactMap { $0.payload(as: HTTPRequest.self)?.headers.first?.value }
        #expect(traced == ["Bearer [REDACTED:5]", "Token [REDACTED:5]"])
    }

    @Test("a different token in a diverging effect gets a number of its own, not the recorded one")
    func differentToken() async {
        let recorded = cassette([authorized("Bearer [REDACTED:1]"), authorized("Bearer [REDACTED:1]", url: "https://api.bank.test/orders")])
        let report = await replay(
            recorded,
            sending: [authorized("Bearer \(Self.token)"), authorized("Bearer stale-0a1b2c3d4e5f", url: "https://api.bank.test/orders")])

        #expect(report.description.contains(#"expected "Bearer [REDACTED:1]", found "Bearer [REDACTED:2]""#), "\(report)")
        #expect(!shown(report).contains(Self.token))
        #expect(!shown(report).contains("stale-0a1b2c3d4e5f"))
    }

    @Test("a cookie line that diverges hides the cookie's value, never its Domain, its Path or the hosts")
    func noOverScrubbing() async {
        let recorded = cassette([
            HTTPRequest(url: "https://auth.bank.test/login", headers: [HTTPHeader("Cookie", "sid=[REDACTED:1]; theme=dark")]),
        ])
        let report = await replay(
            recorded,
            sending: [
                HTTPRequest(
                    url: "https://auth.bank.test/login", headers: [HTTPHeader("Cookie", "sid=c00k1e-53cr3t; Domain=bank.test; Path=/")])
            ])

        #expect(!report.passed)
        let text = shown(report)
        #expect(!text.contains("c00k1e-53cr3t"), "\(report)")
        #expect(text.contains("https://auth.bank.test/login"), "\(report)")
        #expect(text.contains("Domain=bank.test; Path=/"), "\(report)")
        #expect(!text.contains("https://[REDACTED"), "\(report)")
    }

    @Test("a token moved from its header into a query item is hidden, by name, by shape or as the value bound earlier")
    func tokenInNewPlace() async {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLXZhbHVl"
        let byName = await replay(
            cassette([authorized("Bearer [REDACTED:1]")]),
            sending: [HTTPRequest(url: "https://api.bank.test/me?access_token=\(Self.token)")])
        let byShape = await replay(
            cassette([authorized("Bearer [REDACTED:1]")]), sending: [HTTPRequest(url: "https://api.bank.test/me?t=\(jwt)")])
        let bound = await replay(
            cassette([authorized("Bearer [REDACTED:1]"), authorized("Bearer [REDACTED:1]", url: "https://api.bank.test/orders")]),
            sending: [authorized("Bearer \(Self.token)"), HTTPRequest(url: "https://api.bank.test/orders?q=\(Self.token)")])

        for report in [byName, byShape, bound] {
            #expect(!report.passed)
            #expect(!shown(report).contains(Self.token), "\(report)")
            #expect(!shown(report).contains(jwt), "\(report)")
            #expect(shown(report).contains("https://api.bank.test/"), "\(report)")
        }
        #expect(byName.description.contains("access_token=[REDACTED:"), "\(byName)")
        #expect(byShape.description.contains("?t=[REDACTED:"), "\(byShape)")
        #expect(bound.description.contains("?q=[REDACTED:1]"), "\(bound)")
    }

    @Test("a token moved into an access_token query item is hidden though the cassette's rules name only its header")
    func tokenMovedPastTheCassettesRules() async throws {
        let token = "tok_4f9a1c2e8b7d6a5f"
        let recorder = Recorder(name: "balance", redaction: .header("Authorization"))
        recorder.record(authorized("Bearer \(token)", url: "https://api.bank.example/v1/accounts/main/balance"), cause: nil)
        recorder.record(HTTPResponse(status: 200), cause: nil, answers: 1)
        var recorded = recorder.cassette()
        recorded.events.insert(Event(id: 0, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))), at: 0)
        recorded.events[1].cause = 0

        let report = await replay(
            recorded, sending: [HTTPRequest(url: "https://api.bank.example/v1/accounts/main/balance?access_token=\(token)")])

        #expect(!report.passed)
        #expect(!shown(report).contains(token), "\(report)")
        #expect(report.description.contains("balance?access_token=[REDACTED:"), "\(report)")
    }

    @Test("a JSON body sent as bytes is compared field by field, and its password is hidden in the report")
    func bytesBody() async throws {
        let json = HTTPHeader("Content-Type", "application/json")
        var placeholders = RedactionPlaceholders()
        let login = HTTPRequest(
            method: "POST", url: "https://api.bank.test/login", headers: [json],
            body: .bytes(Data(#"{"username":"ada","password":"hunter2-secret"}"#.utf8)))
        let recordedLogin = Redaction.default.apply(to: login, placeholders: &placeholders)
        let recorded = cassette([try #require(recordedLogin as? HTTPRequest)])

        var renamed = login
        renamed.body = .bytes(Data(#"{"user":"ada","password":"other-secret-77"}"#.utf8))
        let passing = await replay(recorded, sending: [login])
        let failing = await replay(recorded, sending: [renamed])

        #expect((recordedLogin as? HTTPRequest)?.body == .json(["username": "ada", "password": "[REDACTED:1]"]))
        #expect(passing.passed, "\(passing)")
        #expect(!failing.passed)
        #expect(failing.description.contains("body.json.user"), "\(failing)")
        #expect(!shown(failing).contains("other-secret-77"), "\(failing)")
        #expect(!shown(failing).contains("hunter2-secret"), "\(failing)")
    }
}
