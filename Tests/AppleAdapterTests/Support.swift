// Drives the adapter with fakes that subclass the mirror's classes through initialisers the real
// SDK may not offer: compiled where AppleMirrorCoreLocation stands in for CoreLocation (docs/apple-adapters.md).
#if !canImport(CoreLocation)

#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplaySeams

/// A `CLLocationManager` that plays the system: the test sets what it
/// reports and makes it call its delegate, as CoreLocation would.
final class FakeCLLocationManager: CLLocationManager {
    var status: CLAuthorizationStatus = .notDetermined
    var accuracy: CLAccuracyAuthorization = .fullAccuracy
    /// What the user answers when the app asks while `status` is `notDetermined`.
    var answer: CLAuthorizationStatus?
    /// The methods the adapter called, in order.
    private(set) var calls: [String] = []

    override var authorizationStatus: CLAuthorizationStatus { status }
    override var accuracyAuthorization: CLAccuracyAuthorization { accuracy }

    override func requestWhenInUseAuthorization() { ask("requestWhenInUseAuthorization") }
    override func requestAlwaysAuthorization() { ask("requestAlwaysAuthorization") }
    override func startUpdatingLocation() { calls.append("startUpdatingLocation") }
    override func stopUpdatingLocation() { calls.append("stopUpdatingLocation") }
    override func requestLocation() { calls.append("requestLocation") }

    /// What the user answers to a temporary full-accuracy prompt.
    var grantsFullAccuracy = true

    override func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        calls.append("requestTemporaryFullAccuracyAuthorization(\(purposeKey), completion: \(completion == nil ? "nil" : "given"))")
        guard grantsFullAccuracy, accuracy == .reducedAccuracy else { return }
        accuracy = .fullAccuracy
        reportAuthorization()
    }

    private func ask(_ call: String) {
        calls.append(call)
        guard status == .notDetermined, let answer else { return }
        status = answer
        reportAuthorization()
    }

    /// Calls the delegate as CoreLocation does when it is set or the authorization changes.
    func reportAuthorization() { delegate?.locationManagerDidChangeAuthorization(self) }

    func deliver(_ locations: [CLLocation]) { delegate?.locationManager(self, didUpdateLocations: locations) }

    func fail(with error: any Error) { delegate?.locationManager(self, didFailWithError: error) }
}

/// A `CLLocation` with the fields no public initializer sets.
final class FakeCLLocation: CLLocation {
    var fakeEllipsoidalAltitude: CLLocationDistance = 0
    var fakeFloor: CLFloor?
    override var ellipsoidalAltitude: CLLocationDistance { fakeEllipsoidalAltitude }
    override var floor: CLFloor? { fakeFloor }
}

final class FakeCLFloor: CLFloor {
    let fakeLevel: Int
    init(level: Int) {
        fakeLevel = level
        super.init()
    }
    override var level: Int { fakeLevel }
}

/// What the seam's delegate heard, in order.
enum HeardEvent: Equatable {
    case authorization(AuthorizationStatus, AccuracyAuthorization?)
    case fixes([LocationFix])
    case failure(LocationErrorCode)
}

final class SeamDelegateLog: LocationManagerDelegate {
    private let heard = Locked<[HeardEvent]>([])
    var events: [HeardEvent] { heard.withLock { $0 } }

    func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        heard.withLock { $0.append(.authorization(status, accuracy)) }
    }

    func locationManager(didUpdateLocations locations: [LocationFix]) {
        heard.withLock { $0.append(.fixes(locations)) }
    }

    func locationManager(didFailWithError error: LocationErrorCode) {
        heard.withLock { $0.append(.failure(error)) }
    }
}

func makeLocation(latitude: Double = 37.33233141, longitude: Double = -122.0312186, at seconds: Double = 1_780_000_000.25)
    -> CLLocation
{
    CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 12.5,
        horizontalAccuracy: 5, verticalAccuracy: 3, course: 90, courseAccuracy: 10, speed: 1.5, speedAccuracy: 0.5,
        timestamp: Date(timeIntervalSince1970: seconds))
}

#endif
