#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplaySeams

/// `CLLocationManager`'s delegate on behalf of ``CoreLocationManager``:
/// converts each callback and passes it to the seam's delegate on the main
/// actor: at once for a manager made on the main thread (the common case),
/// through the main queue for one made on another thread's run loop.
///
/// A separate object so the adapter's public API doesn't carry the
/// CoreLocation delegate methods. CoreLocation holds its delegate weakly; the
/// adapter holds this strongly.
final class CoreLocationDelegateForwarder: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    // @unchecked: all state is in `state`, behind its lock.
    private struct State {
        var delegate: (any LocationManagerDelegate)?
        /// The authorization last delivered, to drop CoreLocation's repeat of it.
        var lastReport: Report?
    }

    struct Report: Equatable {
        var status: AuthorizationStatus
        var accuracy: AccuracyAuthorization
    }

    private let state = Locked(State())

    /// The seam's delegate.
    var delegate: (any LocationManagerDelegate)? { state.withLock { $0.delegate } }

    /// The authorization last delivered to the seam's delegate; `nil` without one.
    var lastDelivered: Report? { state.withLock { $0.lastReport } }

    /// Sets the seam's delegate and reports `status` to it.
    func setDelegate(
        _ delegate: (any LocationManagerDelegate)?, reporting status: AuthorizationStatus,
        accuracy: AccuracyAuthorization
    ) {
        state.withLock {
            $0.delegate = delegate
            $0.lastReport = delegate == nil ? nil : Report(status: status, accuracy: accuracy)
        }
        guard let delegate else { return }
        performOnMainActor { delegate.locationManagerDidChangeAuthorization(status, accuracy: accuracy) }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let report = Report(
            status: AuthorizationStatus(manager.authorizationStatus),
            accuracy: AccuracyAuthorization(manager.accuracyAuthorization))
        let delegate: (any LocationManagerDelegate)? = state.withLock { state in
            guard state.lastReport != report else { return nil }
            state.lastReport = report
            return state.delegate
        }
        guard let delegate else { return }
        performOnMainActor { delegate.locationManagerDidChangeAuthorization(report.status, accuracy: report.accuracy) }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard !locations.isEmpty, let delegate = state.withLock({ $0.delegate }) else { return }
        let fixes = locations.map(LocationFix.init)
        performOnMainActor { delegate.locationManager(didUpdateLocations: fixes) }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        guard let delegate = state.withLock({ $0.delegate }) else { return }
        let code = LocationErrorCode(error)
        performOnMainActor { delegate.locationManager(didFailWithError: code) }
    }
}
