import Foundation
import HybridReplay
@testable import HybridReplayTesting
import Testing

/// A client that signs one request with a bearer token for each message.
private struct SigningClient: ScriptMessageHandler {
    static let url = "https://api.example.com/me"
    let transport: any HTTPTransport
    let token: String

    func didReceive(_ message: ScriptMessage) {
        let (transport, token) = (transport, token)
        Task { _ = try? await transport.send(HTTPRequest(url: Self.url, headers: [HTTPHeader("Authorization", "Bearer \(token)")])) }
    }

    static func install(on platform: Platform, token: String) -> SigningClient {
        let client = SigningClient(transport: platform.transport, token: token)
        platform.webView.add(client, name: "go")
        return client
    }
}

@Suite("Failure reports and traces hide what the cassette redacts")
struct RedactedReportTests {
    static let expectedToken = "expected-token-0987654321"
    static let actualToken = "actual-token-abcdef123456"

    /// A cassette whose request was signed with `expectedToken`, written
    /// unredacted although its header lists `header:Authorization`.
    static func signed() -> Cassette {
        let events = [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
            Event(
                id: 2, at: 0, cause: 1,
                payload: HTTPRequest(url: SigningClient.url, headers: [HTTPHeader("Authorization", "Bearer \(expectedToken)")])),
            Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 200)),
        ]
        return Cassette(header: CassetteHeader(name: "signed", redactions: ["header:Authorization"]), events: events)
    }

    static func leaks(_ text: String) -> Bool { text.contains(expectedToken) || text.contains(actualToken) }

    @Test("a wrong bearer token fails replayCassette with an issue that shows neither token")
    func replayCassetteIssue() async throws {
        let folder = TemporaryDirectory()
        try folder.write(Self.signed(), as: "signed.json")
        await RecordEnvironment.$override.withValue([:]) {
            await withKnownIssue {
                let report = await replayCassette("signed", directory: folder.path, options: Echo.fast) {
                    SigningClient.install(on: $0, token: Self.actualToken)
                }
                #expect(report?.passed == false)
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("event 2 (http.request)") && text.contains("found \"Bearer [REDACTED:")
                    && text.contains(#/attached as signed((-[0-9]+)?)\.actual\.json, the issues as signed\1\.issues\.json/#) && !Self.leaks(text)
            }
        }
    }

    @Test("a request sent before the token was stored, with the scheme and no credentials, reads as the scheme alone")
    func missingTokenKeepsTheScheme() async throws {
        let folder = TemporaryDirectory()
        try folder.write(Self.signed(), as: "signed.json")
        await RecordEnvironment.$override.withValue([:]) {
            await withKnownIssue {
                await replayCassette("signed", directory: folder.path, options: Echo.fast) {
                    SigningClient.install(on: $0, token: "")
                }
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains(#"headers[Authorization]: expected "Bearer [REDACTED:1]", found "Bearer "#) && !Self.leaks(text)
            }
        }
    }

    @Test("the trace a failed conformance case attaches shows neither token, and reads back")
    func attachedTrace() async throws {
        let folder = TemporaryDirectory()
        try folder.write(Self.signed(), as: "auth/signed.json")
        let cassette = try #require(try CassetteCase.all(in: folder.url).first)

        let outcome = await CassetteRun.replaying(cassette, options: Echo.fast).run {
            SigningClient.install(on: $0, token: Self.actualToken)
        }

        let failure = try #require(outcome.failures.first)
        #expect(failure.traceName == "auth-signed.actual.json")
        let trace = try #require(failure.trace)
        let bytes = CassetteWriter.canonicalBytes(of: trace)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!Self.leaks(text), "\(text)")
        #expect(!Self.leaks(failure.message), "\(failure.message)")
        #expect(text.contains("\"Bearer [REDACTED:1]\""))
        let issues = String(decoding: IssueAttachment.bytes(of: failure.issues), as: UTF8.self)
        #expect(!failure.issues.isEmpty)
        #expect(!Self.leaks(issues), "\(issues)")
        #expect(issues.contains("[REDACTED:"), "\(issues)")
        let reread = try CassetteReader().read(Array(bytes), path: "auth-signed.actual.json")
        // The cassette's rule, then the recorder's defaults a report applies too.
        #expect(reread.header.redactions == ["header:Authorization"] + Redaction.default.ruleNames.filter { $0 != "header:Authorization" })
    }

    @Test("XCTest's saved trace shows neither token")
    func savedTrace() async throws {
        let folder = TemporaryDirectory()
        try folder.write(Self.signed(), as: "signed.json")
        let cassette = try #require(try CassetteCase.all(in: folder.url).first)
        let outcome = await CassetteRun.replaying(cassette, options: Echo.fast).run {
            SigningClient.install(on: $0, token: Self.actualToken)
        }
        let failure = try #require(outcome.failures.first)
        let trace = try #require(failure.trace)

        let message = TraceFile.save(trace, named: "signed.actual.json", message: failure.message, in: folder.url)

        let saved = try String(contentsOf: folder.url.appendingPathComponent("signed.actual.json"), encoding: .utf8)
        #expect(!Self.leaks(saved))
        #expect(!Self.leaks(message))
    }
}
