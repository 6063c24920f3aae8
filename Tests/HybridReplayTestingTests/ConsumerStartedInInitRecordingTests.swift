import Foundation
import HybridReplay
import HybridReplaySimulation
@testable import HybridReplayTesting
import Testing

/// A location wrapper as iOS code writes one: the view model's `init` starts
/// a task draining an `AsyncStream` the delegate yields each fix into. Recorded
/// through `replayCassette`, each point the page is asked to draw is caused by
/// its own fix, in every recording: the glue follows what the set-up starts,
/// so the drive's wait returns only once the consumer waits in `for await`.
/// (Before, 1 to 5 recordings of 20 had the first point caused by nothing and
/// each later one by the previous evaluation's result.)
@Suite("Recording a consumer an init starts")
struct ConsumerStartedInInitRecordingTests {
    @MainActor
    final class RunTracker: LocationManagerDelegate, ScriptMessageHandler {
        private let platform: Platform
        private let continuation: AsyncStream<LocationFix>.Continuation
        private var consumer: Task<Void, Never>?

        init(platform: Platform) {
            self.platform = platform
            let (fixes, continuation) = AsyncStream<LocationFix>.makeStream()
            self.continuation = continuation
            platform.locationManager.delegate = self
            platform.webView.add(self, contentWorld: .page, name: "run")
            consumer = Task { [platform] in
                var drawn = 0
                for await fix in fixes {
                    _ = try? await platform.webView.evaluateJavaScript("moveMarker(\(fix.latitude), \(fix.longitude))")
                    drawn += 1
                    if drawn == ConsumerStartedInInitRecordingTests.fixes.count { break }
                }
            }
        }

        func didReceive(_ message: ScriptMessage) {
            platform.locationManager.startUpdatingLocation()
        }

        func locationManager(didUpdateLocations locations: [LocationFix]) {
            for fix in locations { continuation.yield(fix) }
        }
    }

    static let fixes = (1...3).map { index in
        LocationFix(latitude: 51.5 + Double(index) / 1000, longitude: -0.12, timestamp: "2026-11-30T11:46:5\(index)Z")
    }

    let folder = TemporaryDirectory()

    /// Records the tracker through the glue: "start", then each fix once the last point's result is recorded.
    func record() async throws -> [Event] {
        let page = SimulatedWebView()
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let session = RecordingSession(platform: .simulated(webView: page, locationManager: manager)) { recorder in
            await manager.settle()
            try page.postMessage(["op": "start"], to: "run")
            try await recorder.waitForEvents(LocationUpdatesStart.eventKind)
            for (index, fix) in Self.fixes.enumerated() {
                manager.deliver([fix])
                try await recorder.waitForEvents(JavaScriptResult.eventKind, count: index + 1)
            }
        }
        await RecordEnvironment.$override.withValue(["HYBRIDREPLAY_RECORD": "all"]) {
            await withKnownIssue("a run that records fails, saying what it recorded") {
                await replayCassette("tracker", directory: folder.path, recording: session) { await RunTracker(platform: $0) }
            }
        }
        return try folder.read("tracker").events
    }

    @Test("each moveMarker is caused by its own fix, in each of 20 recordings")
    func eachPointCausedByItsOwnFix() async throws {
        var wrong: [[String]] = []
        for _ in 0..<20 {
            let events = try await record()
            let fixes = events.filter { $0.kind == LocationUpdate.eventKind }.map(\.id)
            let causes = events.filter { $0.kind == JavaScriptEvaluation.eventKind }.map(\.cause)
            #expect(fixes.count == Self.fixes.count)
            if causes != fixes.map(Optional.some) { wrong.append(events.map { "\($0.id) \($0.kind) cause \($0.cause.map(String.init) ?? "none")" }) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) of 20 recordings had other causes; the first:\n\(wrong.first?.joined(separator: "\n") ?? "")")
    }
}
