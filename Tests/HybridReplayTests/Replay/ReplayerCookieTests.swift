import Foundation
import HybridReplay
import Testing

@Suite("Replaying redirects and cookies")
struct ReplayerCookieTests {
    func replay(_ fault: ExampleCookieLoader.Fault) async throws -> ReplayReport {
        try await replayExample("cookies/redirect-302.json") { platform in
            let loader = ExampleCookieLoader(
                platform: platform, authCookie: ("auth_token", "fake-auth-token-0001"), fault: fault)
            Task { try await loader.load("https://app.example.com/sso/start") }
            return loader
        }
    }

    @Test("a loader that adds the jar's cookies on the redirect passes, and the final page reaches the web view")
    func loaderPasses() async throws {
        let report = try await replay(.none)
        #expect(report.passed, "\(report)")
        #expect(report.trace.events.last?.payload(as: NavigationLoad.self)?.urlString == "https://app.example.com/home")
    }

    @Test("cookies missing on the redirected request are reported at that request's Cookie header")
    func cookiesMissing() async throws {
        let report = try await replay(.skipsCookieInjection)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == 3)
        #expect(issue.eventKind == HTTPRequest.eventKind)
        #expect(
            issue.differences == [
                FieldDifference(
                    path: "headers[Cookie]", expected: #"{"name":"Cookie","value":"auth_token=fake-auth-token-0001; session_id=fake-session-7f3a"}"#,
                    actual: nil)
            ], "\(issue)")
    }

    @Test("header names compare without regard to case")
    func headerNameCase() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: HTTPRequest(url: "https://a.example/", headers: [HTTPHeader("Content-Type", "text/plain")])),
            Event(id: 2, at: 0.1, answers: 1, payload: HTTPResponse(status: 204)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            Task { _ = try await platform.transport.send(HTTPRequest(url: "https://a.example/", headers: [HTTPHeader("content-type", "text/plain")])) }
        }
        #expect(report.passed, "\(report)")
    }

    @Test("redaction placeholders match any value and bind it across hops")
    func redactedValuesBind() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: HTTPRequest(url: "https://a.example/start", headers: [HTTPHeader("Cookie", "auth=[REDACTED:1]")])),
            Event(id: 2, at: 0.1, answers: 1, payload: HTTPResponse(status: 302, headers: [HTTPHeader("Location", "/next")])),
            Event(id: 3, at: 0.2, cause: 2, payload: HTTPRequest(url: "https://a.example/next", headers: [HTTPHeader("Cookie", "auth=[REDACTED:1]")])),
            Event(id: 4, at: 0.3, answers: 3, payload: HTTPResponse(status: 200)),
        ])
        func replay(secondToken: String) async -> ReplayReport {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                let delegate = FixedCookie(value: "auth=\(secondToken)")
                Task { _ = try await platform.transport.send(HTTPRequest(url: "https://a.example/start", headers: [HTTPHeader("Cookie", "auth=live-secret")]), redirectDelegate: delegate) }
                return delegate
            }
        }
        let same = await replay(secondToken: "live-secret")
        #expect(same.passed, "\(same)")
        let other = await replay(secondToken: "another-secret")
        let difference = try #require(other.issues.first?.differences.first)
        #expect(difference.path == "headers[Cookie]")
        // The values a redaction placeholder stands for are secrets: the report names the event that
        // bound it, not the value, which the report would show as the placeholder itself.
        #expect(difference.note == "this is another value than the one event 1 bound \"[REDACTED:1]\" to")
        #expect(!other.description.contains("live-secret") && !other.description.contains("another-secret"), "\(other)")
    }

    struct FixedCookie: HTTPRedirectDelegate {
        var value: String

        func willPerformRedirection(_ response: HTTPResponse, newRequest: HTTPRequest, currentRequest: HTTPRequest) async -> HTTPRequest? {
            var next = newRequest
            next.headers.append(HTTPHeader("Cookie", value))
            return next
        }
    }
}
