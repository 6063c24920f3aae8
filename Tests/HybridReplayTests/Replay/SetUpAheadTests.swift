import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// Answers the page's permission request as a plugin bridge does: reads
/// `authorizationStatus`, asks when it is not determined, and answers the
/// page once its delegate hears the outcome.
@MainActor final class PermissionPlugin: ScriptMessageHandler, LocationManagerDelegate {
    enum Shape: Sendable {
        /// The delegate set in `init`, on the main actor.
        case delegateInInit
        /// The delegate set in `init` from `Task.detached`, after work of its own, through `MainActor.run`.
        case delegateFromDetachedTaskInInit
        /// The delegate set on the page's ask, before the request.
        case delegateOnAsk
        /// Bug: the delegate set on the page's ask, after the request.
        case delegateAfterRequest
        /// Bug: the delegate set in `init`, and the page answered at once, without asking.
        case answersWithoutAsking
    }

    let manager: any LocationManager
    let webView: any WebView
    let shape: Shape
    private var waiting = false

    init(platform: Platform, shape: Shape) {
        manager = platform.locationManager
        webView = platform.webView
        self.shape = shape
        webView.add(self, name: "permissions")
        switch shape {
        case .delegateInInit, .answersWithoutAsking:
            manager.delegate = self
        case .delegateFromDetachedTaskInInit:
            let manager = self.manager
            Task.detached { [self] in
                _ = await MainActor.run { manager.desiredAccuracy }
                await MainActor.run { manager.delegate = self }
            }
        case .delegateOnAsk, .delegateAfterRequest:
            break
        }
    }

    func didReceive(_ message: ScriptMessage) {
        switch shape {
        case .delegateAfterRequest:
            waiting = true
            manager.requestWhenInUseAuthorization()
            manager.delegate = self
        case .answersWithoutAsking:
            webView.evaluateJavaScript("permission('\(manager.authorizationStatus)')", completionHandler: nil)
        case .delegateOnAsk:
            manager.delegate = self
            ask()
        case .delegateInInit, .delegateFromDetachedTaskInInit:
            ask()
        }
    }

    private func ask() {
        guard manager.authorizationStatus == .notDetermined else {
            return webView.evaluateJavaScript("permission('\(manager.authorizationStatus)')", completionHandler: nil)
        }
        waiting = true
        manager.requestWhenInUseAuthorization()
    }

    func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        guard waiting, status != .notDetermined else { return }
        waiting = false
        webView.evaluateJavaScript("permission('\(status)')", completionHandler: nil)
    }

    func locationManager(didUpdateLocations locations: [LocationFix]) {}
    func locationManager(didFailWithError error: LocationErrorCode) {}
}

/// A set-up effect without a cause — a location delegate set — may happen
/// before the stimuli recorded ahead of it: app code that sets up earlier
/// than it did while recording (a `Task.detached` in `init` that lost the
/// race to the page's first message then) passes, and the authorization the
/// delegate hears is still delivered in its recorded place. A set-up step
/// that follows the page's ask keeps its place among that ask's effects.
@Suite("Set-up effects that come earlier than recorded")
struct SetUpAheadTests {
    /// As a recording catches a delegate set from `Task.detached` in `init`
    /// late: the page asks, the app asks for permission, the detached task
    /// then sets the delegate, which hears the outcome, and the page is answered.
    static let setAfterTheAsk = Cassette(
        header: CassetteHeader(name: "permission-delegate-late"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "permissions", body: ["ask": "location"])),
            Event(id: 2, at: 0, cause: 1, payload: LocationAuthorizationRequest(.whenInUse)),
            Event(id: 3, at: 0, payload: LocationDelegateChange(isSet: true)),
            Event(id: 4, at: 0, answers: 3, payload: LocationAuthorizationChange(.authorizedWhenInUse, accuracy: .full)),
            Event(id: 5, at: 0, cause: 4, payload: JavaScriptEvaluation(script: "permission('authorizedWhenInUse')")),
        ])

    /// The delegate set on the page's ask, before the request, as the recorder writes it.
    static let setOnTheAsk = Cassette(
        header: CassetteHeader(name: "permission-delegate-on-ask"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "permissions", body: ["ask": "location"])),
            Event(id: 2, at: 0, cause: 1, payload: LocationDelegateChange(isSet: true)),
            Event(id: 3, at: 0, answers: 2, payload: LocationAuthorizationChange(.notDetermined, accuracy: .full)),
            Event(id: 4, at: 0, cause: 1, payload: LocationAuthorizationRequest(.whenInUse)),
            Event(id: 5, at: 0, answers: 4, payload: LocationAuthorizationChange(.authorizedWhenInUse, accuracy: .full)),
            Event(id: 6, at: 0, cause: 5, payload: JavaScriptEvaluation(script: "permission('authorizedWhenInUse')")),
        ])

    static func replay(_ cassette: Cassette, _ shape: PermissionPlugin.Shape) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: ReplayOptions(stallTimeout: .seconds(60))).replay { platform in
                await PermissionPlugin(platform: platform, shape: shape)
            }
        }
    }

    @Test("a delegate set in init, where the recording set it after the page's ask, passes")
    func setInInitPasses() async {
        let report = await Self.replay(Self.setAfterTheAsk, .delegateInInit)
        #expect(report.passed, "\(report)")
        // Set first, then the page's ask, the request and the authorization in their recorded places.
        let kinds = report.trace.events.map(\.kind)
        #expect(
            kinds == [
                LocationDelegateChange.eventKind, ScriptMessage.eventKind, LocationAuthorizationRequest.eventKind,
                LocationAuthorizationChange.eventKind, JavaScriptEvaluation.eventKind,
            ], "\(kinds)")
    }

    @Test("a delegate set from Task.detached in init, where the recording caught it after the page's ask, passes")
    func setFromDetachedTaskPasses() async {
        let report = await Self.replay(Self.setAfterTheAsk, .delegateFromDetachedTaskInInit)
        #expect(report.passed, "\(report)")
    }

    @Test("authorizationStatus read after a delegate set earlier than recorded is the status before the request")
    func statusBeforeTheRequest() async {
        // Were it the outcome the recorded authorization reports, the plugin would answer at once, unasked.
        #expect(ReplayScript(cassette: Self.setAfterTheAsk, options: ReplayOptions()).initialLocationStatus == .notDetermined)
        let report = await Self.replay(Self.setAfterTheAsk, .delegateInInit)
        #expect(report.trace.events.contains { $0.payload is LocationAuthorizationRequest }, "\(report)")
    }

    @Test("a delegate set earlier than recorded does not excuse a request that never comes")
    func earlyDelegateStillNeedsTheRequest() async throws {
        let report = await Self.replay(Self.setAfterTheAsk, .answersWithoutAsking)
        let issue = try #require(report.issues.first)
        #expect(issue.eventKind == JavaScriptEvaluation.eventKind || issue.eventKind == LocationAuthorizationRequest.eventKind, "\(report)")
    }

    @Test("a delegate set on the page's ask replays, and set after the request fails at the request, every time")
    func delegateAfterRequestFails() async throws {
        #expect(await Self.replay(Self.setOnTheAsk, .delegateOnAsk).passed)
        for _ in 1...10 {
            let report = await Self.replay(Self.setOnTheAsk, .delegateAfterRequest)
            let issue = try #require(report.issues.first)
            #expect(issue.kind == .effectOutOfOrder && issue.eventID == 4 && issue.relatedEvent?.id == 2, "\(report)")
        }
    }

    @Test("only a delegate set without a cause may come ahead; a cleared one and a caused one keep their places")
    func whichEffectsComeAhead() {
        let script = ReplayScript(cassette: Self.setAfterTheAsk, options: ReplayOptions())
        #expect(script.setsUpAhead == [3])
        #expect(ReplayScript(cassette: Self.setOnTheAsk, options: ReplayOptions()).setsUpAhead.isEmpty)
        var cleared = Self.setAfterTheAsk
        cleared.events[2].payload = LocationDelegateChange(isSet: false)
        #expect(ReplayScript(cassette: cleared, options: ReplayOptions()).setsUpAhead.isEmpty)
    }
}
