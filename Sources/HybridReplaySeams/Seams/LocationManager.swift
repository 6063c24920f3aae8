import Foundation

/// The device's location hardware as app code sees it: the platform side of
/// the `location` channel.
///
/// It mirrors `CLLocationManager`. Reads of ``authorizationStatus`` and
/// ``accuracyAuthorization`` return the authorization last delivered to the
/// delegate, so a delegate written as for CoreLocation reads, inside
/// `locationManagerDidChangeAuthorization(_:)`, the authorization it is told
/// about. Reading them is never recorded: reading state is not an effect.
public protocol LocationManager: AnyObject, Sendable {
    /// The app's current authorization, as `CLLocationManager.authorizationStatus`.
    var authorizationStatus: AuthorizationStatus { get }

    /// How precise the fixes the app receives are, as
    /// `CLLocationManager.accuracyAuthorization`; `nil` when the authorization
    /// delivered did not say (a cassette recorded without it).
    var accuracyAuthorization: AccuracyAuthorization? { get }

    /// The accuracy, in metres, the app asks for.
    var desiredAccuracy: Double { get set }

    /// The distance, in metres, the device moves before a new fix is delivered.
    var distanceFilter: Double { get set }

    /// The object that receives authorization changes, fixes and errors, as
    /// `CLLocationManager.delegate`.
    ///
    /// A new delegate hears the current authorization on the main actor after
    /// the assignment returns, as CoreLocation tells every new delegate (iOS
    /// 14 and later). Unlike `CLLocationManager`'s, the reference is strong:
    /// the seam holds what app code hands it until it is replaced.
    var delegate: (any LocationManagerDelegate)? { get set }

    /// Asks the user for permission while the app is in use.
    func requestWhenInUseAuthorization()

    /// Asks the user for permission at all times.
    func requestAlwaysAuthorization()

    /// Starts delivering fixes to the delegate.
    func startUpdatingLocation()

    /// Stops delivering fixes.
    func stopUpdatingLocation()

    /// Asks for one fix: the delegate gets exactly one batch of fixes or one
    /// error, as after `CLLocationManager.requestLocation()`.
    func requestLocation()

    /// Asks the user for full accuracy for this session while the app has
    /// reduced accuracy, as `CLLocationManager` does; when it is granted the
    /// delegate hears an authorization change with full accuracy.
    ///
    /// - Parameter purposeKey: The key, in the app's
    ///   `NSLocationTemporaryUsageDescriptionDictionary`, of the reason shown to the user.
    func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String)
}

extension LocationManager {
    /// Sets ``delegate``: `manager.setDelegate(self)` is
    /// `manager.delegate = self`.
    ///
    /// - Parameter delegate: The new delegate, or `nil` to clear it.
    public func setDelegate(_ delegate: (any LocationManagerDelegate)?) {
        self.delegate = delegate
    }
}

/// Receives what a ``LocationManager`` reports: the counterpart of
/// `CLLocationManagerDelegate`.
///
/// Every location manager (simulated, replayed, recorded, the CoreLocation
/// adapter) calls CoreLocation's names, handing over the manager the
/// delegate was set on, on the main actor. By default each calls the seam's
/// shorter name below it, so a delegate may implement either spelling:
/// CoreLocation's, as ported from a `CLLocationManagerDelegate` (with the
/// seam's types), or the short one. Implement one spelling of each callback,
/// not both: the manager calls CoreLocation's, which then no longer calls the
/// short one.
///
/// As in CoreLocation, where all of them are optional, every method has a
/// default: a delegate that implements neither spelling of a callback is not
/// told about it (the short name's default does nothing). A method whose
/// spelling is near but not exact, such as one taking a `CLLocationManager`,
/// is a method of its own, never called.
public protocol LocationManagerDelegate: Sendable {
    // CoreLocation's names.

    /// `locationManagerDidChangeAuthorization(_:)`: the authorization changed,
    /// or the delegate was just set; read it from `manager.authorizationStatus`
    /// and `manager.accuracyAuthorization`. By default
    /// ``locationManagerDidChangeAuthorization(_:accuracy:)`` with those two.
    @MainActor func locationManagerDidChangeAuthorization(_ manager: any LocationManager)

    /// `locationManager(_:didUpdateLocations:)`: new fixes arrived, oldest
    /// first. By default ``locationManager(didUpdateLocations:)``.
    @MainActor func locationManager(_ manager: any LocationManager, didUpdateLocations locations: [LocationFix])

    /// `locationManager(_:didFailWithError:)`: locating failed. The error is a
    /// ``LocationErrorCode`` (cast it with `as? LocationErrorCode` where
    /// CoreLocation code casts `as? CLError`); ``LocationErrorCode/locationUnknown``
    /// is transient. By default ``locationManager(didFailWithError:)``.
    @MainActor func locationManager(_ manager: any LocationManager, didFailWithError error: any Error)

    // The seam's shorter names, called by the defaults above.

    /// The authorization changed, or the delegate was just set. By default nothing.
    @MainActor func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?)

    /// New fixes arrived, oldest first. By default nothing.
    @MainActor func locationManager(didUpdateLocations locations: [LocationFix])

    /// Locating failed; ``LocationErrorCode/locationUnknown`` is transient. By default nothing.
    @MainActor func locationManager(didFailWithError error: LocationErrorCode)
}

/// CoreLocation's names, each calling the seam's shorter name by default; the
/// shorter names do nothing by default, as CoreLocation does not call an
/// optional method a delegate lacks.
extension LocationManagerDelegate {
    @MainActor public func locationManagerDidChangeAuthorization(_ manager: any LocationManager) {
        locationManagerDidChangeAuthorization(manager.authorizationStatus, accuracy: manager.accuracyAuthorization)
    }

    @MainActor public func locationManager(_ manager: any LocationManager, didUpdateLocations locations: [LocationFix]) {
        locationManager(didUpdateLocations: locations)
    }

    @MainActor public func locationManager(_ manager: any LocationManager, didFailWithError error: any Error) {
        locationManager(didFailWithError: LocationErrorCode(reported: error))
    }

    @MainActor public func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {}

    @MainActor public func locationManager(didUpdateLocations locations: [LocationFix]) {}

    @MainActor public func locationManager(didFailWithError error: LocationErrorCode) {}
}

extension LocationErrorCode {
    /// The code of an error a manager reported: the error itself, which every
    /// manager of this package hands over; for another error, its domain and
    /// code, as `kCLErrorDomain 42` (see `LocationErrorCode.init(_:)` in the
    /// CoreLocation adapter, which also names CoreLocation's codes).
    package init(reported error: any Error) {
        if let code = error as? LocationErrorCode {
            self = code
        } else {
            let nsError = error as NSError
            self = LocationErrorCode(rawValue: "\(nsError.domain) \(nsError.code)")
        }
    }
}

/// Where a location service publishes its values, such as the last fix of each
/// batch or the denied signal, so replay can verify them.
public protocol LocationServiceOutput: Sendable {
    /// Publishes `value` on `stream`.
    func publish(_ value: JSONValue, on stream: String)

    /// Ends `stream`, with an error or normally.
    func complete(_ stream: String, error: LocationErrorCode?)
}
