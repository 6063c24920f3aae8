import Foundation
import HybridReplay
import HybridReplayReference
import Testing

/// Each deliberately broken variant of a reference implementation fails at
/// least one suite cassette, with a report that names the event where it
/// went wrong. A suite that a broken implementation passes pins nothing.
@Suite("Mutation checks")
struct MutationTests {
    /// Replays every suite cassette of `contract` against `setUp`; the reports of those that failed.
    func failures(
        of contract: String, _ setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) async throws -> [String: ReplayReport] {
        var failed: [String: ReplayReport] = [:]
        let cassettes = try ConformanceSuite.cassettes(of: contract)
        #expect(!cassettes.isEmpty, "the suite has no \(contract) cassettes")
        for (path, cassette) in cassettes {
            let report = await ConformanceSuite.replay(cassette, path: path, setUp)
            if !report.passed { failed[path] = report }
        }
        return failed
    }

    @Test("the cookie loader without cookies on the redirected request fails at that request")
    func skipsCookieInjection() async throws {
        let failed = try await failures(of: "cookie-redirect-loader") { platform in
            var broken = platform
            broken.transport = CookieDroppingTransport(base: platform.transport)
            return try await ReferenceContract.cookieRedirectLoader.setUp(broken)
        }
        let path = "Cassettes/cookies/redirect-302-302-200.json"
        let report = try #require(failed[path], "\(path) passed; failing: \(failed.keys.sorted())")
        let cassette = try ConformanceSuite.cassette("cookies/redirect-302-302-200.json")
        let redirected = try ConformanceSuite.eventID(of: HTTPRequest.eventKind, in: cassette, index: 1)
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == redirected, "\(report)")
        #expect(issue.eventKind == HTTPRequest.eventKind)
        #expect(issue.differences.contains { $0.path.hasPrefix("headers") }, "\(report)")
    }

    @Test("a cookie loader that counts Max-Age from the wall clock fails where the expiries disagree")
    func wallClockMaxAge() async throws {
        let failed = try await failures(of: "cookie-redirect-loader") { platform in
            let loader = CookieRedirectLoader(
                webView: platform.webView, transport: platform.transport, cookieStore: platform.cookieStore,
                now: { Date() })
            return LoadRequestHandler(seam: platform.custom) { request in await loader.load(request) }
        }
        #expect(failed.keys.sorted() == ["Cassettes/cookies/max-age.json"], "only max-age has a Max-Age cookie")
        let report = try #require(failed["Cassettes/cookies/max-age.json"])
        let second = try ConformanceSuite.eventID(
            of: CookieStoreWrite.eventKind, in: ConformanceSuite.cassette("cookies/max-age.json"), index: 1)
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == second, "\(report)")
        #expect(issue.differences.contains { $0.path.hasPrefix("cookie.expires") }, "\(report)")
    }

    @Test("a router that decides twice fails at the navigation action it decided twice")
    func decidesTwice() async throws {
        let failed = try await failures(of: "navigation-router") { platform in
            var broken = platform
            broken.webView = MistakenWebView(platform.webView, .decidesTwice)
            return try await ReferenceContract.navigationRouter.setUp(broken)
        }
        let path = "Cassettes/router/present-yellow.json"
        let report = try #require(failed[path], "\(path) passed; failing: \(failed.keys.sorted())")
        let action = try ConformanceSuite.eventID(
            of: NavigationAction.eventKind, in: ConformanceSuite.cassette("router/present-yellow.json"))
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .decisionRepeated, "\(report)")
        #expect(issue.eventID == action)
        #expect(issue.cause?.summary.contains("navigate://present?r=255&g=255&b=0") == true, "\(issue)")
        // Every cassette with a navigation action catches it.
        #expect(failed.count == (try ConformanceSuite.cassettes(of: "navigation-router")).count)
    }

    @Test(
        "a router that decides again later, after real or injected-clock sleep in a task of its own, is still caught",
        arguments: [
            (Duration.milliseconds(10), false), (.milliseconds(30), false), (.milliseconds(100), false),
            (.seconds(5), true), (.seconds(600), true),
        ])
    func decidesAgainLater(after delay: Duration, onInjectedClock: Bool) async throws {
        let failed = try await failures(of: "navigation-router") { platform in
            var broken = platform
            let mistake: MistakenWebView.Mistake =
                onInjectedClock ? .decidesAgainOnClock(after: delay, clock: platform.clock) : .decidesAgain(after: delay)
            broken.webView = MistakenWebView(platform.webView, mistake)
            return try await ReferenceContract.navigationRouter.setUp(broken)
        }
        #expect(failed.count == (try ConformanceSuite.cassettes(of: "navigation-router")).count, "\(failed.keys.sorted())")
        let report = try #require(failed["Cassettes/router/present-yellow.json"])
        let action = try ConformanceSuite.eventID(
            of: NavigationAction.eventKind, in: ConformanceSuite.cassette("router/present-yellow.json"))
        #expect(report.issues.first?.kind == .decisionRepeated, "\(report)")
        #expect(report.issues.first?.eventID == action)
    }

    @Test("the seed's router, which never decides a malformed navigate URL, fails with WebKit's complaint")
    func neverDecides() async throws {
        let failed = try await failures(of: "navigation-router") { platform in SeedRouter(platform: platform) }
        let path = "Cassettes/router/unknown-transition.json"
        let report = try #require(failed[path], "\(path) passed; failing: \(failed.keys.sorted())")
        let cassette = try ConformanceSuite.cassette("router/unknown-transition.json")
        let issue = try #require(report.issues.first { $0.kind == .decisionMissing }, "\(report)")
        let action = try ConformanceSuite.eventID(of: NavigationAction.eventKind, in: cassette) { event in
            event.payload(as: NavigationAction.self)?.urlString.hasPrefix("navigate://") == true
        }
        #expect(issue.eventID == action, "\(report)")
        #expect(issue.cause?.id == action && issue.expected != nil, "\(issue)")
        // The well-formed links still pass: the seed only breaks on malformed ones.
        #expect(failed["Cassettes/router/present-yellow.json"] == nil)
    }

    @Test("a location service that publishes the first fix of a batch fails at the published value")
    func publishesFirstFix() async throws {
        let failed = try await failures(of: "device-location-service") { platform in
            var broken = platform
            broken.locationManager = MistakenLocationManager(platform.locationManager, .publishesFirstFix)
            return try await ReferenceContract.deviceLocationService.setUp(broken)
        }
        let path = "Cassettes/location/batch-of-fixes.json"
        let report = try #require(failed[path], "\(path) passed; failing: \(failed.keys.sorted())")
        let published = try ConformanceSuite.eventID(
            of: LocationServiceValue.eventKind, in: ConformanceSuite.cassette("location/batch-of-fixes.json"))
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == published, "\(report)")
        #expect(issue.differences.map(\.path).contains("value.latitude"), "\(report)")
    }

    @Test("a location service that starts updating while denied fails naming the denial it reacted to")
    func startsWhileDenied() async throws {
        let failed = try await failures(of: "device-location-service") { platform in
            var broken = platform
            broken.locationManager = MistakenLocationManager(platform.locationManager, .startsWhileDenied)
            return try await ReferenceContract.deviceLocationService.setUp(broken)
        }
        for (name, status) in [("location/denied.json", "denied"), ("location/restricted.json", "restricted")] {
            let report = try #require(failed["Cassettes/\(name)"], "Cassettes/\(name) passed; failing: \(failed.keys.sorted())")
            let cassette = try ConformanceSuite.cassette(name)
            let denial = try ConformanceSuite.eventID(of: LocationAuthorizationChange.eventKind, in: cassette) { event in
                event.payload(as: LocationAuthorizationChange.self)?.status.rawValue == status
            }
            let issue = try #require(report.issues.first)
            #expect(issue.kind == .unexpectedEffect, "\(report)")
            #expect(issue.eventKind == LocationUpdatesStart.eventKind)
            #expect(issue.cause?.id == denial, "\(report)")
            #expect(issue.cause?.summary.hasPrefix(status) == true, "\(report)")
        }
    }

    @Test("a promise bridge that answers with another guid fails at the callback")
    func answersWithWrongGUID() async throws {
        let other = "00000000-0000-4000-8000-000000000000"
        let failed = try await failures(of: "promise-bridge") { platform in
            var broken = platform
            broken.webView = MistakenWebView(platform.webView, .swapsGUID(other))
            return try await ReferenceContract.promiseBridge.setUp(broken)
        }
        let path = "Cassettes/bridge/promise-random-user.json"
        let report = try #require(failed[path], "\(path) passed; failing: \(failed.keys.sorted())")
        let callback = try ConformanceSuite.eventID(
            of: JavaScriptEvaluation.eventKind, in: ConformanceSuite.cassette("bridge/promise-random-user.json"))
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == callback, "\(report)")
        #expect(issue.differences.contains { $0.path == "script" }, "\(report)")
        #expect(issue.differences.contains { $0.path == "script" && $0.actual?.contains(other) == true }, "\(report)")
    }

    @Test("a reply bridge that never replies to a message without a guid fails with the page left waiting")
    func neverReplies() async throws {
        let failed = try await failures(of: "promise-reply-bridge") { platform in
            var broken = platform
            broken.webView = MistakenWebView(platform.webView, .ignoresMessagesWithoutGUID)
            return try await ReferenceContract.promiseReplyBridge.setUp(broken)
        }
        let path = "Cassettes/bridge/promise-reply-missing-guid.json"
        let report = try #require(failed[path], "\(path) passed; failing: \(failed.keys.sorted())")
        let message = try ConformanceSuite.eventID(
            of: ScriptMessage.eventKind, in: ConformanceSuite.cassette("bridge/promise-reply-missing-guid.json"))
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .replyMissing, "\(report)")
        #expect(issue.eventID == message)
        // Messages with a guid are still answered.
        #expect(failed["Cassettes/bridge/promise-reply.json"] == nil)
    }

    @Test("the seed's unescaped promise callback fails on data with quotes and newlines")
    func unescapedPromiseData() async throws {
        let failed = try await failures(of: "promise-bridge") { platform in SeedPromiseBridge(platform: platform) }
        let path = "Cassettes/bridge/promise-quotes-in-data.json"
        let report = try #require(failed[path], "\(path) passed; failing: \(failed.keys.sorted())")
        let callback = try ConformanceSuite.eventID(
            of: JavaScriptEvaluation.eventKind, in: ConformanceSuite.cassette("bridge/promise-quotes-in-data.json"))
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == callback, "\(report)")
        #expect(issue.differences.contains { $0.path == "script" }, "\(report)")
    }

    @Test("the seed's unescaped echo fails on text with quotes and newlines")
    func unescapedEcho() async throws {
        let failed = try await failures(of: "echo-bridge") { platform in SeedEchoBridge(platform: platform) }
        let path = "Cassettes/bridge/echo-quotes-newlines.json"
        let report = try #require(failed[path], "\(path) passed; failing: \(failed.keys.sorted())")
        let callback = try ConformanceSuite.eventID(
            of: JavaScriptEvaluation.eventKind, in: ConformanceSuite.cassette("bridge/echo-quotes-newlines.json"))
        #expect(report.issues.first?.eventID == callback, "\(report)")
    }

    @Test("an echo bridge that does not inject its script fails the injected-script cassettes at the user script")
    func forgetsInjectedScript() async throws {
        let failed = try await failures(of: "injected-echo-bridge") { platform in
            try await ReferenceContract.echoBridge.setUp(platform)
        }
        let report = try #require(failed["Cassettes/bridge/injected-echo.json"], "failing: \(failed.keys.sorted())")
        let script = try ConformanceSuite.eventID(
            of: UserScriptInstallation.eventKind, in: ConformanceSuite.cassette("bridge/injected-echo.json"))
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect, "\(report)")
        #expect(issue.eventID == script)
    }
}
