// Drives the adapter with fakes that subclass the mirror's classes through initialisers the real
// SDK may not offer: compiled where AppleMirrorCoreLocation stands in for CoreLocation (docs/apple-adapters.md).
#if !canImport(CoreLocation)

#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplayCoreLocation
import HybridReplaySeams
import Testing

/// On the main actor, as an app makes its location manager: CoreLocation then calls the delegate there.
@Suite("CoreLocationManager")
@MainActor struct CoreLocationManagerTests {
    @Test("a denied authorization reaches the seam's delegate once, after the status at the start")
    func deniedAuthorization() {
        let system = FakeCLLocationManager()
        system.answer = .denied
        let manager = CoreLocationManager(system)
        let log = SeamDelegateLog()

        manager.setDelegate(log)
        system.reportAuthorization()  // CoreLocation's own first report repeats what was just delivered.
        manager.requestWhenInUseAuthorization()

        #expect(system.calls == ["requestWhenInUseAuthorization"])
        #expect(log.events == [.authorization(.notDetermined, .full), .authorization(.denied, .full)])
        #expect(manager.authorizationStatus == .denied)
    }

    @Test("a change of accuracy alone is reported; a report that changes nothing is not")
    func accuracyChange() {
        let system = FakeCLLocationManager()
        system.status = .authorizedWhenInUse
        let manager = CoreLocationManager(system)
        let log = SeamDelegateLog()
        manager.setDelegate(log)

        system.accuracy = .reducedAccuracy
        system.reportAuthorization()
        system.reportAuthorization()

        #expect(log.events == [.authorization(.authorizedWhenInUse, .full), .authorization(.authorizedWhenInUse, .reduced)])
        #expect(manager.accuracyAuthorization == .reduced)
    }

    @Test("a CLError.locationUnknown followed by a fix reaches the seam's delegate as both, in order")
    func transientErrorThenFix() {
        let system = FakeCLLocationManager()
        system.status = .authorizedAlways
        let manager = CoreLocationManager(system)
        let log = SeamDelegateLog()
        manager.setDelegate(log)
        manager.startUpdatingLocation()

        system.fail(with: CLError(.locationUnknown))
        let location = makeLocation()
        system.deliver([location])

        #expect(system.calls == ["startUpdatingLocation"])
        #expect(
            log.events == [
                .authorization(.authorizedAlways, .full), .failure(.locationUnknown), .fixes([LocationFix(location)]),
            ])
    }

    @Test("settings and requests reach the CoreLocation manager unchanged")
    func settingsPassThrough() {
        let system = FakeCLLocationManager()
        let manager = CoreLocationManager(system)
        #expect(manager.desiredAccuracy == system.desiredAccuracy)

        manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
        manager.distanceFilter = 25
        manager.requestAlwaysAuthorization()
        manager.startUpdatingLocation()
        manager.stopUpdatingLocation()

        #expect(system.desiredAccuracy == kCLLocationAccuracyHundredMeters)
        #expect(system.distanceFilter == 25)
        #expect(manager.distanceFilter == 25)
        #expect(system.calls == ["requestAlwaysAuthorization", "startUpdatingLocation", "stopUpdatingLocation"])
    }

    @Test("the adapter is the CoreLocation manager's delegate, and nothing reaches a seam delegate that was removed")
    func delegateRemoved() {
        let system = FakeCLLocationManager()
        let manager = CoreLocationManager(system)
        #expect(system.delegate != nil)
        let log = SeamDelegateLog()
        manager.setDelegate(log)
        manager.setDelegate(nil)

        system.deliver([makeLocation()])
        system.fail(with: CLError(.network))
        system.status = .denied
        system.reportAuthorization()

        #expect(log.events == [.authorization(.notDetermined, .full)])
    }

    @Test("an empty batch of locations is not passed on, as CoreLocation never sends one")
    func emptyBatch() {
        let system = FakeCLLocationManager()
        let manager = CoreLocationManager(system)
        let log = SeamDelegateLog()
        manager.setDelegate(log)

        system.deliver([])

        #expect(log.events == [.authorization(.notDetermined, .full)])
    }

    @Test("the status read is the one last delivered, as the seam promises, until CoreLocation reports a change")
    func statusReadIsTheDeliveredOne() {
        let system = FakeCLLocationManager()
        let manager = CoreLocationManager(system)
        #expect(manager.authorizationStatus == .notDetermined)
        let log = SeamDelegateLog()
        manager.setDelegate(log)

        system.status = .authorizedAlways  // changed, not yet reported
        #expect(manager.authorizationStatus == .notDetermined)
        system.reportAuthorization()
        #expect(manager.authorizationStatus == .authorizedAlways)

        manager.setDelegate(nil)
        system.status = .restricted
        #expect(manager.authorizationStatus == .restricted)
    }

    @Test("a one-shot request reaches CoreLocation, and its single fix reaches the seam's delegate")
    func oneShotRequest() {
        let system = FakeCLLocationManager()
        system.status = .authorizedWhenInUse
        let manager = CoreLocationManager(system)
        let log = SeamDelegateLog()
        manager.setDelegate(log)

        manager.requestLocation()
        let location = makeLocation()
        system.deliver([location])

        #expect(system.calls == ["requestLocation"])
        #expect(log.events == [.authorization(.authorizedWhenInUse, .full), .fixes([LocationFix(location)])])
    }

    @Test("temporary full accuracy is asked for with the purpose key, and a grant reaches the delegate as full accuracy")
    func temporaryFullAccuracyGranted() {
        let system = FakeCLLocationManager()
        system.status = .authorizedWhenInUse
        system.accuracy = .reducedAccuracy
        let manager = CoreLocationManager(system)
        let log = SeamDelegateLog()
        manager.setDelegate(log)

        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Delivery")

        #expect(system.calls == ["requestTemporaryFullAccuracyAuthorization(Delivery, completion: nil)"])
        #expect(
            log.events == [
                .authorization(.authorizedWhenInUse, .reduced), .authorization(.authorizedWhenInUse, .full),
            ])
    }

    @Test("a declined temporary full accuracy request reports nothing")
    func temporaryFullAccuracyDeclined() {
        let system = FakeCLLocationManager()
        system.status = .authorizedWhenInUse
        system.accuracy = .reducedAccuracy
        system.grantsFullAccuracy = false
        let manager = CoreLocationManager(system)
        let log = SeamDelegateLog()
        manager.setDelegate(log)

        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Delivery")

        #expect(log.events == [.authorization(.authorizedWhenInUse, .reduced)])
        #expect(manager.accuracyAuthorization == .reduced)
    }

    @Test("a delegate with CoreLocation's names hears the adapter, reads the authorization delivered from it, and gets the error as a LocationErrorCode")
    func coreLocationSpelling() throws {
        let system = FakeCLLocationManager()
        system.answer = .authorizedWhenInUse
        system.accuracy = .reducedAccuracy
        let manager = CoreLocationManager(system)
        let ported = PortedDelegate()
        manager.setDelegate(ported)
        system.reportAuthorization()  // repeats what was just delivered: not forwarded
        manager.requestWhenInUseAuthorization()
        system.fail(with: CLError(.denied))
        system.deliver([makeLocation()])

        #expect(
            ported.heard == [
                "authorization notDetermined reduced", "authorization authorizedWhenInUse reduced", "error denied", "1 fix",
            ])
        #expect(ported.managers.count == 4)
        #expect(ported.managers.allSatisfy { $0 === manager }, "the adapter the delegate was set on, not the CLLocationManager")
        #expect(system.calls == ["requestWhenInUseAuthorization", "startUpdatingLocation"], "asked through the manager handed over")
    }

    /// Written as for CoreLocation: the manager it is handed says the authorization.
    final class PortedDelegate: LocationManagerDelegate, @unchecked Sendable {
        private(set) var heard: [String] = []
        private(set) var managers: [any LocationManager] = []

        func locationManagerDidChangeAuthorization(_ manager: any LocationManager) {
            managers.append(manager)
            heard.append("authorization \(manager.authorizationStatus) \(manager.accuracyAuthorization?.rawValue ?? "unknown")")
            if manager.authorizationStatus == .authorizedWhenInUse { manager.startUpdatingLocation() }
        }

        func locationManager(_ manager: any LocationManager, didUpdateLocations locations: [LocationFix]) {
            managers.append(manager)
            heard.append("\(locations.count) fix")
        }

        func locationManager(_ manager: any LocationManager, didFailWithError error: Error) {
            managers.append(manager)
            heard.append("error \((error as? LocationErrorCode)?.rawValue ?? "that is no LocationErrorCode")")
        }
    }
}

#endif
