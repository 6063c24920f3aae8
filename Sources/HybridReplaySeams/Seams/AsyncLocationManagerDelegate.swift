/// A location manager delegate that handles what the manager reports with
/// `async`/`await`.
///
/// A replay runs each method in a task it owns and tracks, so it knows when
/// the delegate is done; elsewhere each report is handled in a new task.
public protocol AsyncLocationManagerDelegate: LocationManagerDelegate {
    /// The authorization changed, or the delegate was just set.
    func authorizationDidChange(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) async

    /// New fixes arrived, oldest first.
    func didUpdateLocations(_ locations: [LocationFix]) async

    /// Locating failed; ``LocationErrorCode/locationUnknown`` is transient.
    func didFail(with error: LocationErrorCode) async
}

extension AsyncLocationManagerDelegate {
    @MainActor public func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        Task { await authorizationDidChange(status, accuracy: accuracy) }
    }

    @MainActor public func locationManager(didUpdateLocations locations: [LocationFix]) {
        Task { await didUpdateLocations(locations) }
    }

    @MainActor public func locationManager(didFailWithError error: LocationErrorCode) {
        Task { await didFail(with: error) }
    }
}
