import HybridReplay

/// A location manager without hardware: a test or a cassette generator plays
/// the user and the GPS, answering authorization prompts, changing settings
/// and delivering fixes, while the app's location service talks to it as it
/// would to `CLLocationManager`.
///
/// It is scripted, not simulated physics: ``deliver(_:)`` and
/// ``fail(with:)`` reach the delegate whether or not updates were started,
/// so a test can also drive what a buggy service would never ask for.
/// Delegate calls happen synchronously on the caller's task.
public final class SimulatedLocationManager: LocationManager {
    private struct State: Sendable {
        var status: AuthorizationStatus
        var accuracy: AccuracyAuthorization?
        var response: AuthorizationStatus?
        var fullAccuracyResponse: AccuracyAuthorization?
        var locationRequests = 0
        var fullAccuracyRequests: [String] = []
        var delegate: (any LocationManagerDelegate)?
        // CoreLocation's defaults: kCLLocationAccuracyBest and kCLDistanceFilterNone.
        var desiredAccuracy: Double = -1
        var distanceFilter: Double = -1
        var isUpdating = false
        var requests: [AuthorizationLevel] = []
    }

    private let state: Locked<State>

    /// Creates a manager with the authorization the app starts with.
    ///
    /// - Parameters:
    ///   - status: The authorization before the app asks.
    ///   - accuracy: The accuracy authorization reported with every status.
    ///   - respondsToRequestsWith: What the user picks when the app asks while
    ///     `status` is `notDetermined`; `nil` leaves the prompt unanswered.
    ///   - respondsToFullAccuracyRequestsWith: What the user picks when the
    ///     app asks for temporary full accuracy while it has reduced accuracy;
    ///     `nil` leaves the prompt unanswered.
    public init(
        status: AuthorizationStatus = .notDetermined, accuracy: AccuracyAuthorization? = .full,
        respondsToRequestsWith: AuthorizationStatus? = .authorizedWhenInUse,
        respondsToFullAccuracyRequestsWith: AccuracyAuthorization? = .full
    ) {
        state = Locked(
            State(
                status: status, accuracy: accuracy, response: respondsToRequestsWith,
                fullAccuracyResponse: respondsToFullAccuracyRequestsWith))
    }

    // MARK: What the app did

    /// Whether the app has started updates and not stopped them since.
    public var isUpdating: Bool { state.withLock { $0.isUpdating } }

    /// The authorization levels the app asked for, in order, answered or not.
    public var requests: [AuthorizationLevel] { state.withLock { $0.requests } }

    /// How many times the app called `requestLocation()`; answer each with ``deliver(_:)`` or ``fail(with:)``.
    public var locationRequests: Int { state.withLock { $0.locationRequests } }

    /// The purpose keys of the app's temporary full-accuracy requests, in order.
    public var fullAccuracyRequests: [String] { state.withLock { $0.fullAccuracyRequests } }

    /// The accuracy authorization the manager reports.
    public var accuracyAuthorization: AccuracyAuthorization? { state.withLock { $0.accuracy } }

    // MARK: Playing the user and the device

    /// Changes the authorization, as the user does in Settings, and tells the delegate.
    ///
    /// The delegate hears about it even when nothing changed, so a test can
    /// replay a redundant callback.
    ///
    /// - Parameters:
    ///   - status: The new authorization.
    ///   - accuracy: The new accuracy authorization.
    public func changeAuthorization(to status: AuthorizationStatus, accuracy: AccuracyAuthorization? = .full) {
        let delegate = state.withLock { state in
            state.status = status
            state.accuracy = accuracy
            return state.delegate
        }
        if let delegate { runOnMainActor { delegate.locationManagerDidChangeAuthorization(status, accuracy: accuracy) } }
    }

    /// Delivers a batch of fixes, oldest first, to the delegate.
    ///
    /// The batch is delivered whether or not the app started updates; an empty
    /// batch is dropped, as CoreLocation never delivers one. Without a delegate
    /// the fixes are lost, as they would be on a device.
    ///
    /// - Parameter locations: The fixes, oldest first.
    public func deliver(_ locations: [LocationFix]) {
        guard !locations.isEmpty, let delegate = state.withLock({ $0.delegate }) else { return }
        runOnMainActor { delegate.locationManager(didUpdateLocations: locations) }
    }

    /// Reports a failure to the delegate, whether or not the app started updates.
    ///
    /// - Parameter error: The error; ``LocationErrorCode/locationUnknown`` is transient.
    public func fail(with error: LocationErrorCode) {
        guard let delegate = state.withLock({ $0.delegate }) else { return }
        runOnMainActor { delegate.locationManager(didFailWithError: error) }
    }

    // MARK: LocationManager

    public var authorizationStatus: AuthorizationStatus { state.withLock { $0.status } }

    public var desiredAccuracy: Double {
        get { state.withLock { $0.desiredAccuracy } }
        set { state.withLock { $0.desiredAccuracy = newValue } }
    }

    public var distanceFilter: Double {
        get { state.withLock { $0.distanceFilter } }
        set { state.withLock { $0.distanceFilter = newValue } }
    }

    /// The delegate; setting one tells it the current authorization right
    /// away, as `CLLocationManager` does.
    public var delegate: (any LocationManagerDelegate)? {
        get { state.withLock { $0.delegate } }
        set {
            let (status, accuracy) = state.withLock { state in
                state.delegate = newValue
                return (state.status, state.accuracy)
            }
            if let newValue { runOnMainActor { newValue.locationManagerDidChangeAuthorization(status, accuracy: accuracy) } }
        }
    }

    public func requestWhenInUseAuthorization() { request(.whenInUse) }

    public func requestAlwaysAuthorization() { request(.always) }

    /// Records the request, then answers the prompt the user sees only while
    /// the status is `notDetermined`.
    private func request(_ level: AuthorizationLevel) {
        let answer: (AuthorizationStatus, AccuracyAuthorization?, (any LocationManagerDelegate)?)? =
            state.withLock { state in
                state.requests.append(level)
                guard state.status == .notDetermined, let response = state.response else { return nil }
                state.status = response
                return (response, state.accuracy, state.delegate)
            }
        guard let (status, accuracy, delegate) = answer else { return }
        if let delegate { runOnMainActor { delegate.locationManagerDidChangeAuthorization(status, accuracy: accuracy) } }
    }

    public func startUpdatingLocation() { state.withLock { $0.isUpdating = true } }

    public func stopUpdatingLocation() { state.withLock { $0.isUpdating = false } }

    /// Counts the request; the test answers it with ``deliver(_:)`` or ``fail(with:)``.
    public func requestLocation() { state.withLock { $0.locationRequests += 1 } }

    /// Records the request and, while accuracy is reduced and the user grants
    /// full accuracy, switches to it and tells the delegate, as CoreLocation
    /// does; with full accuracy already, or when the user declines, nothing changes.
    public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        let granted: (AuthorizationStatus, (any LocationManagerDelegate)?)? = state.withLock { state in
            state.fullAccuracyRequests.append(purposeKey)
            guard state.accuracy == .reduced, state.fullAccuracyResponse == .full else { return nil }
            state.accuracy = .full
            return (state.status, state.delegate)
        }
        guard let (status, delegate) = granted else { return }
        if let delegate { runOnMainActor { delegate.locationManagerDidChangeAuthorization(status, accuracy: .full) } }
    }
}
