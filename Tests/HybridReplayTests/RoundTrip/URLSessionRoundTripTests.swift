import Foundation
import HybridReplay
import HybridReplaySimulation
import HybridReplayTesting
import Testing

@Suite("Record through URLSession on loopback, then replay")
struct URLSessionRoundTripTests {
    // A guard against a hang, not a measure: under ThreadSanitizer, beside the rest of the suite,
    // these URLSession round trips on loopback took 82 s (2026-12-05) and 141 s (2026-12-06).
    @Test("the seed's cookie loader recorded against a real server replays offline", .hangGuard(minutes: 5))
    func cookieLoaderOverLoopback() async throws {
        let server = try LoopbackHTTPServer(routes: [
            "/sso/start": { _ in .redirect(to: "/sso/step", setting: ["session=s1; Path=/; HttpOnly"]) },
            "/sso/step": { _ in .redirect(303, to: "/home", setting: ["theme=dark; Path=/"]) },
            "/home": { request in
                var response = LoopbackHTTPServer.Response(status: 200, headers: [("Content-Type", "text/html")])
                response.body = Data("<p>\(request.header("Cookie") ?? "no cookies")</p>".utf8)
                return response
            },
        ])
        defer { server.shutdown() }
        let start = server.baseURL + "/sso/start"
        let recorder = Recorder(name: "loopback", engine: "URLSession")
        let live = Platform.simulated(transport: URLSessionTransport(timeout: .seconds(10)))
        let loader = ExampleCookieLoader(platform: recorder.platform(wrapping: live), authCookie: ("auth", "fake-token"))
        try await loader.load(start)

        let arrived = server.requests.map { $0.header("Cookie") ?? "" }
        #expect(arrived == ["auth=fake-token", "auth=fake-token; session=s1", "auth=fake-token; session=s1; theme=dark"])
        let cassette = recorder.cassette()
        #expect(cassette.events.map(\.kind.description) == [
            "http.request", "http.response", "http.request", "http.response", "http.request", "http.response", "navigation.load",
        ])
        let lastRequest = try #require(cassette.events[4].payload(as: HTTPRequest.self))
        #expect(lastRequest.headers.values(named: "Cookie") == ["auth=[REDACTED:1]; session=[REDACTED:2]; theme=[REDACTED:3]"])

        server.shutdown()
        let offline = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let loader = ExampleCookieLoader(platform: platform, authCookie: ("auth", "fake-token"))
            Task { try await loader.load(start) }
            return loader
        }
        #expect(offline.passed, "\(offline)")
        let broken = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let loader = ExampleCookieLoader(platform: platform, authCookie: ("auth", "fake-token"), fault: .skipsCookieInjection)
            Task { try await loader.load(start) }
            return loader
        }
        #expect(broken.issues.first?.eventID == 3, "\(broken)")
        #expect(broken.issues.first?.differences.first?.path == "headers[Cookie]", "\(broken)")
    }
}
