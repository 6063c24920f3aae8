import Foundation
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A permissions plugin as Capacitor-style bridges write it: the page asks,
/// the plugin asks the user, and answers the page once the user has answered.
@MainActor final class PermissionsPlugin: NSObject, ScriptMessageHandler, LocationManagerDelegate {
    let platform: Platform
    /// Bug: answers "prompt" at once, then answers again after the user's choice.
    let answersTwice: Bool
    private var asking = false

    init(platform: Platform, answersTwice: Bool) {
        self.platform = platform
        self.answersTwice = answersTwice
        super.init()
        platform.webView.add(self, contentWorld: .page, name: "permissions")
        platform.locationManager.setDelegate(self)
    }

    func didReceive(_ message: ScriptMessage) {
        asking = true
        platform.locationManager.requestWhenInUseAuthorization()
        if answersTwice { answer("prompt") }
    }

    nonisolated func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        MainActor.assumeIsolated {
            guard asking, status != .notDetermined else { return }
            asking = false
            answer(status.isAuthorized ? "granted" : "denied")
        }
    }

    nonisolated func locationManager(didUpdateLocations locations: [LocationFix]) {}
    nonisolated func locationManager(didFailWithError error: LocationErrorCode) {}

    private func answer(_ state: String) {
        platform.webView.evaluateJavaScript("Permissions.resolve({\"location\":\"\(state)\"})", completionHandler: nil)
    }
}

@Suite("An effect the recording does not have")
struct ExtraEffectTests {
    /// Records the correct plugin: the page asks once and the user grants when-in-use access.
    static func record() async throws -> Cassette {
        let recorder = stillRecorder(name: "permissions")
        let page = SimulatedWebView()
        let device = SimulatedLocationManager(status: .notDetermined, respondsToRequestsWith: .authorizedWhenInUse)
        let platform = recorder.platform(wrapping: .simulated(webView: page, locationManager: device))
        let plugin = await PermissionsPlugin(platform: platform, answersTwice: false)
        await device.settle()
        try page.postMessage(["ask": "location"], to: "permissions")
        // The page's result is recorded just after the evaluation: wait for what the cassette ends with.
        try await recorder.waitForEvents(JavaScriptResult.eventKind, count: 1)
        _ = plugin
        return recorder.cassette()
    }

    @Test("the correct plugin replays green")
    func correctPlugin() async throws {
        let cassette = try await Self.record()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await PermissionsPlugin(platform: platform, answersTwice: false)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("an answer sent before the user answered the prompt is an unexpected effect, not a changed version of the real answer")
    func answerBeforePrompt() async throws {
        let cassette = try await Self.record()
        let request = try #require(cassette.events.first { $0.payload is LocationAuthorizationRequest })
        let choice = try #require(cassette.events.first { $0.answers == request.id && $0.payload is LocationAuthorizationChange })
        let answer = try #require(cassette.events.first { $0.payload is JavaScriptEvaluation })
        for _ in 1...10 {
            let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await PermissionsPlugin(platform: platform, answersTwice: true)
            }
            #expect(report.issues.count == 1, "\(report)")
            let issue = try #require(report.issues.first)
            #expect(issue.kind == .unexpectedEffect && issue.statement == .aheadOfStimulus, "\(report)")
            #expect(issue.eventID == answer.id, "\(issue)")
            #expect(issue.relatedEvent?.id == choice.id, "\(issue)")
            #expect(issue.actual?.contains("prompt") == true, "\(issue)")
            #expect(issue.message.hasPrefix("unexpected effect: nothing in the cassette expects it before event \(choice.id)"), "\(issue)")
        }
    }

    @Test("a changed answer after the prompt is still a difference from the recorded answer")
    func changedAnswer() async throws {
        var cassette = try await Self.record()
        // The recording says the user denied access; the simulation grants it.
        let index = try #require(cassette.events.firstIndex { $0.payload is JavaScriptEvaluation })
        cassette.events[index].payload = JavaScriptEvaluation(script: "Permissions.resolve({\"location\":\"denied\"})")
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await PermissionsPlugin(platform: platform, answersTwice: false)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect && issue.statement == .differs, "\(report)")
        #expect(issue.eventID == cassette.events[index].id)
    }
}
