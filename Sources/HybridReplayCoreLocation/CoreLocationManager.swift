#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplaySeams

/// A `CLLocationManager` behind the ``LocationManager`` seam, so app code
/// written against the seam runs on a device, and a recorder can wrap it.
///
/// Settings and requests pass straight to the CoreLocation manager; what its
/// delegate hears is converted (``LocationFix/init(_:)``,
/// ``AuthorizationStatus/init(_:)``, ``LocationErrorCode/init(_:)``) and
/// passed to the seam's delegate by CoreLocation's names, with this adapter
/// as the manager: `locationManagerDidChangeAuthorization(_:)`, during which
/// ``authorizationStatus`` and ``accuracyAuthorization`` read the
/// authorization delivered, `locationManager(_:didUpdateLocations:)`, and
/// `locationManager(_:didFailWithError:)` with a ``LocationErrorCode``.
///
/// **Threads.** `CLLocationManager` is not thread-safe and calls its delegate
/// on the run loop of the thread that created it. Create this adapter, and
/// call it, on the main thread, as you would the manager itself. Delegate
/// callbacks are forwarded synchronously, on the thread CoreLocation calls
/// them on — there is no hop: the seam's delegate methods are synchronous and
/// not isolated to an actor, so a delegate that needs the main actor is
/// already on the main thread when the adapter was made there, and one that
/// needs another isolation hops itself.
///
/// **The first report.** Setting a delegate on the seam reports the current
/// authorization to it at once, as the seam promises. CoreLocation also
/// reports the authorization when its own delegate is set; the adapter
/// forwards an authorization report only when it differs from the last one
/// it delivered, so the seam's delegate hears that first report once.
public final class CoreLocationManager: LocationManager, @unchecked Sendable {
    // @unchecked: `manager` is used on the thread that created it, as
    // CoreLocation requires (see above); the forwarding state is locked.
    private let manager: CLLocationManager
    private let forwarder: CoreLocationDelegateForwarder

    /// Wraps `manager` and becomes its delegate.
    ///
    /// The adapter keeps itself as `manager`'s delegate: don't set
    /// `manager.delegate` elsewhere.
    ///
    /// - Parameter manager: The CoreLocation manager to drive, created on the main thread.
    public init(_ manager: CLLocationManager) {
        self.manager = manager
        forwarder = CoreLocationDelegateForwarder()
        forwarder.serve(self)
        manager.delegate = forwarder
    }

    /// The authorization last delivered to the seam's delegate, as the seam
    /// promises; without a delegate, the one CoreLocation reports now.
    public var authorizationStatus: AuthorizationStatus {
        forwarder.lastDelivered?.status ?? AuthorizationStatus(manager.authorizationStatus)
    }

    /// The accuracy authorization last delivered to the seam's delegate;
    /// without a delegate, the one CoreLocation reports now. Never `nil`
    /// (CoreLocation always reports one); optional as the seam's is.
    public var accuracyAuthorization: AccuracyAuthorization? {
        forwarder.lastDelivered?.accuracy ?? AccuracyAuthorization(manager.accuracyAuthorization)
    }

    public var desiredAccuracy: Double {
        get { manager.desiredAccuracy }
        set { manager.desiredAccuracy = newValue }
    }

    public var distanceFilter: Double {
        get { manager.distanceFilter }
        set { manager.distanceFilter = newValue }
    }

    /// The seam's delegate; setting one reports the current authorization to it.
    public var delegate: (any LocationManagerDelegate)? {
        get { forwarder.delegate }
        set {
            forwarder.setDelegate(
                newValue, reporting: AuthorizationStatus(manager.authorizationStatus),
                accuracy: AccuracyAuthorization(manager.accuracyAuthorization))
        }
    }

    public func requestWhenInUseAuthorization() { manager.requestWhenInUseAuthorization() }

    public func requestAlwaysAuthorization() { manager.requestAlwaysAuthorization() }

    public func startUpdatingLocation() { manager.startUpdatingLocation() }

    public func stopUpdatingLocation() { manager.stopUpdatingLocation() }

    /// Asks CoreLocation for one fix; the delegate hears one batch or one error.
    public func requestLocation() { manager.requestLocation() }

    /// Asks CoreLocation for full accuracy for this session.
    ///
    /// A grant reaches the delegate as an authorization change with full
    /// accuracy, through CoreLocation's own callback. The seam has no way to
    /// report that the prompt could not be shown (CoreLocation's completion
    /// error, for a purpose key missing from `Info.plist`, say), so the
    /// adapter asks without a completion handler, and nothing is reported.
    public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey, completion: nil)
    }
}
