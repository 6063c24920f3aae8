import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// An app that keeps a session cookie and sends it with one request: it
/// needs the transport and the cookie store, nothing else.
struct CookieFetcher: Sendable {
    let platform: Platform

    func run() async throws(HTTPTransportError) -> Int {
        await platform.cookieStore.setCookie(Cookie(name: "session", value: "s1", domain: "api.example.com"))
        let cookies = await platform.cookieStore.cookies(for: "https://api.example.com/me")
        let header = cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
        return try await platform.transport.send(
            HTTPRequest(url: "https://api.example.com/me", headers: [HTTPHeader("Cookie", header)])).status
    }
}

@Suite("A platform built from only the seams a test needs")
struct UnavailableSeamsTests {
    /// The words a stand-in uses for `call` on the seam `name`.
    static func message(_ name: String, _ call: String) -> String {
        "this Platform has no \(name) (\(name).\(call) was called): pass one to Platform(\(name):…)"
    }

    /// Every call a stand-in remembered, across the platform's seams.
    static func touches(_ platform: Platform) -> [String] { platform.unavailableSeams.flatMap(\.touches) }

    @Test("a platform built with no arguments has a stand-in for every seam, and none touched")
    func everySeamStandsIn() {
        let platform = Platform()
        #expect(
            platform.unavailableSeams.map(\.name)
                == ["webView", "routes", "transport", "cookieStore", "locationManager", "locationOutput", "custom"])
        #expect(Self.touches(platform).isEmpty)
        #expect(Platform(transport: ScriptedHTTPTransport { _ in HTTPResponse(status: 200) }).unavailableSeams.count == 6)
    }

    @Test("JavaScript on a platform without a web view fails through the completion handler, naming the seam")
    func webViewEvaluation() async {
        let platform = Platform()
        await #expect(throws: JavaScriptError(Self.message("webView", "evaluateJavaScript(_:in:in:completionHandler:)"))) {
            try await platform.webView.evaluateJavaScript("1")
        }
        await #expect(
            throws: JavaScriptError(Self.message("webView", "callAsyncJavaScript(_:arguments:in:in:completionHandler:)"))
        ) { try await platform.webView.callAsyncJavaScript("return 1") }
    }

    @Test("web view calls that cannot fail are remembered, each once, in the order made")
    func webViewCalls() {
        let platform = Platform()
        platform.webView.load(NavigationLoad(url: "https://app.example/"))
        platform.webView.addUserScript(UserScriptInstallation(source: "1", injectionTime: .documentEnd, mainFrameOnly: true))
        platform.webView.load(NavigationLoad(url: "https://app.example/again"))
        platform.webView.setNavigationDelegate(nil)
        platform.webView.uiDelegate = nil
        #expect(
            Self.touches(platform) == [
                Self.message("webView", "load(_:)"), Self.message("webView", "addUserScript(_:)"),
                Self.message("webView", "navigationDelegate"), Self.message("webView", "uiDelegate"),
            ])
    }

    @Test("a request on a platform without a transport throws, naming the seam")
    func transport() async {
        let platform = Platform(cookieStore: InMemoryCookieStore())
        await #expect(throws: HTTPTransportError(Self.message("transport", "send(_:redirectDelegate:)"))) {
            try await platform.transport.send(HTTPRequest(url: "https://api.example.com/"))
        }
    }

    @Test("a platform without a cookie store has no cookies, and remembers the calls")
    func cookieStore() async {
        let platform = Platform()
        await platform.cookieStore.setCookie(Cookie(name: "a", value: "1", domain: "app.example"))
        #expect(await platform.cookieStore.cookies(for: "https://app.example/").isEmpty)
        #expect(
            Self.touches(platform) == [
                Self.message("cookieStore", "setCookie(_:)"), Self.message("cookieStore", "cookies(for:)"),
            ])
    }

    @Test("routes, location, location output and the custom seam name themselves when touched")
    func theOtherSeams() {
        let platform = Platform()
        platform.routes.show(NativeRoute(name: "present"))
        platform.locationManager.desiredAccuracy = 10
        #expect(platform.locationManager.authorizationStatus == .notDetermined)
        platform.locationManager.requestLocation()
        platform.locationOutput.publish(1, on: "fixes")
        platform.custom.send(CustomEvent(name: "ping", direction: .effect))
        #expect(
            Self.touches(platform) == [
                Self.message("routes", "show(_:)"), Self.message("locationManager", "desiredAccuracy"),
                Self.message("locationManager", "authorizationStatus"), Self.message("locationManager", "requestLocation()"),
                Self.message("locationOutput", "publish(_:on:)"), Self.message("custom", "send(_:)"),
            ])
    }

    @Test("a session recorded on a platform of only a transport and a cookie store writes and replays")
    func minimalPlatformRecordsAndReplays() async throws {
        let recorder = stillRecorder(name: "cookie-fetch")
        let live = Platform(
            transport: ScriptedHTTPTransport { request in
                HTTPResponse(status: request.headers.values(named: "Cookie") == ["session=s1"] ? 200 : 401)
            },
            cookieStore: InMemoryCookieStore())
        #expect(try await CookieFetcher(platform: recorder.platform(wrapping: live)).run() == 200)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("minimal-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try recorder.write(to: file)

        let statuses = Outcomes<Int?>()
        let report = try await Replayer(contentsOf: file, options: fastReplay).replay { platform in
            let fetcher = CookieFetcher(platform: platform)
            statuses.start { try? await fetcher.run() }
            return fetcher
        }
        #expect(report.passed, "\(report)")
        #expect(await statuses.all == [200])
    }

    @Test("a recording whose app touched a seam its platform was built without is refused, naming the seam")
    func recordingRefusesMissingSeam() async throws {
        let recorder = stillRecorder(name: "shows-a-route")
        let platform = recorder.platform(wrapping: Platform(cookieStore: InMemoryCookieStore()))
        platform.routes.show(NativeRoute(name: "present"))
        await #expect(throws: HTTPTransportError.self) { try await platform.transport.send(HTTPRequest(url: "https://a.test/")) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("refused-\(UUID()).json")
        let error = #expect(throws: RecordingError.self) { try recorder.write(to: file) }
        #expect(error?.stage == .missingSeam)
        #expect(
            error?.problems == [
                Self.message("routes", "show(_:)"), Self.message("transport", "send(_:redirectDelegate:)"),
            ])
        #expect(error?.description.contains("Pass the seams named to the Platform the recording wraps") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(throws: RecordingError.self) { try recorder.canonicalBytes(file: "refused.json") }
    }
}
