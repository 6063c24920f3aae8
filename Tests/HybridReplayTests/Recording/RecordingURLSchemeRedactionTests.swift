import Foundation
import HybridReplaySimulation
import Testing
@testable import HybridReplay

/// The page's scheme requests go through the HTTP redaction rules: a secret
/// in a header, the URL or the body never reaches the cassette.
@Suite("Recording app-served schemes: redaction")
struct RecordingURLSchemeRedactionTests {
    /// Answers every request with an empty JSON object.
    final class EmptyAnswers: URLSchemeHandler {
        let seen = Locked<[URLSchemeRequest]>([])

        init(platform: Platform) { platform.webView.setURLSchemeHandler(self, forURLScheme: "app") }

        func start(_ task: any URLSchemeTask) {
            seen.withLock { $0.append(task.request) }
            task.didReceive(URLSchemeResponse(url: task.request.urlString, mimeType: "application/json", headers: [HTTPHeader("Set-Cookie", "sid=s-7f3a9c; Path=/")]))
            task.didReceive(Data("{}".utf8))
            task.didFinish()
        }

        func stop(_ task: any URLSchemeTask) {}
    }

    @Test("a scheme request's Authorization and Cookie headers, token query item and password field are redacted; the handler sees them")
    func redacts() async throws {
        let page = SimulatedWebView()
        let recorder = stillRecorder()
        let server = EmptyAnswers(platform: recorder.platform(wrapping: .simulated(webView: page)))
        let request = URLSchemeRequest(
            url: "app://localhost/api/login?token=t-19af",
            method: "POST",
            headers: [
                HTTPHeader("Authorization", "Bearer abc.def.ghi"), HTTPHeader("Cookie", "sid=s-7f3a9c"),
                HTTPHeader("Content-Type", "application/json"),
            ],
            body: .json(["user": "ada", "password": "hunter2"]))
        let answer = try await page.requestURLScheme(request)
        #expect(answer.completion == .finished)
        #expect(server.seen.current == [request])

        let recorded = try #require(recorder.events.first?.payload(as: URLSchemeRequest.self))
        #expect(recorded.urlString == "app://localhost/api/login?token=[REDACTED:1]")
        #expect(recorded.headers.values(named: "Authorization") == ["Bearer [REDACTED:3]"])
        #expect(recorded.headers.values(named: "Cookie") == ["sid=[REDACTED:4]"])
        #expect(recorded.body == .json(["user": "ada", "password": "[REDACTED:2]"]))
        let response = try #require(recorder.events.compactMap { $0.payload(as: URLSchemeResponse.self) }.first)
        #expect(response.headers.values(named: "Set-Cookie") == ["sid=[REDACTED:4]; Path=/"])
        #expect(SecretScanner.findings(in: recorder.cassette()).isEmpty)
        let text = CassetteWriter.canonicalText(of: recorder.cassette())
        for secret in ["t-19af", "abc.def.ghi", "s-7f3a9c", "hunter2"] { #expect(!text.contains(secret), "\(secret) reached the cassette") }
    }

    @Test("lint finds the secrets of a scheme request recorded without redaction")
    func lintFindsUnredacted() async throws {
        let page = SimulatedWebView()
        let recorder = stillRecorder(.none)
        let server = EmptyAnswers(platform: recorder.platform(wrapping: .simulated(webView: page)))
        _ = try await page.requestURLScheme(
            URLSchemeRequest(
                url: "app://localhost/api", method: "POST",
                headers: [HTTPHeader("Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl")]))
        withExtendedLifetime(server) {}
        let findings = SecretScanner.findings(in: recorder.cassette()).map(\.description)
        #expect(findings.contains { $0.hasPrefix("events[0].payload.headers[0]") }, "\(findings)")
    }
}
