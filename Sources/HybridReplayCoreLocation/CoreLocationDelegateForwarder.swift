#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplaySeams

/// `CLLocationManager`'s delegate on behalf of ``CoreLocationManager``:
/// converts each callback and passes it to the seam's delegate by
/// CoreLocation's names, handing over the adapter, on the main actor: at once
/// for a manager made on the main thread (the common case), through the main
/// queue for one made on another thread's run loop.
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
        /// The adapter the seam's delegate was set on, handed to its
        /// callbacks; weak, since the adapter holds this forwarder.
        weak var adapter: CoreLocationManager?
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

    /// Names the adapter the seam's delegate hears from.
    func serve(_ adapter: CoreLocationManager) { state.withLock { $0.adapter = adapter } }

    /// The seam's delegate and the adapter to hand it, or `nil` without
    /// either (once the adapter is gone, nobody reads what it reports).
    private func listener() -> (any LocationManagerDelegate, CoreLocationManager)? {
        state.withLock { state in state.delegate.flatMap { delegate in state.adapter.map { (delegate, $0) } } }
    }

    /// Sets the seam's delegate and reports `status` to it.
    func setDelegate(
        _ delegate: (any LocationManagerDelegate)?, reporting status: AuthorizationStatus,
        accuracy: AccuracyAuthorization
    ) {
        state.withLock {
            $0.delegate = delegate
            $0.lastReport = delegate == nil ? nil : Report(status: status, accuracy: accuracy)
        }
        guard let (delegate, adapter) = listener() else { return }
        performOnMainActor { delegate.locationManagerDidChangeAuthorization(adapter) }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let report = Report(
            status: AuthorizationStatus(manager.authorizationStatus),
            accuracy: AccuracyAuthorization(manager.accuracyAuthorization))
        let changed: Bool = state.withLock { state in
            guard state.lastReport != report else { return false }
            state.lastReport = report
            return true
        }
        guard changed, let (delegate, adapter) = listener() else { return }
        performOnMainActor { delegate.locationManagerDidChangeAuthorization(adapter) }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard !locations.isEmpty, let (delegate, adapter) = listener() else { return }
        let fixes = locations.map(LocationFix.init)
        performOnMainActor { delegate.locationManager(adapter, didUpdateLocations: fixes) }
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        guard let (delegate, adapter) = listener() else { return }
        let code = LocationErrorCode(error)
        performOnMainActor { delegate.locationManager(adapter, didFailWithError: code) }
    }
}
