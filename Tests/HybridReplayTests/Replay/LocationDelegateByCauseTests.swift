import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A one-shot location feature as iOS code writes it: a `@MainActor` class
/// that becomes the location delegate when the page first asks, reads
/// `authorizationStatus` right after, and asks for permission or a fix.
@MainActor final class NearestPlaceFeature: NSObject, ScriptMessageHandler, LocationManagerDelegate {
    /// Where the delegate is set, and the bugs planted in that set-up.
    enum Shape: String, CaseIterable, Sendable {
        case inInit, lazily, mainAsync, taskMainActor
        /// Bug: never becomes the delegate, so never hears the authorization.
        case neverSetsDelegate
        /// Bug: asks for a fix before checking the authorization it will hear.
        case asksBeforeAuthorization

        static let correct: [Shape] = [.inInit, .lazily, .mainAsync, .taskMainActor]
    }

    let platform: Platform
    let shape: Shape
    private var isDelegate = false
    private var waiting = false

    init(platform: Platform, shape: Shape) {
        self.platform = platform
        self.shape = shape
        super.init()
        platform.webView.add(self, contentWorld: .page, name: "nearest")
        if shape == .inInit { becomeDelegate() }
    }

    func didReceive(_ message: ScriptMessage) {
        waiting = true
        switch shape {
        case .inInit, .lazily, .neverSetsDelegate:
            if shape == .lazily { becomeDelegate() }
            act(on: platform.locationManager.authorizationStatus)
        case .mainAsync:
            DispatchQueue.main.async {
                self.becomeDelegate()
                self.act(on: self.platform.locationManager.authorizationStatus)
            }
        case .taskMainActor:
            Task { @MainActor in
                self.becomeDelegate()
                self.act(on: self.platform.locationManager.authorizationStatus)
            }
        case .asksBeforeAuthorization:
            becomeDelegate()
            platform.locationManager.requestLocation()
        }
    }

    private func becomeDelegate() {
        guard !isDelegate else { return }
        isDelegate = true
        platform.locationManager.setDelegate(self)
    }

    private func act(on status: AuthorizationStatus) {
        guard waiting else { return }
        if status == .notDetermined {
            platform.locationManager.requestWhenInUseAuthorization()
        } else if status.isAuthorized {
            platform.locationManager.requestLocation()
        }
    }

    nonisolated func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        MainActor.assumeIsolated {
            if status.isAuthorized, waiting, shape != .asksBeforeAuthorization { platform.locationManager.requestLocation() }
        }
    }

    nonisolated func locationManager(didUpdateLocations locations: [LocationFix]) {
        MainActor.assumeIsolated {
            guard waiting, let fix = locations.last else { return }
            waiting = false
            platform.webView.evaluateJavaScript("showNearest(\(fix.latitude), \(fix.longitude))", completionHandler: nil)
        }
    }

    nonisolated func locationManager(didFailWithError error: LocationErrorCode) {}
}

@Suite("Delivery by cause: the authorization a new location delegate hears")
struct LocationDelegateByCauseTests {
    static let fix = LocationFix(latitude: 40.64, longitude: -73.78, timestamp: "2026-12-05T10:00:00Z")

    /// Records `shape` asking once, with the user granting when-in-use access.
    static func record(_ shape: NearestPlaceFeature.Shape, status: AuthorizationStatus = .notDetermined) async throws -> Cassette {
        let recorder = stillRecorder(name: "nearest-\(shape)")
        let page = SimulatedWebView()
        let device = SimulatedLocationManager(status: status)
        let platform = recorder.platform(wrapping: .simulated(webView: page, locationManager: device))
        let feature = await NearestPlaceFeature(platform: platform, shape: shape)
        try page.postMessage(["want": "nearest"], to: "nearest")
        try await recorder.waitForEvents(OneShotLocationRequest.eventKind, count: 1)
        device.deliver([fix])
        // The page's result is recorded just after the evaluation: wait for what the cassette ends with.
        try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
        _ = feature
        return recorder.cassette()
    }

    static func replay(_ cassette: Cassette, as shape: NearestPlaceFeature.Shape) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await NearestPlaceFeature(platform: platform, shape: shape)
        }
    }

    @Test("the authorization a new delegate hears answers the setting of the delegate")
    func recordsTheCause() async throws {
        let events = try await Self.record(.lazily).events
        let setting = try #require(events.first { $0.payload is LocationDelegateChange })
        let heard = try #require(events.first { $0.answers == setting.id })
        #expect(heard.payload as? LocationAuthorizationChange == LocationAuthorizationChange(.notDetermined, accuracy: .full))
        #expect(setting.cause == events.first { $0.payload is ScriptMessage }?.id)
        #expect(CassetteValidator.problems(in: Cassette(header: CassetteHeader(name: "nearest"), events: events)).isEmpty)
    }

    @Test("every shape of setting the delegate replays green, 30 times each", arguments: NearestPlaceFeature.Shape.correct)
    func correctShapesReplay(shape: NearestPlaceFeature.Shape) async throws {
        let cassette = try await Self.record(shape)
        for run in 1...30 {
            let report = await Self.replay(cassette, as: shape)
            #expect(report.passed, "run \(run): \(report)")
            if !report.passed { break }
        }
    }

    @Test("authorizationStatus read right after setting the delegate is what the delegate will hear")
    func statusReadAfterSetting() async throws {
        let cassette = try await Self.record(.lazily, status: .authorizedWhenInUse)
        // Already authorized: the feature asks for the fix at once, without asking permission.
        #expect(!cassette.events.contains { $0.payload is LocationAuthorizationRequest })
        let report = await Self.replay(cassette, as: .lazily)
        #expect(report.passed, "\(report)")
    }

    @Test("a feature that never sets its delegate fails at the setting it skipped, every time")
    func neverSetsDelegate() async throws {
        let cassette = try await Self.record(.lazily)
        for _ in 1...10 {
            let report = await Self.replay(cassette, as: .neverSetsDelegate)
            // It asks for permission without ever setting its delegate: the setting it skipped is what is missing.
            let issue = try #require(report.issues.first)
            #expect(issue.kind == .missingEffect && issue.statement == .skipped, "\(report)")
            #expect(issue.eventID == 2 && issue.expected == "delegate set", "\(issue)")
            #expect(issue.relatedEvent?.kind == LocationAuthorizationRequest.eventKind, "\(issue)")
        }
        // Set in init in the recording, never set in the replay: nothing can follow.
        let report = await Self.replay(try await Self.record(.inInit), as: .neverSetsDelegate)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect, "\(report)")
        #expect(issue.eventID == 1)
        #expect(issue.cause == nil && issue.expected == "delegate set", "\(issue)")
        #expect(issue.relatedEvent?.id == 2 && issue.relatedEvent?.kind == LocationAuthorizationChange.eventKind, "\(issue)")
    }

    @Test("a feature that asks for a fix before hearing its authorization fails every time")
    func asksBeforeAuthorization() async throws {
        let cassette = try await Self.record(.lazily)
        for _ in 1...10 {
            let report = await Self.replay(cassette, as: .asksBeforeAuthorization)
            let issue = try #require(report.issues.first)
            #expect(issue.eventKind == OneShotLocationRequest.eventKind, "\(report)")
        }
    }

    @Test("a navigation delegate set again 20 main-queue hops after the web process ended decides the next action, 30 times of 30")
    func delegateSetAgainLate() async throws {
        for run in 1...30 {
            // Twenty hops are followed where main-queue blocks are counted: under the runtime
            // watch the testing glue installs for its replays (Linux), installed here.
            let report = await RuntimeWatchInstallation.during {
                await Replayer(cassette: Self.terminationCassette, options: fastReplay).replay { platform in
                    await Reloader(platform: platform, setsDelegateAgain: true)
                }
            }
            #expect(report.passed, "run \(run): \(report)")
            if !report.passed { break }
        }
    }

    @Test("a navigator that never sets its delegate again fails at the action, naming the missing delegate, every time")
    func delegateNeverSetAgain() async throws {
        for _ in 1...10 {
            let report = await Replayer(cassette: Self.terminationCassette, options: fastReplay).replay { platform in
                await Reloader(platform: platform, setsDelegateAgain: false)
            }
            let issue = try #require(report.issues.first)
            #expect(issue.eventID == 2 && issue.kind == .unusedStimulus, "\(report)")
            #expect(issue.message == "could not be delivered: the web view has no navigation delegate")
        }
    }

    /// The web process ends, then the page asks to navigate, and the app allows it.
    static let terminationCassette = Cassette(
        header: CassetteHeader(name: "terminated"),
        events: [
            Event(id: 1, at: 0, payload: WebContentProcessTermination()),
            Event(
                id: 2, at: 0,
                payload: NavigationAction(url: "https://example.com/", navigationType: .other, targetFrame: .main())),
            Event(id: 3, at: 0, cause: 2, payload: NavigationDecision(.allow)),
        ])

    @Test("a stimulus whose receiver is never registered is reported once the implementation is idle, naming what is missing")
    func receiverNeverRegistered() async throws {
        var cassette = try await Self.record(.inInit)
        let setting = try #require(cassette.events.first { $0.payload is LocationDelegateChange }?.id)
        cassette.events = cassette.events.filter { $0.id != setting }.map { event in
            var event = event
            if event.answers == setting { event.answers = nil }
            return event
        }
        let report = await Self.replay(cassette, as: .neverSetsDelegate)
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus, "\(report)")
        #expect(issue.eventKind == LocationAuthorizationChange.eventKind)
        #expect(issue.message == "could not be delivered: the app never set a location delegate")
    }
}

/// Drops its navigation delegate when the web process ends and sets it
/// again 20 main-queue hops later, as navigators that rebuild their state
/// (a new web view, a new coordinator) do.
@MainActor final class Reloader: NSObject, NavigationDelegate {
    let platform: Platform
    let setsDelegateAgain: Bool

    init(platform: Platform, setsDelegateAgain: Bool) {
        self.platform = platform
        self.setsDelegateAgain = setsDelegateAgain
        super.init()
        platform.webView.setNavigationDelegate(self)
    }

    func webContentProcessDidTerminate() {
        platform.webView.setNavigationDelegate(nil)
        guard setsDelegateAgain else { return }
        setDelegateAgain(afterHops: 20)
    }

    /// Sets the delegate after `hops` main-queue blocks, each enqueueing the next.
    private func setDelegateAgain(afterHops hops: Int) {
        DispatchQueue.main.async {
            if hops > 1 { self.setDelegateAgain(afterHops: hops - 1) } else { self.platform.webView.setNavigationDelegate(self) }
        }
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(.allow)
    }
}
