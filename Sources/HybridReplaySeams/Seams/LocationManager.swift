/// The device's location hardware as app code sees it: the platform side of
/// the `location` channel.
///
/// It mirrors `CLLocationManager`. Reads of ``authorizationStatus`` return the
/// status last delivered to the delegate.
public protocol LocationManager: AnyObject, Sendable {
    /// The app's current authorization.
    var authorizationStatus: AuthorizationStatus { get }

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
public protocol LocationManagerDelegate: Sendable {
    /// The authorization changed, or the delegate was just set.
    @MainActor func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?)

    /// New fixes arrived, oldest first.
    @MainActor func locationManager(didUpdateLocations locations: [LocationFix])

    /// Locating failed; ``LocationErrorCode/locationUnknown`` is transient.
    @MainActor func locationManager(didFailWithError error: LocationErrorCode)
}

/// Where a location service publishes its values, such as the last fix of each
/// batch or the denied signal, so replay can verify them.
public protocol LocationServiceOutput: Sendable {
    /// Publishes `value` on `stream`.
    func publish(_ value: JSONValue, on stream: String)

    /// Ends `stream`, with an error or normally.
    func complete(_ stream: String, error: LocationErrorCode?)
}
