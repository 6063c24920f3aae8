// The Swift examples of docs/writing-tests.md, compiled and run here;
// DocumentationExamplesTests keeps the guide's text equal to them.
import Foundation
import HybridReplayTesting
import Testing
import XCTest

@Test("tapping Present Yellow presents a yellow screen", .cassette("guide-present-yellow"))
func presentsYellow() async throws {
    let page = SimulatedWebView()
    let session = RecordingSession(platform: .simulated(webView: page), contract: "router") {
        _ = try await page.navigate(NavigationAction(
            url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: nil))
        _ = try await page.navigate(NavigationAction(
            url: "https://example.com/about", navigationType: .linkActivated, targetFrame: .main()))
    }
    await replayCassette(recording: session) { platform in await GuideRouter(platform: platform) }
}

@Test("a greeting fetched for the page settles its promise", .cassette("guide-greeting"))
func settlesGreeting() async throws {
    let page = SimulatedWebView()
    let server = HeldHTTPTransport()
    let clock = ManualClock()
    let platform = Platform.simulated(webView: page, transport: server, clock: clock)
    let session = RecordingSession(platform: platform, contract: "greeting") { recorder in
        clock.advance(by: .milliseconds(300))                 // the user taps Greet
        try page.postMessage(["guid": "p1"], to: "greet")
        let request = try await server.nextRequest()          // the bridge fetches in a task of its own
        clock.advance(by: .milliseconds(80))                  // the server takes 80 ms
        server.answer(request, with: HTTPResponse(status: 200, body: .text("Hello, Ada")))
        try await recorder.waitForEvents(JavaScriptResult.eventKind)       // the promise is settled
    }
    await replayCassette(recording: session) { platform in GuideGreetingBridge(platform: platform) }
}

@Test("a search runs once the user has stopped typing for 300 ms", .cassette("guide-search-debounce"))
func debouncesSearch() async throws {
    let page = SimulatedWebView()
    let server = ScriptedHTTPTransport { request in HTTPResponse(status: 200, body: .text("2 results")) }
    let clock = ManualClock()
    let platform = Platform.simulated(webView: page, transport: server, clock: clock)
    let session = RecordingSession(platform: platform, contract: "search") { recorder in
        for query in ["m", "mo", "mok", "moka"] {
            try page.postMessage(["q": .string(query)], to: "search")   // the handler has run when this returns
            try await clock.waitForSleepers(count: 1)   // the new search sleeps; the one it cancelled no longer counts
            clock.advance(by: .milliseconds(120))       // the next key comes 120 ms later
        }
        clock.advance(by: .milliseconds(180))           // 300 ms after the last key: the search runs
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
    }
    await replayCassette(recording: session) { platform in await SearchBridge(platform: platform) }
}

@Test("the search box shows the results of the last query", .cassette("guide-search-debounce"))
func showsTheLastResults() async {
    var bridge: SearchBridge?
    await replayCassette(record: .never) { platform in
        let made = await SearchBridge(platform: platform)
        bridge = made
        return made
    }
    #expect(await bridge?.shown == ["2 results"])
}

@Test(arguments: try CassetteCase.all(in: "Cassettes", contract: "router"))
func routerConforms(_ cassette: CassetteCase) async {
    await replayCassette(cassette) { platform in await GuideRouter(platform: platform) }
}

/// `GuideRouter` with a planted bug: it leaves the green component out of the route.
@MainActor
final class RouterDroppingGreen: NavigationDelegate {
    let router: GuideRouter

    init(platform: Platform) {
        router = GuideRouter(platform: platform)
        platform.webView.setNavigationDelegate(self)
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        var action = action
        action.urlString = action.urlString.replacingOccurrences(of: "&g=255", with: "")
        router.decidePolicy(for: action, decisionHandler: decisionHandler)
    }
}

@Test("a router that drops the green component fails the yellow cassette")
func catchesDroppedGreen() async {
    await withKnownIssue {
        await replayCassette("guide-present-yellow", record: .never) { platform in
            await RouterDroppingGreen(platform: platform)
        }
    } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("parameters.g: expected 255")
    }
}

/// The guide's completion-handler form over `HTTPTransport.send`.
struct CallbackLoader {
    let transport: any HTTPTransport

    func fetch(_ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, HTTPTransportError>) -> Void) {
        Task {
            do throws(HTTPTransportError) {
                completion(.success(try await transport.send(request)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// `fetch`'s result, awaited.
    func result(of request: HTTPRequest) async -> Result<HTTPResponse, HTTPTransportError> {
        await withCheckedContinuation { continuation in
            fetch(request) { continuation.resume(returning: $0) }
        }
    }
}

@Test("the guide's completion-handler wrapper hands on the transport's response, and its error")
func callbackLoaderHandsOnTheAnswer() async throws {
    let request = HTTPRequest(url: "https://api.example.com/greeting")
    let answering = CallbackLoader(transport: ScriptedHTTPTransport { _ in HTTPResponse(status: 200, body: .text("hi")) })
    let response = try await answering.result(of: request).get()
    #expect(response.status == 200 && response.body?.text == "hi")

    let offline = CallbackLoader(transport: ScriptedHTTPTransport(fallibleRoutes: { _ throws(HTTPTransportError) in
        throw HTTPTransportError("The Internet connection appears to be offline.", code: HTTPTransportError.Code.notConnectedToInternet)
    }))
    guard case .failure(let error) = await offline.result(of: request) else {
        Issue.record("the transport's error was not handed on")
        return
    }
    #expect(error.code == HTTPTransportError.Code.notConnectedToInternet)
}

final class RouterTests: XCTestCase {
    func testPresentsYellow() async throws {
        let page = SimulatedWebView()
        let session = RecordingSession(platform: .simulated(webView: page), contract: "router") {
            try await GuideExampleTests.tapLinks(on: page)
        }
        await replayCassette("guide-present-yellow", recording: session) { await GuideRouter(platform: $0) }
    }
}

/// A bridge of the guide's "without the testing module" example: it answers
/// `login` messages by loading the account page.
private struct LoginBridge: ScriptMessageHandler {
    let webView: any WebView

    init(platform: Platform) {
        webView = platform.webView
        platform.webView.add(self, name: "login")
    }

    func didReceive(_ message: ScriptMessage) {
        webView.load(NavigationLoad(url: "https://example.com/account"))
    }
}

/// The guide's recorder and replayer example, as one function.
private func recordThenReplay(livePlatform: Platform, cassetteURL: URL, drive: () async throws -> Void) async throws
    -> ReplayReport
{
    let recorder = Recorder(name: "login", redaction: .default + .jsonField("password"))
    let bridge = LoginBridge(platform: recorder.platform(wrapping: livePlatform))
    try await drive()   // the page posts its login message
    try recorder.write(to: cassetteURL)   // validated, redacted, atomic

    let report = try await Replayer(contentsOf: cassetteURL).replay { LoginBridge(platform: $0) }
    withExtendedLifetime(bridge) {}
    return report
}

@Test("the guide's recorder example records a login with its password redacted, and the replay passes")
func recorderExample() async throws {
    let page = SimulatedWebView()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("login-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }

    let report = try await recordThenReplay(livePlatform: .simulated(webView: page), cassetteURL: url) {
        try page.postMessage(.object(["user": "ada", "password": "hunter2"]), to: "login")
    }

    #expect(report.passed, "\(report)")
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(!text.contains("hunter2"))
    #expect(text.contains("navigation"))
}

/// The guide's platform of only the seams the code under test uses.
func transportOnlySession(drive: @escaping @Sendable () async throws -> Void) -> RecordingSession {
    let live = Platform(transport: URLSessionTransport(), cookieStore: InMemoryCookieStore())
    let session = RecordingSession(platform: live, contract: "login", drive: drive)
    return session
}

@Test("the guide's platform of a transport and a cookie store names a seam it was built without")
func transportOnlyPlatform() async {
    let live = Platform(transport: URLSessionTransport(), cookieStore: InMemoryCookieStore())
    _ = transportOnlySession {}
    await #expect(throws: JavaScriptError.self) { try await live.webView.evaluateJavaScript("1") }
}
