import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("SimulatedLocationManager")
struct SimulatedLocationManagerTests {
    private let cupertino = LocationFix(
        latitude: 37.33233141, longitude: -122.0312186, horizontalAccuracy: 5, timestamp: "2026-01-31T12:00:00Z")
    private let london = LocationFix(latitude: 51.5, longitude: -0.12, timestamp: "2026-01-31T12:00:01Z")

    @Test("tells a new delegate the current authorization right away, as CLLocationManager does")
    func setDelegateDeliversStatus() {
        let manager = SimulatedLocationManager(status: .denied, accuracy: .reduced)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()

        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        #expect(log.entries == [.authorization(.denied, .reduced)])
        #expect(manager.authorizationStatus == .denied)
        #expect(manager.accuracyAuthorization == .reduced)
    }

    @Test("answers a request while not determined with the scripted response, after recording the request")
    func answersRequest() {
        let manager = SimulatedLocationManager()
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        let requestsSeen = SimulatedApp.Log<[AuthorizationLevel]>()
        manager.setDelegate(
            SimulatedApp.LocationDelegate(log: log) { [unowned manager] _ in requestsSeen.append(manager.requests) })

        manager.requestWhenInUseAuthorization()

        #expect(log.entries == [.authorization(.notDetermined, .full), .authorization(.authorizedWhenInUse, .full)])
        #expect(requestsSeen.entries == [[], [.whenInUse]])
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(manager.requests == [.whenInUse])
    }

    @Test("answers an always request with whatever the user is scripted to pick")
    func answersAlwaysRequest() {
        let manager = SimulatedLocationManager(respondsToRequestsWith: .denied)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.requestAlwaysAuthorization()

        #expect(log.entries.last == .authorization(.denied, .full))
        #expect(manager.requests == [.always])
    }

    @Test("leaves the prompt unanswered when no response is scripted")
    func unansweredPrompt() {
        let manager = SimulatedLocationManager(respondsToRequestsWith: nil)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.requestWhenInUseAuthorization()

        #expect(log.entries == [.authorization(.notDetermined, .full)])
        #expect(manager.authorizationStatus == .notDetermined)
        #expect(manager.requests == [.whenInUse])
    }

    @Test("records but does not answer a request once the status is determined")
    func noSecondPrompt() {
        let manager = SimulatedLocationManager(status: .denied)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.requestWhenInUseAuthorization()
        manager.requestAlwaysAuthorization()

        #expect(log.entries == [.authorization(.denied, .full)])
        #expect(manager.requests == [.whenInUse, .always])
    }

    @Test("changes the authorization as the user does in Settings and tells the delegate")
    func changeInSettings() {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.changeAuthorization(to: .authorizedAlways, accuracy: .reduced)
        manager.changeAuthorization(to: .denied)

        #expect(
            log.entries == [
                .authorization(.authorizedWhenInUse, .full), .authorization(.authorizedAlways, .reduced),
                .authorization(.denied, .full),
            ])
        #expect(manager.authorizationStatus == .denied)
    }

    @Test("delivers fixes and failures whether or not updates were started")
    func deliversRegardlessOfUpdating() {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.deliver([cupertino])
        manager.startUpdatingLocation()
        #expect(manager.isUpdating)
        manager.fail(with: .locationUnknown)
        manager.deliver([cupertino, london])
        manager.stopUpdatingLocation()
        #expect(!manager.isUpdating)
        manager.fail(with: .denied)

        #expect(
            log.entries == [
                .authorization(.authorizedWhenInUse, .full), .locations([cupertino]), .failure(.locationUnknown),
                .locations([cupertino, london]), .failure(.denied),
            ])
    }

    @Test("drops an empty batch, which CoreLocation never delivers, and anything sent before a delegate is set")
    func dropsUndeliverable() {
        let manager = SimulatedLocationManager(status: .authorizedAlways)
        manager.deliver([cupertino])
        manager.fail(with: .network)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.deliver([])

        #expect(log.entries == [.authorization(.authorizedAlways, .full)])
    }

    @Test("starts with CoreLocation's defaults and keeps the accuracy and distance filter the app sets")
    func configuration() {
        let manager = SimulatedLocationManager()
        #expect(manager.desiredAccuracy == -1)
        #expect(manager.distanceFilter == -1)

        manager.desiredAccuracy = 10
        manager.distanceFilter = 50

        #expect(manager.desiredAccuracy == 10)
        #expect(manager.distanceFilter == 50)
    }

    @Test("stops calling a delegate that was removed")
    func removesDelegate() {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))
        manager.setDelegate(nil)

        manager.deliver([cupertino])
        manager.changeAuthorization(to: .denied)

        #expect(log.entries == [.authorization(.authorizedWhenInUse, .full)])
    }
}
