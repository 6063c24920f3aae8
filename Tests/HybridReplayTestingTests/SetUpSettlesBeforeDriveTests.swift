import Foundation
import HybridReplay
import HybridReplaySimulation
@testable import HybridReplayTesting
import Testing

/// A courier tracker whose `init` sets the location delegate a main-queue
/// hop later, as a screen does once it is on screen, while the drive posts
/// the page's first message at once. The delegate hears the current
/// authorization after it is set: recorded through `replayCassette`, that
/// authorization comes before the page's message in every recording, since
/// the drive starts once the set-up's hops have run. (Before, an outside
/// app's tracking cassette came out in two forms, the message first or the
/// authorization first, 2 to 3 of 10 re-records matching.)
@Suite("The set-up settles before the drive")
struct SetUpSettlesBeforeDriveTests {
    @MainActor
    final class CourierTracker: LocationManagerDelegate, ScriptMessageHandler {
        private let manager: any LocationManager

        init(platform: Platform) {
            manager = platform.locationManager
            platform.webView.add(self, contentWorld: .page, name: "tracking")
            DispatchQueue.main.async { [self] in
                if manager.delegate == nil { manager.delegate = self }
            }
        }

        func didReceive(_ message: ScriptMessage) {
            manager.requestWhenInUseAuthorization()
        }
    }

    let folder = TemporaryDirectory()

    func record() async throws -> [EventKind] {
        let page = SimulatedWebView()
        let manager = SimulatedLocationManager(status: .notDetermined, respondsToRequestsWith: .authorizedWhenInUse)
        let session = RecordingSession(platform: .simulated(webView: page, locationManager: manager)) { recorder in
            try page.postMessage(["op": "start"], to: "tracking")
            try await recorder.waitForEvents(LocationAuthorizationChange.eventKind, count: 2)
        }
        await RecordEnvironment.$override.withValue(["HYBRIDREPLAY_RECORD": "all"]) {
            await withKnownIssue("a run that records fails, saying what it recorded") {
                await replayCassette("tracker", directory: folder.path, recording: session) { await CourierTracker(platform: $0) }
            }
        }
        return try folder.read("tracker").events.map(\.kind)
    }

    @Test("the authorization a new delegate hears comes before the page's first message, in each of 20 recordings")
    func authorizationFirst() async throws {
        var forms: [[EventKind]: Int] = [:]
        for _ in 0..<20 { forms[try await record(), default: 0] += 1 }
        let expected: [EventKind] = [
            LocationDelegateChange.eventKind, LocationAuthorizationChange.eventKind, ScriptMessage.eventKind,
            LocationAuthorizationRequest.eventKind, LocationAuthorizationChange.eventKind,
        ]
        #expect(forms == [expected: 20], "\(forms)")
    }
}
