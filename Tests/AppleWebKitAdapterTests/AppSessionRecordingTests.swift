// Drives the adapter with fakes built from the mirror's "Mirror-only" initialisers, which the
// real SDK does not have: compiled where AppleMirrorWebKit stands in for WebKit (docs/apple-adapters.md).
#if !canImport(WebKit)

import Foundation
import HybridReplay
import HybridReplayAppRecording
import HybridReplaySimulation
import HybridReplayTesting
import Testing

@testable import HybridReplayWebKit

#if canImport(WebKit)
import CoreLocation
import WebKit
#else
import AppleMirrorCoreLocation
import AppleMirrorWebKit
#endif

/// A `CLLocationManager` playing a device whose user grants when-in-use
/// access when asked, and which reports one fix once updates start.
final class GrantingLocationManager: CLLocationManager, @unchecked Sendable {
    private var status: CLAuthorizationStatus = .notDetermined
    override var authorizationStatus: CLAuthorizationStatus { status }

    override func requestWhenInUseAuthorization() {
        status = .authorizedWhenInUse
        delegate?.locationManagerDidChangeAuthorization(self)
    }

    override func startUpdatingLocation() {
        let fix = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 37.33233141, longitude: -122.0312186), altitude: 12.5,
            horizontalAccuracy: 5, verticalAccuracy: 3, course: 90, courseAccuracy: 10, speed: 1.5, speedAccuracy: 0.5,
            timestamp: Date(timeIntervalSince1970: 1_780_000_000.25))
        delegate?.locationManager(self, didUpdateLocations: [fix])
    }
}

/// One screen of the guide's app, on fakes of WebKit and CoreLocation, with
/// a scripted server standing in for the network.
@MainActor
final class AppUnderRecording {
    let webView = FakeWebView()
    let cookieStore = FakeCookieStore()
    let locationManager = GrantingLocationManager()
    let routes = CollectingRoutePresenter()
    let output = CollectingLocationOutput()
    let custom = LocalCustomSeam()
    let log = Received<String>()
    let issues = IssueLog()
    let directory: URL
    var seams: ScreenSeams?
    var system: (any Sendable)?

    static let server = ScriptedHTTPTransport { request in
        switch request.urlString {
        case "https://randomuser.me/api":
            return HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                body: .json(["results": [["name": "Ada"]]]))
        case "https://shop.example/login":
            return HTTPResponse(
                status: 302,
                headers: [HTTPHeader("Location", "/account"), HTTPHeader("Set-Cookie", "session=s3cr3t-token; Path=/")])
        case "https://shop.example/account":
            return HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "text/html")], body: .text("<p>Account</p>"))
        default:
            return HTTPResponse(status: 404)
        }
    }

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("app-recording-\(UUID().uuidString)", isDirectory: true)
        webView.configuration.websiteDataStore = WKWebsiteDataStore(httpCookieStore: cookieStore)
    }

    /// The launch environment of a UI test asking for every session to be recorded into ``directory``.
    var environment: [String: String] {
        AppRecordingSettings.launchEnvironment(recording: ["*"], directory: directory.path, from: [:])
    }

    /// Opens the screen showing `contract`'s seed system, recorded as `session`.
    func open(_ session: String, showing contract: String, environment: [String: String]? = nil) {
        let live = makeLivePlatform(
            webView: webView, locationManager: locationManager, transport: Self.server, routes: routes,
            locationOutput: output, custom: custom, reportIssue: issues.report)
        let log = self.log
        let seams = ScreenSeams(
            session: session, contract: contract, live: live, environment: environment ?? self.environment,
            log: { log.append($0) })
        self.seams = seams
        system = startSeedSystem(contract, on: seams.platform)
    }

    /// The page posts `body` to the `nativeProcess` handler.
    func post(_ body: Any) async throws {
        await mainQueueDrained()
        let handler = try #require(webView.controller.handlers["nativeProcess"])
        handler.userContentController(
            webView.controller,
            didReceive: WKScriptMessage(body: body, frameInfo: frame("https://app.example/"), name: "nativeProcess", world: .page))
    }

    /// Waits until `condition` holds for the web view, for work the app does
    /// in tasks of its own and on the main queue: woken by each evaluation or
    /// load the web view sees.
    func eventually(sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping () -> Bool) async {
        let held = await webView.changes.wait(until: condition)
        #expect(held, "the web view never got there", sourceLocation: sourceLocation)
    }

    /// The cassette `session` was written to.
    func file(_ session: String) -> URL { directory.appendingPathComponent("\(session).json") }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

@MainActor
@Suite("Recording an app session")
struct AppSessionRecordingTests {
    let app = AppUnderRecording()

    /// Saves the session, then checks it is on disk, canonical, redacted and
    /// green against the reference implementation.
    func saveAndReplay(_ session: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Cassette {
        try #require(app.seams).save()
        let file = app.file(session)
        #expect(app.log.all == ["recorded \(file.path)"], sourceLocation: sourceLocation)
        let bytes = try [UInt8](Data(contentsOf: file))
        let cassette = try CassetteReader().read(bytes, path: file.path)
        #expect(CassetteWriter.canonicalBytes(of: cassette) == bytes, "not canonical", sourceLocation: sourceLocation)
        #expect(cassette.header.name == session, sourceLocation: sourceLocation)
        #expect(cassette.header.redactions == AppRecording.defaultRedaction.ruleNames, sourceLocation: sourceLocation)
        let report = await replayAppSession(CassetteCase(url: file, relativePath: file.lastPathComponent))
        #expect(report?.passed == true, sourceLocation: sourceLocation)
        #expect(app.issues.all.isEmpty, sourceLocation: sourceLocation)
        return cassette
    }

    @Test("the echo screen records the message and the echo, and replays against EchoBridge")
    func echoScreen() async throws {
        app.open("echo-screen", showing: "echo-bridge")
        try await app.post("hello")
        await app.eventually { app.webView.evaluatedWorlds.count == 1 }
        let cassette = try await saveAndReplay("echo-screen")
        #expect(cassette.events.map(\.kind.description) == ["script.message", "javascript.evaluate", "javascript.result"])
    }

    @Test("the promise screen records the fetch and the callback, and replays against PromiseBridge")
    func promiseScreen() async throws {
        app.open("promise-screen", showing: "promise-bridge")
        try await app.post(["guid": "6F9619FF-8B86-D011-B42D-00C04FC964FF"] as NSDictionary)
        await app.eventually { app.webView.evaluatedWorlds.count == 1 }
        let cassette = try await saveAndReplay("promise-screen")
        #expect(
            cassette.events.map(\.kind.description) == [
                "script.message", "http.request", "http.response", "javascript.evaluate", "javascript.result",
            ])
    }

    @Test("the router screen records the action, the route and the decision, and replays against NavigationRouter")
    func routerScreen() async throws {
        app.open("router-screen", showing: "navigation-router")
        await mainQueueDrained()
        let delegate = try #require(app.webView.navigationDelegate)
        let decisions = Received<WKNavigationActionPolicy>()
        let action = WKNavigationAction(
            sourceFrame: frame("https://router.example/index.html"), targetFrame: nil, navigationType: .linkActivated,
            request: URLRequest(url: try #require(URL(string: "navigate://present?r=255&g=255&b=0"))))
        delegate.webView(app.webView, decidePolicyFor: action, preferences: WKWebpagePreferences()) { policy, _ in
            decisions.append(policy)
        }
        try await decisions.wait(count: 1)
        #expect(decisions.all == [.cancel])
        let cassette = try await saveAndReplay("router-screen")
        #expect(cassette.events.map(\.kind.description) == ["navigation.action", "navigation.route", "navigation.decision"])
    }

    @Test("a web-content-process termination WebKit reports is recorded as navigation.processTerminated and replays")
    func processTermination() async throws {
        app.open("terminated-screen", showing: "navigation-router")
        await mainQueueDrained()
        try #require(app.webView.navigationDelegate).webViewWebContentProcessDidTerminate(app.webView)
        let cassette = try await saveAndReplay("terminated-screen")
        #expect(cassette.events.map(\.kind.description) == ["navigation.processTerminated"])
    }

    @Test("the cookie screen records the redirect with its cookie redacted, and replays against CookieRedirectLoader")
    func cookieScreen() async throws {
        app.open("cookie-screen", showing: "cookie-redirect-loader")
        openAccount(app.custom)
        await app.eventually { app.webView.loadedHTML.count == 1 }
        #expect(app.cookieStore.cookies.map(\.value) == ["s3cr3t-token"], "the live store gets the real cookie")
        let cassette = try await saveAndReplay("cookie-screen")
        let text = try String(contentsOf: app.file("cookie-screen"), encoding: .utf8)
        #expect(!text.contains("s3cr3t-token"), "the cookie's value reached the file")
        #expect(cassette.events.first?.kind.description == "custom.load")
        #expect(cassette.events.last?.kind.description == "navigation.load")
    }

    @Test("the location screen records authorization and the fix, and replays against DeviceLocationService")
    func locationScreen() async throws {
        app.open("location-screen", showing: "device-location-service")
        locationScreenAppeared(app.custom)
        #expect(app.output.values.count == 1)
        let cassette = try await saveAndReplay("location-screen")
        #expect(cassette.events.contains { $0.kind.description == "location.publish" })
    }

    @Test("a screen the launch environment does not name runs live and writes nothing")
    func unnamedScreen() async throws {
        var environment = app.environment
        environment[AppRecordingSettings.recordVariable] = "promise-screen"
        app.open("echo-screen", showing: "echo-bridge", environment: environment)
        try await app.post("hello")
        await app.eventually { app.webView.evaluatedWorlds.count == 1 }
        try #require(app.seams).save()
        #expect(!FileManager.default.fileExists(atPath: app.file("echo-screen").path))
        #expect(app.log.all.isEmpty)
    }

    @Test("with CI set the screen refuses to record, says so, and runs live")
    func refusesOnCI() async throws {
        var environment = app.environment
        environment["CI"] = "true"
        app.open("echo-screen", showing: "echo-bridge", environment: environment)
        try await app.post("hello")
        await app.eventually { app.webView.evaluatedWorlds.count == 1 }
        try #require(app.seams).save()
        #expect(!FileManager.default.fileExists(atPath: app.file("echo-screen").path))
        #expect(app.log.all.count == 1)
        #expect(app.log.all.first?.contains("refused: CI is set") == true)
    }

    @Test("the UI test's launch environment names the session and carries CI over")
    func launchEnvironment() {
        let environment = AppRecordingSettings.launchEnvironment(
            recording: ["promise-screen", "router-screen"], directory: "/tmp/cassettes", from: ["CI": "1"])
        #expect(
            environment == [
                "HYBRIDREPLAY_APP_RECORD": "promise-screen,router-screen", "HYBRIDREPLAY_APP_CASSETTES": "/tmp/cassettes",
                "CI": "1",
            ])
        #expect(promiseScreenLaunchEnvironment()[AppRecordingSettings.recordVariable] == "promise-screen")
    }

    @Test("the committed app sessions are there to replay")
    func committedSessions() throws {
        #expect(
            try CassetteCase.all(in: "Cassettes/app").map(\.name) == [
                "cookie-screen", "echo-screen", "location-screen", "promise-screen", "router-screen",
            ])
    }
}

#endif
