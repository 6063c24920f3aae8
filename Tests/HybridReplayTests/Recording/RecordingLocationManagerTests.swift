import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recording location")
struct RecordingLocationManagerTests {
    static let fixes = [
        LocationFix(latitude: 37.33233141, longitude: -122.0312186, horizontalAccuracy: 5, timestamp: "2026-11-30T11:46:56Z"),
        LocationFix(latitude: 37.33240, longitude: -122.03100, horizontalAccuracy: 5, timestamp: "2026-11-30T11:46:57Z"),
    ]

    @Test("records the authorization flow, configuration, fixes, errors and what the service published")
    func authorizationFlow() async throws {
        let recorder = stillRecorder()
        let manager = SimulatedLocationManager(status: .notDetermined, respondsToRequestsWith: .authorizedWhenInUse)
        let output = CollectingLocationOutput()
        let platform = recorder.platform(
            wrapping: .simulated(cookieStore: InMemoryCookieStore(), locationManager: manager, locationOutput: output))

        RecordingApps.LocationService(platform: platform).start()
        await manager.settle()
        manager.deliver(Self.fixes)
        manager.fail(with: .locationUnknown)
        manager.changeAuthorization(to: .denied)

        let coordinates: JSONValue = ["latitude": 37.3324, "longitude": -122.031]
        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: LocationDelegateChange(isSet: true)),
                Event(id: 2, at: 0, answers: 1, payload: LocationAuthorizationChange(.notDetermined, accuracy: .full)),
                Event(id: 3, at: 0, cause: 2, payload: LocationAuthorizationRequest(.whenInUse)),
                Event(id: 4, at: 0, answers: 3, payload: LocationAuthorizationChange(.authorizedWhenInUse, accuracy: .full)),
                Event(id: 5, at: 0, cause: 4, payload: LocationConfiguration(desiredAccuracy: 10)),
                Event(id: 6, at: 0, cause: 4, payload: LocationConfiguration(distanceFilter: 5)),
                Event(id: 7, at: 0, cause: 4, payload: LocationUpdatesStart()),
                Event(id: 8, at: 0, payload: LocationUpdate(Self.fixes)),
                Event(id: 9, at: 0, cause: 8, payload: LocationServiceValue(stream: "coordinates", value: coordinates)),
                Event(id: 10, at: 0, payload: LocationFailure(.locationUnknown)),
                // Revoked in Settings: no request is outstanding, so the change answers nothing.
                Event(id: 11, at: 0, payload: LocationAuthorizationChange(.denied, accuracy: .full)),
                Event(id: 12, at: 0, cause: 11, payload: LocationUpdatesStop()),
                Event(id: 13, at: 0, cause: 11, payload: LocationServiceValue(stream: "status", value: "denied")),
                Event(id: 14, at: 0, cause: 11, payload: LocationServiceCompletion(stream: "coordinates", error: .denied)),
            ])
        #expect(manager.desiredAccuracy == 10)
        #expect(manager.isUpdating == false)
        #expect(output.values(on: "coordinates") == [coordinates])
        #expect(CassetteValidator.problems(in: recorder.cassette()).isEmpty)
    }

    @Test("leaves a request outstanding until an authorization change answers it")
    func lateAnswer() async {
        let recorder = stillRecorder()
        let manager = SimulatedLocationManager(status: .notDetermined, respondsToRequestsWith: nil)
        let platform = recorder.platform(wrapping: .simulated(cookieStore: InMemoryCookieStore(), locationManager: manager))

        platform.locationManager.setDelegate(IgnoringLocationDelegate())
        await manager.settle()
        platform.locationManager.requestAlwaysAuthorization()
        manager.changeAuthorization(to: .authorizedAlways, accuracy: .reduced)
        manager.changeAuthorization(to: .authorizedWhenInUse, accuracy: .reduced)

        #expect(
            outline(recorder.events) == [
                "1 location.delegate: delegate set",
                "2 location.authorization answers 1: notDetermined (full accuracy)",
                "3 location.requestAuthorization: always",
                "4 location.authorization answers 3: authorizedAlways (reduced accuracy)",
                "5 location.authorization: authorizedWhenInUse (reduced accuracy)",
            ])
        #expect(platform.locationManager.authorizationStatus == .authorizedWhenInUse)
    }
}

/// Hears everything and does nothing.
private struct IgnoringLocationDelegate: LocationManagerDelegate {
    func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {}
    func locationManager(didUpdateLocations locations: [LocationFix]) {}
    func locationManager(didFailWithError error: LocationErrorCode) {}
}
