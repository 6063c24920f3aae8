import Foundation
import HybridReplayRuntimeWatch
import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A consumer task started in a message handler drains an `AsyncStream` the
/// location delegate yields each fix into: what it does for a fix is caused
/// by that fix, in every recording, when the drive waits for the result of
/// each evaluation before delivering the next fix.
@Suite("Recorder causes of a stream consumer", .enabled(if: watchSeesTasks))
struct StreamConsumerCauseTests {
    /// The run tracker: "start" (or `init`, when `startsInInit`) starts a task
    /// drawing each fix the delegate yields into the stream, which stops
    /// after `StreamConsumerCauseTests.fixes.count`.
    @MainActor
    final class RunTracker: ScriptMessageHandler, LocationManagerDelegate {
        private let platform: Platform
        private let fixes: AsyncStream<LocationFix>
        private let continuation: AsyncStream<LocationFix>.Continuation
        private(set) var consumer: Task<Void, Never>?

        private let startsInInit: Bool
        /// A bug: after the last fix the consumer draws one more marker.
        private let drawsExtra: Bool

        init(platform: Platform, startsInInit: Bool, drawsExtra: Bool = false) {
            self.platform = platform
            self.startsInInit = startsInInit
            self.drawsExtra = drawsExtra
            (fixes, continuation) = AsyncStream.makeStream()
            platform.webView.add(self, contentWorld: .page, name: "run")
            platform.locationManager.setDelegate(self)
            if startsInInit { startConsumer() }
        }

        func didReceive(_ message: ScriptMessage) {
            platform.locationManager.startUpdatingLocation()
            if !startsInInit { startConsumer() }
        }

        private func startConsumer() {
            consumer = Task { [fixes, platform, drawsExtra] in
                var drawn = 0
                for await fix in fixes {
                    _ = try? await platform.webView.evaluateJavaScript("moveMarker(\(fix.latitude), \(fix.longitude))")
                    drawn += 1
                    if drawn == StreamConsumerCauseTests.fixes.count {
                        if drawsExtra { _ = try? await platform.webView.evaluateJavaScript("moveMarker(0, 0)") }
                        break
                    }
                }
            }
        }

        func locationManager(didUpdateLocations locations: [LocationFix]) {
            for fix in locations { continuation.yield(fix) }
        }
    }

    static let fixes = (1...3).map { index in
        LocationFix(latitude: 51.5 + Double(index) / 1000, longitude: -0.12, timestamp: "2026-11-30T11:46:5\(index)Z")
    }

    /// Records the tracker once: "start", waiting for the last event of its
    /// handler, then each fix, waiting for the result of its `moveMarker`
    /// before the next, as a drive does.
    static func record(startsInInit: Bool = false) async throws -> [Event] {
        let recorder = stillRecorder()
        let page = SimulatedWebView()
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let platform = recorder.platform(wrapping: .simulated(webView: page, locationManager: manager))
        try await RuntimeWatchInstallation.during {
            // As the testing glue sets an implementation up: what the set-up starts is followed.
            let tracker = await RecordedJobs.followingSetUp(of: recorder) {
                await MainActor.run { RunTracker(platform: platform, startsInInit: startsInInit) }
            }
            await manager.settle()
            try page.postMessage(["op": "start"], to: "run")
            try await recorder.waitForEvents(LocationUpdatesStart.eventKind)
            for (index, fix) in fixes.enumerated() {
                manager.deliver([fix])
                try await recorder.waitForEvents(JavaScriptResult.eventKind, count: index + 1)
            }
            await tracker.consumer?.value
        }
        return recorder.cassette().events
    }

    /// Why `events` do not have each `moveMarker` caused by its own fix, or `nil` when they do.
    static func wrongCauses(_ events: [Event]) -> String? {
        let updates = events.filter { $0.kind == LocationUpdate.eventKind }.map(\.id)
        let markers = events.filter { $0.payload(as: JavaScriptEvaluation.self)?.script.hasPrefix("moveMarker") == true }
        if updates.count == fixes.count, markers.map(\.cause) == updates.map(Optional.some) { return nil }
        return outline(events).joined(separator: "\n")
    }

    /// The recordings of 20 that do not have each `moveMarker` caused by its own fix.
    static func wrongRecordings(startsInInit: Bool) async throws -> [String] {
        var wrong: [String] = []
        for _ in 0..<20 {
            let events = try await record(startsInInit: startsInInit)
            #expect(events.filter { $0.kind == LocationUpdate.eventKind }.count == fixes.count)
            if let problem = wrongCauses(events) { wrong.append(problem) }
        }
        return wrong
    }

    @Test("each moveMarker is caused by its own fix, in each of 20 recordings")
    func eachPointCausedByItsFix() async throws {
        let wrong = try await Self.wrongRecordings(startsInInit: false)
        #expect(wrong.count == 0, "\(wrong.count) of 20 recordings had wrong causes; the first:\n\(wrong.first ?? "")")
    }

    /// The consumer's effects belong to the message that started it (its
    /// lease), whichever fix woke it: an extra one after the last fix names
    /// that message, and the stimulus delivered last (the last marker's
    /// result), where to look, not only the message long before.
    @Test("an extra marker after the last fix names the message that started the consumer and the last stimulus delivered")
    func extraMarkerNamesLastFix() async throws {
        let cassette = makeCassette(try await Self.record(), name: "tracker")
        let report = await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                await RunTracker(platform: platform, startsInInit: false, drawsExtra: true)
            }
        }
        let issue = try #require(report.issues.first, "\(report)")
        let last = try #require(cassette.events.last { $0.direction == .stimulus })
        let message = try #require(cassette.events.first { $0.kind == ScriptMessage.eventKind })
        #expect(issue.kind == .unexpectedEffect)
        #expect(
            issue.message.hasPrefix(
                "unexpected effect: nothing in the cassette expects javascript.evaluate in reaction to event \(message.id) (script.message"),
            "\(report)")
        #expect(issue.message.hasSuffix("made after event \(last.id) (javascript.result value null), the last stimulus delivered"), "\(report)")
        #expect(report.issues.count == 1, "\(report)")
    }

    @Test("a consumer started in init: each moveMarker is caused by its own fix, in each of 20 recordings")
    func eachPointCausedByItsFixStartedInInit() async throws {
        let wrong = try await Self.wrongRecordings(startsInInit: true)
        #expect(wrong.count == 0, "\(wrong.count) of 20 recordings had wrong causes; the first:\n\(wrong.first ?? "")")
    }
}

/// Whether the runtime watch sees tasks handed to executors here, and tasks are numbered.
private let watchSeesTasks = RuntimeWatchInstallation.seesTasks && CurrentTask.isNumberedByRuntime
