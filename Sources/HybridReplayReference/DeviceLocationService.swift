import Foundation
import HybridReplaySeams

/// The seed's `DeviceLocationService` ("Getting device location on iOS")
/// against the location seams, with `AsyncStream`s (see ``LocationStreams``)
/// where the seed uses Combine.
///
/// - It asks for the best accuracy and becomes the manager's delegate, then
///   stays idle until the app calls ``requestLocationUpdates()``, as the
///   seed's view does on appear. The authorization the manager reports when
///   the delegate is set, and any change before the app asks, do nothing:
///   reacting to them as well would request or start a second time.
/// - ``requestLocationUpdates()`` acts on the manager's current authorization:
///   not determined → request when-in-use; authorized (when in use or always)
///   → start updating; denied or restricted → stop updating and publish on
///   ``deniedStream``.
/// - Once the app has asked, authorization changes act the same way, except
///   that "not determined" does nothing: the prompt is pending. The seed
///   treats it as denied in `locationManagerDidChangeAuthorization`.
/// - Of each batch of fixes it publishes only the last one's coordinate on
///   ``coordinatesStream``, as `{latitude, longitude}`.
/// - `locationUnknown` is transient: CoreLocation keeps trying, so the service
///   does too. Any other error is fatal: it stops updating and completes the
///   coordinate stream with the error, once.
/// - After a fatal error the service is finished, since nothing it locates
///   could be published again: it never requests authorization or starts
///   updating again, and drops fixes. Denial is still stopped and signalled,
///   because ``deniedStream`` stays open and the app may still want to tell
///   the user that location access is off.
public final class DeviceLocationService: LocationManagerDelegate, @unchecked Sendable {
    /// The stream coordinates are published on.
    public static let coordinatesStream = "coordinates"
    /// The stream that signals that location access is denied.
    public static let deniedStream = "deniedLocationAccess"
    /// `kCLLocationAccuracyBest`.
    public static let bestAccuracy = -1.0

    private let manager: any LocationManager
    private let output: any LocationServiceOutput
    // A plain lock rather than the package's `Locked`: this is example code an app copies, and
    // `Locked` is not public.
    private let lock = NSLock()
    // Whether the app has called requestLocationUpdates(); until then the service is idle.
    private var wanted = false
    // Whether a fatal error completed the coordinate stream.
    private var finished = false

    /// Configures `manager` and becomes its delegate; nothing else happens
    /// until the app calls ``requestLocationUpdates()``.
    ///
    /// - Parameters:
    ///   - manager: The location manager (CoreLocation's, or a double).
    ///   - output: Where coordinates and the denied signal go; ``LocationStreams``
    ///     turns them into async sequences.
    public init(manager: any LocationManager, output: any LocationServiceOutput) {
        self.manager = manager
        self.output = output
        manager.desiredAccuracy = Self.bestAccuracy
        manager.setDelegate(self)
    }

    /// Starts the service, as the seed's view does on appear: asks for
    /// when-in-use authorization if it is not determined yet, starts updating
    /// if it is granted, and signals denial otherwise.
    ///
    /// Calling it again acts on the authorization again. After a fatal error
    /// it only signals denial.
    public func requestLocationUpdates() {
        let isFinished = lock.withLock {
            wanted = true
            return finished
        }
        act(on: manager.authorizationStatus, finished: isFinished, asking: true)
    }

    public func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        let (isWanted, isFinished) = lock.withLock { (wanted, finished) }
        guard isWanted else { return }
        act(on: status, finished: isFinished, asking: false)
    }

    /// What `status` calls for: only the app's own call asks the user, and a
    /// finished service starts nothing.
    private func act(on status: AuthorizationStatus, finished: Bool, asking: Bool) {
        if status == .notDetermined {
            if asking, !finished { manager.requestWhenInUseAuthorization() }
        } else if status.isAuthorized {
            if !finished { manager.startUpdatingLocation() }
        } else {
            manager.stopUpdatingLocation()
            output.publish(.null, on: Self.deniedStream)
        }
    }

    public func locationManager(didUpdateLocations locations: [LocationFix]) {
        guard let last = locations.last, !isFinished else { return }
        output.publish(
            .object(["latitude": .number(last.latitude), "longitude": .number(last.longitude)]),
            on: Self.coordinatesStream)
    }

    public func locationManager(didFailWithError error: LocationErrorCode) {
        if error.isTransient { return }
        let first = lock.withLock {
            defer { finished = true }
            return !finished
        }
        guard first else { return }
        manager.stopUpdatingLocation()
        output.complete(Self.coordinatesStream, error: error)
    }

    private var isFinished: Bool { lock.withLock { finished } }
}
