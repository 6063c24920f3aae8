import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("SimulatedLocationManager")
struct SimulatedLocationManagerTests {
    private let cupertino = LocationFix(
        latitude: 37.33233141, longitude: -122.0312186, horizontalAccuracy: 5, timestamp: "2026-01-31T12:00:00Z")
    private let london = LocationFix(latitude: 51.5, longitude: -0.12, timestamp: "2026-01-31T12:00:01Z")

    @Test("tells a new delegate the current authorization after the assignment returns, as CLLocationManager does")
    @MainActor func setDelegateDeliversStatus() async {
        let manager = SimulatedLocationManager(status: .denied, accuracy: .reduced)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()

        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))
        #expect(log.entries == [], "the main actor is still running this test, so nothing can have been delivered")
        await manager.settle()

        #expect(log.entries == [.authorization(.denied, .reduced)])
        #expect(manager.authorizationStatus == .denied)
        #expect(manager.accuracyAuthorization == .reduced)
    }

    @Test("answers a request while not determined with the scripted response, after recording the request")
    func answersRequest() async {
        let manager = SimulatedLocationManager()
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        let requestsSeen = SimulatedApp.Log<[AuthorizationLevel]>()
        manager.setDelegate(
            SimulatedApp.LocationDelegate(log: log) { [unowned manager] _ in requestsSeen.append(manager.requests) })
        await manager.settle()

        manager.requestWhenInUseAuthorization()
        await manager.settle()

        #expect(log.entries == [.authorization(.notDetermined, .full), .authorization(.authorizedWhenInUse, .full)])
        #expect(requestsSeen.entries == [[], [.whenInUse]])
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(manager.requests == [.whenInUse])
    }

    @Test("answers an always request with whatever the user is scripted to pick")
    func answersAlwaysRequest() async {
        let manager = SimulatedLocationManager(respondsToRequestsWith: .denied)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.requestAlwaysAuthorization()
        await manager.settle()

        #expect(log.entries.last == .authorization(.denied, .full))
        #expect(manager.requests == [.always])
    }

    @Test("leaves the prompt unanswered when no response is scripted")
    func unansweredPrompt() async {
        let manager = SimulatedLocationManager(respondsToRequestsWith: nil)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.requestWhenInUseAuthorization()
        await manager.settle()

        #expect(log.entries == [.authorization(.notDetermined, .full)])
        #expect(manager.authorizationStatus == .notDetermined)
        #expect(manager.requests == [.whenInUse])
    }

    @Test("records but does not answer a request once the status is determined")
    func noSecondPrompt() async {
        let manager = SimulatedLocationManager(status: .denied)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))

        manager.requestWhenInUseAuthorization()
        manager.requestAlwaysAuthorization()
        await manager.settle()

        #expect(log.entries == [.authorization(.denied, .full)])
        #expect(manager.requests == [.whenInUse, .always])
    }

    @Test("changes the authorization as the user does in Settings and tells the delegate")
    func changeInSettings() async {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))
        await manager.settle()

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
    func deliversRegardlessOfUpdating() async {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))
        await manager.settle()

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
    func dropsUndeliverable() async {
        let manager = SimulatedLocationManager(status: .authorizedAlways)
        manager.deliver([cupertino])
        manager.fail(with: .network)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))
        await manager.settle()

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
    func removesDelegate() async {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))
        manager.setDelegate(nil)
        await manager.settle()

        manager.deliver([cupertino])
        manager.changeAuthorization(to: .denied)

        #expect(log.entries == [.authorization(.authorizedWhenInUse, .full)])
    }

    /// An app object that makes its manager lazily and becomes its delegate
    /// in the same initializer, then reads the manager back when it hears
    /// the authorization: a common iOS shape, which only works because the
    /// platform tells a new delegate after the assignment returns.
    @MainActor private final class LazyLocator: LocationManagerDelegate {
        let device: SimulatedLocationManager
        private(set) var heard: [AuthorizationStatus] = []
        private(set) var statusesReadBack: [AuthorizationStatus] = []

        init(device: SimulatedLocationManager) { self.device = device }

        lazy var locationManager: any LocationManager = {
            device.delegate = self
            return device
        }()

        func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
            heard.append(status)
            statusesReadBack.append(locationManager.authorizationStatus)
        }

        func locationManager(didUpdateLocations locations: [LocationFix]) {}
        func locationManager(didFailWithError error: LocationErrorCode) {}
    }

    @Test("a delegate set inside a lazy var's initializer hears the authorization once the initializer has finished")
    @MainActor func lazyDelegate() async {
        let device = SimulatedLocationManager(status: .authorizedWhenInUse)
        let locator = LazyLocator(device: device)

        #expect(locator.locationManager.authorizationStatus == .authorizedWhenInUse)
        #expect(locator.heard == [])
        await device.settle()

        #expect(locator.heard == [.authorizedWhenInUse])
        #expect(locator.statusesReadBack == [.authorizedWhenInUse])
    }

    @Test("the answer to a prompt comes after the request returns, and after the authorization a new delegate hears")
    @MainActor func promptAnsweredLater() async {
        let manager = SimulatedLocationManager()
        let log = SimulatedApp.Log<SimulatedApp.LocationCallback>()
        manager.setDelegate(SimulatedApp.LocationDelegate(log: log))
        manager.requestWhenInUseAuthorization()
        #expect(log.entries == [])

        await manager.settle()

        #expect(log.entries == [.authorization(.notDetermined, .full), .authorization(.authorizedWhenInUse, .full)])
    }
}
