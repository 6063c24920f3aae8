import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// Records the example implementations against the simulated platform, then
/// replays what was recorded: the same implementation passes, a broken one fails.
@Suite("Record, then replay")
struct RecordReplayRoundTripTests {
    /// Records a session and returns the cassette as it reads back from disk.
    ///
    /// - Parameter awaiting: Events the app records in tasks of its own after
    ///   `drive` returns, waited for before the cassette is written.
    func record<Subject>(
        _ name: String, platform live: Platform, clock: (any Clock<Duration>)? = nil,
        awaiting: (kind: EventKind, count: Int)? = nil,
        setUp: (Platform) async throws -> Subject, drive: (Subject) async throws -> Void
    ) async throws -> Cassette {
        let recorder = Recorder(name: name, clock: clock ?? ContinuousClock())
        let subject = try await setUp(recorder.platform(wrapping: live))
        try await drive(subject)
        if let awaiting { try await recorder.waitForEvents(awaiting.kind, count: awaiting.count) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("round-trip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("\(name).json")
        try recorder.write(to: url)
        return try CassetteReader().read(contentsOf: url)
    }

    @Test("a router session: navigation actions, routes and decisions")
    func router() async throws {
        let page = SimulatedWebView()
        let cassette = try await record(
            "router", platform: .simulated(webView: page), setUp: { ExampleRouter(platform: $0) },
            drive: { _ in
                _ = try await page.navigate(NavigationAction(url: "navigate://present?r=255&g=255&b=0", navigationType: .linkActivated, targetFrame: nil))
                _ = try await page.navigate(NavigationAction(url: "https://example.com/next", navigationType: .linkActivated, targetFrame: .main()))
            })
        #expect(cassette.events.map(\.kind.description) == [
            "navigation.action", "navigation.route", "navigation.decision", "navigation.action", "navigation.decision",
        ])
        let passing = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleRouter(platform: $0) }
        #expect(passing.passed, "\(passing)")
        let failing = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleRouter(platform: $0, fault: .wrongColour) }
        #expect(failing.issues.first?.eventID == 2)
    }

    @Test("a promise bridge session with eight concurrent producers replays without flaking")
    func concurrentPromises() async throws {
        let page = SimulatedWebView()
        let transport = ScriptedHTTPTransport { request in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: .json(.object(["url": .string(request.urlString)])))
        }
        let cassette = try await record(
            "promises", platform: .simulated(webView: page, transport: transport),
            awaiting: (JavaScriptResult.eventKind, 8), setUp: { ExamplePromiseBridge(platform: $0) },
            drive: { _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for producer in 0..<8 {
                        group.addTask {
                            let guid = UUID().uuidString.lowercased()
                            try page.postMessage(.object(["guid": .string(guid), "url": .string("https://api.example.com/users/\(producer)")]), to: "nativeProcess")
                        }
                    }
                    try await group.waitForAll()
                }
            })
        let kinds = cassette.events.map(\.kind)
        #expect(kinds.filter { $0 == ScriptMessage.eventKind }.count == 8)
        #expect(kinds.filter { $0 == HTTPRequest.eventKind }.count == 8)
        #expect(kinds.filter { $0 == JavaScriptEvaluation.eventKind }.count == 8)
        var options = fastReplay
        options.repetitions = 10
        let passing = await Replayer(cassette: cassette, options: options).replay { ExamplePromiseBridge(platform: $0) }
        #expect(passing.passed, "\(passing)")
        let failing = await Replayer(cassette: cassette, options: fastReplay).replay {
            ExamplePromiseBridge(platform: $0, fault: .answersWithNewGUID)
        }
        #expect(failing.issues.first?.differences.first?.path == "arguments.guid", "\(failing)")
    }

    @Test("an echo session with a user script, a load and JavaScript results")
    func echo() async throws {
        let page = SimulatedWebView()
        let cassette = try await record(
            "echo", platform: .simulated(webView: page),
            setUp: { platform in
                platform.webView.addUserScript(UserScriptInstallation(source: "function changeEcho(t) {}", injectionTime: .documentStart, mainFrameOnly: false))
                platform.webView.load(NavigationLoad(url: "https://bridge.example.com/plain.html"))
                return ExampleEchoBridge(platform: platform)
            },
            drive: { _ in try page.postMessage(.string("ping \"quoted\"\n</script>"), to: "nativeProcess") })
        #expect(cassette.events.map(\.kind.description) == [
            "javascript.userScript", "navigation.load", "script.message", "javascript.evaluate", "javascript.result",
        ])
        let passing = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.addUserScript(UserScriptInstallation(source: "function changeEcho(t) {}", injectionTime: .documentStart, mainFrameOnly: false))
            platform.webView.load(NavigationLoad(url: "https://bridge.example.com/plain.html"))
            return ExampleEchoBridge(platform: platform)
        }
        #expect(passing.passed, "\(passing)")
        let withoutScript = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleEchoBridge(platform: $0) }
        #expect(withoutScript.issues.first?.kind == .missingEffect)
        #expect(withoutScript.issues.first?.eventID == 1)
    }

    @Test("a cookie-redirect session over a scripted 302 → 302 → 200 chain")
    func cookieRedirects() async throws {
        let transport = ScriptedHTTPTransport { request in
            switch request.urlString {
            case "https://app.example.com/sso/start":
                HTTPResponse(status: 302, headers: [HTTPHeader("Location", "/sso/step"), HTTPHeader("Set-Cookie", "session=s1; Path=/")])
            case "https://app.example.com/sso/step":
                HTTPResponse(status: 302, headers: [HTTPHeader("Location", "/home"), HTTPHeader("Set-Cookie", "theme=dark; Path=/")])
            default:
                HTTPResponse(status: 200, body: .text("<h1>\(request.headers.values(named: "Cookie").joined())</h1>"))
            }
        }
        let page = SimulatedWebView()
        let cassette = try await record(
            "cookies", platform: .simulated(webView: page, transport: transport),
            setUp: { ExampleCookieLoader(platform: $0, authCookie: ("auth", "fake-token")) },
            drive: { loader in try await loader.load("https://app.example.com/sso/start") })
        #expect(cassette.events.map(\.kind.description) == [
            "http.request", "http.response", "http.request", "http.response", "http.request", "http.response", "navigation.load",
        ])
        #expect(cassette.header.redactions.contains("header:Cookie"))
        let replay = { (fault: ExampleCookieLoader.Fault) in
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                let loader = ExampleCookieLoader(platform: platform, authCookie: ("auth", "fake-token"), fault: fault)
                Task { try await loader.load("https://app.example.com/sso/start") }
                return loader
            }
        }
        let passing = await replay(.none)
        #expect(passing.passed, "\(passing)")
        let failing = await replay(.skipsCookieInjection)
        #expect(failing.issues.first?.eventID == 3, "\(failing)")
    }

    @Test("a location session spanning ten minutes replays on the virtual clock")
    func tenMinutesOfLocation() async throws {
        let manager = SimulatedLocationManager(status: .notDetermined, respondsToRequestsWith: .authorizedWhenInUse)
        let clock = RecordingTestClock()
        let cassette = try await record(
            "location", platform: .simulated(locationManager: manager), clock: clock,
            setUp: { ExampleLocationService(platform: $0) },
            drive: { _ in
                await manager.settle()
                for minute in 1...10 {
                    clock.advance(by: .seconds(60))
                    manager.deliver([
                        LocationFix(latitude: 37.3, longitude: -122.0, timestamp: "2026-11-30T10:00:00Z"),
                        LocationFix(latitude: 37.3 + Double(minute) / 1000, longitude: -122.0, timestamp: "2026-11-30T10:\(String(format: "%02d", minute)):00Z"),
                    ])
                }
                manager.fail(with: .locationUnknown)
                clock.advance(by: .seconds(5))
                manager.changeAuthorization(to: .denied)
            })
        #expect(cassette.events.last?.at == 605)
        let passing = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleLocationService(platform: $0) }
        #expect(passing.passed, "\(passing)")
        #expect(passing.trace.events.last?.at == 605)
        let failing = await Replayer(cassette: cassette, options: fastReplay).replay {
            ExampleLocationService(platform: $0, fault: .publishesFirstFix)
        }
        #expect(failing.issues.first?.eventKind == LocationServiceValue.eventKind, "\(failing)")
    }

    @Test("a cookie store and custom seam session")
    func cookieStoreAndCustom() async throws {
        let custom = SimulatedCustomSeam()
        let store = InMemoryCookieStore()
        let cassette = try await record(
            "store", platform: .simulated(cookieStore: store, custom: custom),
            setUp: { platform in FlagClient(platform: platform) },
            drive: { client in
                await client.signIn()
                try custom.deliver(CustomEvent(name: "flags", direction: .stimulus, fields: ["checkout": .string("new")]))
            })
        #expect(cassette.events.map(\.kind.description) == [
            "http.setCookie", "http.getCookies", "http.cookies", "custom.signedIn", "custom.flags", "custom.track",
        ])
        let passing = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let client = FlagClient(platform: platform)
            Task { await client.signIn() }
            return client
        }
        #expect(passing.passed, "\(passing)")
    }

    struct FlagClient: CustomEventHandler {
        let platform: Platform

        init(platform: Platform) {
            self.platform = platform
            platform.custom.setHandler(self)
        }

        func signIn() async {
            await platform.cookieStore.setCookie(Cookie(name: "auth", value: "fake-token", domain: "app.example.com"))
            let cookies = await platform.cookieStore.cookies(for: "https://app.example.com/")
            platform.custom.send(CustomEvent(name: "signedIn", direction: .effect, fields: ["cookies": .number(Double(cookies.count))]))
        }

        func didReceive(_ event: CustomEvent) {
            platform.custom.send(CustomEvent(name: "track", direction: .effect, fields: ["variant": event.fields["checkout"] ?? .null]))
        }
    }
}
