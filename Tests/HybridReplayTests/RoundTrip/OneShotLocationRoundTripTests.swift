import HybridReplaySimulation
import Testing

@testable import HybridReplay

/// A service that wants one precise fix: with reduced accuracy it asks for
/// temporary full accuracy first, then asks for one fix and publishes it.
struct OneShotLocator: LocationManagerDelegate {
    let platform: Platform
    let purposeKey: String
    /// Whether it forgets to ask for the fix once it has full accuracy.
    var forgetsToAsk = false

    func start() { platform.locationManager.setDelegate(self) }

    func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        guard status == .authorizedWhenInUse || status == .authorizedAlways else { return }
        if accuracy == .reduced {
            platform.locationManager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey)
        } else if !forgetsToAsk {
            platform.locationManager.requestLocation()
        }
    }

    func locationManager(didUpdateLocations locations: [LocationFix]) {
        guard let last = locations.last else { return }
        platform.locationOutput.publish(["latitude": .number(last.latitude), "longitude": .number(last.longitude)], on: "fix")
    }

    func locationManager(didFailWithError error: LocationErrorCode) {
        platform.locationOutput.complete("fix", error: error)
    }
}

@Suite("location.requestLocation and location.requestFullAccuracy: record, write, read, replay")
struct OneShotLocationRoundTripTests {
    static let fix = LocationFix(latitude: 37.3323, longitude: -122.0312, horizontalAccuracy: 5, timestamp: "2026-11-30T11:46:56Z")

    /// Records the locator against a manager with reduced accuracy whose user grants full accuracy.
    static func record(failing: Bool = false) async -> Cassette {
        let recorder = stillRecorder(name: "one-shot")
        let manager = SimulatedLocationManager(
            status: .authorizedWhenInUse, accuracy: .reduced, respondsToFullAccuracyRequestsWith: .full)
        let platform = recorder.platform(wrapping: .simulated(locationManager: manager))
        OneShotLocator(platform: platform, purposeKey: "Navigation").start()
        await manager.settle()
        #expect(manager.fullAccuracyRequests == ["Navigation"])
        #expect(manager.locationRequests == 1)
        if failing { manager.fail(with: .locationUnknown) } else { manager.deliver([fix]) }
        return recorder.cassette()
    }

    static func replay(_ cassette: Cassette, purposeKey: String = "Navigation", forgetsToAsk: Bool = false) async
        -> ReplayReport
    {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let locator = OneShotLocator(platform: platform, purposeKey: purposeKey, forgetsToAsk: forgetsToAsk)
            locator.start()
            return locator
        }
    }

    @Test("the full-accuracy change answers its request, and the fix answers requestLocation()")
    func records() async {
        let events = await Self.record().events
        let coordinates: JSONValue = ["latitude": 37.3323, "longitude": -122.0312]
        #expect(events == [
            Event(id: 1, at: 0, payload: LocationDelegateChange(isSet: true)),
            Event(id: 2, at: 0, answers: 1, payload: LocationAuthorizationChange(.authorizedWhenInUse, accuracy: .reduced)),
            Event(id: 3, at: 0, cause: 2, payload: TemporaryFullAccuracyRequest(purposeKey: "Navigation")),
            Event(id: 4, at: 0, answers: 3, payload: LocationAuthorizationChange(.authorizedWhenInUse, accuracy: .full)),
            Event(id: 5, at: 0, cause: 4, payload: OneShotLocationRequest()),
            Event(id: 6, at: 0, answers: 5, payload: LocationUpdate([Self.fix])),
            Event(id: 7, at: 0, cause: 6, payload: LocationServiceValue(stream: "fix", value: coordinates)),
        ])
        #expect(CassetteValidator.problems(in: Cassette(header: CassetteHeader(name: "one-shot"), events: events)).isEmpty)
    }

    @Test("an error answers requestLocation() too")
    func recordsFailure() async {
        let events = await Self.record(failing: true).events
        #expect(events.last?.payload(as: LocationServiceCompletion.self) == LocationServiceCompletion(stream: "fix", error: .locationUnknown))
        #expect(events.dropFirst(5).first == Event(id: 6, at: 0, answers: 5, payload: LocationFailure(.locationUnknown)))
    }

    @Test("the cassette writes, reads back equal and replays against the same service")
    func roundTrip() async throws {
        let cassette = await Self.record()
        let bytes = CassetteWriter.canonicalBytes(of: cassette)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""kind": "requestFullAccuracy""#))
        #expect(text.contains(#""purposeKey": "Navigation""#))
        #expect(text.contains(#""kind": "requestLocation""#))
        let read = try CassetteReader().read(Array(bytes), path: "one-shot.json")
        #expect(read == cassette)
        let report = await Self.replay(read)
        #expect(report.passed, "\(report)")
        let failing = await Self.record(failing: true)
        let failingReport = await Self.replay(failing)
        #expect(failingReport.passed, "\(failingReport)")
    }

    @Test("another purpose key diverges at the full-accuracy request, naming the field")
    func wrongPurposeKey() async throws {
        let report = await Self.replay(await Self.record(), purposeKey: "Fitness")
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(report)")
        #expect(issue.eventID == 3)
        #expect(issue.differences.map(\.path) == ["purposeKey"])
    }

    @Test("a service that never calls requestLocation() fails with the missing request")
    func missingOneShotRequest() async throws {
        let report = await Self.replay(await Self.record(), forgetsToAsk: true)
        #expect(!report.passed)
        #expect(report.issues.contains { $0.eventID == 5 && $0.eventKind == OneShotLocationRequest.eventKind }, "\(report)")
    }

    @Test("cassette show names the purpose key")
    func showLine() {
        #expect(TemporaryFullAccuracyRequest(purposeKey: "Navigation").summary == "purpose Navigation")
        #expect(OneShotLocationRequest.eventKind.description == "location.requestLocation")
    }
}

@Suite("SimulatedLocationManager: one-shot and full accuracy")
struct SimulatedOneShotLocationTests {
    @Test("a full-accuracy request with reduced accuracy is granted or declined as scripted; with full accuracy nothing changes")
    @MainActor func fullAccuracy() async {
        let granting = SimulatedLocationManager(status: .authorizedWhenInUse, accuracy: .reduced)
        granting.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "A")
        #expect(granting.accuracyAuthorization == .reduced, "the user has not answered while this test holds the main actor")
        await granting.settle()
        #expect(granting.accuracyAuthorization == .full)
        let declining = SimulatedLocationManager(
            status: .authorizedWhenInUse, accuracy: .reduced, respondsToFullAccuracyRequestsWith: .reduced)
        declining.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "B")
        await declining.settle()
        #expect(declining.accuracyAuthorization == .reduced)
        #expect(declining.fullAccuracyRequests == ["B"])
        let full = SimulatedLocationManager(status: .authorizedWhenInUse, accuracy: .full, respondsToFullAccuracyRequestsWith: .full)
        full.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "C")
        #expect(full.accuracyAuthorization == .full)
        full.requestLocation()
        full.requestLocation()
        #expect(full.locationRequests == 2)
    }
}
