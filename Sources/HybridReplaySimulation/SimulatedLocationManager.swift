import HybridReplay
import Dispatch

/// A location manager without hardware: a test or a cassette generator plays
/// the user and the GPS, answering authorization prompts, changing settings
/// and delivering fixes, while the app's location service talks to it as it
/// would to `CLLocationManager`.
///
/// It is scripted, not simulated physics: ``deliver(_:)`` and
/// ``fail(with:)`` reach the delegate whether or not updates were started,
/// so a test can also drive what a buggy service would never ask for.
///
/// What the platform sends because app code called it comes as CoreLocation
/// sends it: after the call returns, on the main queue. A new delegate hears
/// the current authorization that way, and so does the answer to an
/// authorization prompt. Await ``settle()`` to let those arrive before a
/// test reads what the app did with them. What a test plays itself
/// (``changeAuthorization(to:accuracy:)``, ``deliver(_:)``,
/// ``fail(with:)``) reaches the delegate before the call returns.
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
        /// Deliveries queued on the main queue and not yet made.
        var queued = 0
        /// Whether the authorization prompt is showing, waiting for the user.
        var prompting = false
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

    /// The accuracy authorization the manager reports: the one last delivered.
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
        if let delegate { runOnMainActor { delegate.locationManagerDidChangeAuthorization(self) } }
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
        runOnMainActor { delegate.locationManager(self, didUpdateLocations: locations) }
    }

    /// Reports a failure to the delegate, whether or not the app started updates.
    ///
    /// - Parameter error: The error; ``LocationErrorCode/locationUnknown`` is transient.
    public func fail(with error: LocationErrorCode) {
        guard let delegate = state.withLock({ $0.delegate }) else { return }
        runOnMainActor { delegate.locationManager(self, didFailWithError: error) }
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

    /// The delegate; setting one tells it the current authorization after
    /// the assignment returns, on the main queue, as `CLLocationManager`
    /// does (iOS 14 and later): the authorization the manager has then,
    /// which ``authorizationStatus`` reads during the callback.
    ///
    /// So a delegate set inside a `lazy var`'s initializer, or in `init`
    /// before the rest of the object is ready, hears it once that code has
    /// finished. Await ``settle()`` before reading the delegate's reaction.
    public var delegate: (any LocationManagerDelegate)? {
        get { state.withLock { $0.delegate } }
        set {
            state.withLock { $0.delegate = newValue }
            if let newValue { answerLater { _ in newValue } }
        }
    }

    /// Waits until the delegate has heard everything the manager queued for
    /// it: the authorization a new delegate hears and the answers to
    /// prompts, including any queued while those were delivered.
    ///
    /// It waits for the main queue to reach them, not for time to pass.
    public func settle() async {
        while state.withLock({ $0.queued }) > 0 {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.main.async { done.resume() }
            }
        }
    }

    /// Tells a delegate about the authorization on the main queue, after the
    /// app's call has returned: `answer` changes the state as the user's
    /// choice does then, and names the delegate to tell (or `nil` for
    /// nobody), which hears `locationManagerDidChangeAuthorization(_:)` with
    /// this manager, whose ``authorizationStatus`` and
    /// ``accuracyAuthorization`` then read what `answer` left.
    private func answerLater(_ answer: @escaping @Sendable (inout State) -> (any LocationManagerDelegate)?) {
        state.withLock { $0.queued += 1 }
        DispatchQueue.main.async { [self] in
            if let delegate = state.withLock({ answer(&$0) }) {
                MainActor.assumeIsolated { delegate.locationManagerDidChangeAuthorization(self) }
            }
            state.withLock { $0.queued -= 1 }
        }
    }

    public func requestWhenInUseAuthorization() { request(.whenInUse) }

    public func requestAlwaysAuthorization() { request(.always) }

    /// Records the request, then shows the prompt the user sees only while
    /// the status is `notDetermined` and no prompt is showing. The user's
    /// answer comes after the call returns, on the main queue: until then
    /// ``authorizationStatus`` is still `notDetermined`, as on a device.
    private func request(_ level: AuthorizationLevel) {
        let prompts: Bool = state.withLock { state in
            state.requests.append(level)
            guard state.status == .notDetermined, !state.prompting, state.response != nil else { return false }
            state.prompting = true
            return true
        }
        guard prompts else { return }
        answerLater { state in
            state.prompting = false
            if let response = state.response, state.status == .notDetermined { state.status = response }
            return state.delegate
        }
    }

    public func startUpdatingLocation() { state.withLock { $0.isUpdating = true } }

    public func stopUpdatingLocation() { state.withLock { $0.isUpdating = false } }

    /// Counts the request; the test answers it with ``deliver(_:)`` or ``fail(with:)``.
    public func requestLocation() { state.withLock { $0.locationRequests += 1 } }

    /// Records the request and, while accuracy is reduced and the user grants
    /// full accuracy, switches to it and tells the delegate after the call
    /// returns, as CoreLocation does; with full accuracy already, or when the
    /// user declines, nothing changes.
    public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        let prompts: Bool = state.withLock { state in
            state.fullAccuracyRequests.append(purposeKey)
            return state.accuracy == .reduced && state.fullAccuracyResponse == .full
        }
        guard prompts else { return }
        answerLater { state in
            guard state.accuracy == .reduced else { return nil }
            state.accuracy = .full
            return state.delegate
        }
    }
}
