import Foundation
import HybridReplay

/// The seed's device location service: it walks the authorization flow,
/// publishes the last fix of each batch and ends on a fatal error.
final class ExampleLocationService: LocationManagerDelegate, @unchecked Sendable {
    struct Fault: Sendable, Equatable {
        var name: String
        static let none = Fault(name: "none")
        static let publishesFirstFix = Fault(name: "publishes the first fix")
        static let startsWhileNotDetermined = Fault(name: "starts updating before authorization")
    }

    let manager: any LocationManager
    let output: any LocationServiceOutput
    let fault: Fault

    init(platform: Platform, fault: Fault = .none) {
        manager = platform.locationManager
        output = platform.locationOutput
        self.fault = fault
        manager.setDelegate(self)
    }

    func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        switch status {
        case .notDetermined:
            if fault == .startsWhileNotDetermined { manager.startUpdatingLocation() }
            manager.requestWhenInUseAuthorization()
        case .authorizedWhenInUse, .authorizedAlways:
            manager.desiredAccuracy = -1
            if fault != .startsWhileNotDetermined { manager.startUpdatingLocation() }
        default:
            manager.stopUpdatingLocation()
            output.publish(.null, on: "deniedLocationAccess")
        }
    }

    func locationManager(didUpdateLocations locations: [LocationFix]) {
        guard let fix = fault == .publishesFirstFix ? locations.first : locations.last else { return }
        output.publish(.object(["latitude": .number(fix.latitude), "longitude": .number(fix.longitude)]), on: "coordinates")
    }

    func locationManager(didFailWithError error: LocationErrorCode) {
        if error.isTransient { return }
        output.complete("coordinates", error: error)
    }
}
