/// A location manager that records what app code asks of the live one, and
/// what the live one reports: the `location` channel.
///
/// Setting ``desiredAccuracy`` or ``distanceFilter`` records a
/// `location.configure` with just that field; setting the delegate records
/// a `location.delegate`, which the first authorization the new delegate
/// hears answers. Any other authorization change answers the oldest
/// authorization request not yet answered (or, when it grants full
/// accuracy, a temporary full-accuracy request); without one (a change in
/// Settings) it is unsolicited. A
/// batch of fixes or an error answers the oldest `requestLocation()` not yet
/// answered, if any. Reads pass straight through: they are not events.
///
/// The app's delegate hears CoreLocation's names with this manager, the one
/// it was set on, so what it reads or asks of `manager` inside a callback is
/// read or recorded here.
final class RecordingLocationManager: LocationManager {
    private let live: any LocationManager
    private let recorder: Recorder
    /// The delegate app code set, which it reads back (the live manager holds its wrapper).
    private let appDelegate = Locked<(any LocationManagerDelegate)?>(nil)

    init(wrapping live: any LocationManager, recorder: Recorder) {
        self.live = live
        self.recorder = recorder
    }

    var authorizationStatus: AuthorizationStatus { live.authorizationStatus }

    var accuracyAuthorization: AccuracyAuthorization? { live.accuracyAuthorization }

    var desiredAccuracy: Double {
        get { live.desiredAccuracy }
        set {
            recorder.recordEffect(LocationConfiguration(desiredAccuracy: newValue))
            live.desiredAccuracy = newValue
        }
    }

    var distanceFilter: Double {
        get { live.distanceFilter }
        set {
            recorder.recordEffect(LocationConfiguration(distanceFilter: newValue))
            live.distanceFilter = newValue
        }
    }

    /// Setting it records a `location.delegate`; the first authorization
    /// the new delegate hears answers it, since CoreLocation reports the
    /// current authorization to every new delegate.
    var delegate: (any LocationManagerDelegate)? {
        get { appDelegate.current }
        set {
            appDelegate.withLock { $0 = newValue }
            let id = recorder.recordEffect(LocationDelegateChange(isSet: newValue != nil))
            live.delegate = newValue.map {
                RecordingLocationDelegate(app: $0, manager: self, recorder: recorder, assignment: Locked<Int?>(id))
            }
        }
    }

    func requestWhenInUseAuthorization() {
        recorder.recordEffect(LocationAuthorizationRequest(.whenInUse), awaitsLateAnswer: true)
        live.requestWhenInUseAuthorization()
    }

    func requestAlwaysAuthorization() {
        recorder.recordEffect(LocationAuthorizationRequest(.always), awaitsLateAnswer: true)
        live.requestAlwaysAuthorization()
    }

    func startUpdatingLocation() {
        recorder.recordEffect(LocationUpdatesStart())
        live.startUpdatingLocation()
    }

    func stopUpdatingLocation() {
        recorder.recordEffect(LocationUpdatesStop())
        live.stopUpdatingLocation()
    }

    func requestLocation() {
        recorder.recordEffect(OneShotLocationRequest(), awaitsLateAnswer: true)
        live.requestLocation()
    }

    func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        recorder.recordEffect(TemporaryFullAccuracyRequest(purposeKey: purposeKey), awaitsLateAnswer: true)
        live.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey)
    }
}

/// Records what the live manager reports, then delivers it to the app's
/// delegate as the cause of what the delegate does, by CoreLocation's names,
/// handing over the recording manager the app set it on.
struct RecordingLocationDelegate: LocationManagerDelegate {
    let app: any LocationManagerDelegate
    /// The manager the app set its delegate on; weak, since it holds the live
    /// manager, which holds this delegate.
    weak var manager: RecordingLocationManager?
    let recorder: Recorder
    /// The `location.delegate` that set this delegate, until the
    /// authorization it answers has been heard.
    let assignment: Locked<Int?>

    init(app: any LocationManagerDelegate, manager: RecordingLocationManager, recorder: Recorder, assignment: Locked<Int?>) {
        self.app = app
        self.manager = manager
        self.recorder = recorder
        self.assignment = assignment
    }

    /// The manager handed to the app's delegate: the one it was set on, or
    /// the live one should the app have let go of that.
    private func handedOver(_ live: any LocationManager) -> any LocationManager { manager ?? live }

    /// Records the authorization `live` reports now, which the app's delegate
    /// reads through the recording manager during its callback.
    func locationManagerDidChangeAuthorization(_ live: any LocationManager) {
        let change = LocationAuthorizationChange(live.authorizationStatus, accuracy: live.accuracyAuthorization)
        let manager = handedOver(live)
        if let assignmentID = assignment.withLock({ id in defer { id = nil }; return id }) {
            let changeID = recorder.record(change, cause: nil, answers: assignmentID)
            recorder.deliver(changeID) { app.locationManagerDidChangeAuthorization(manager) }
            return
        }
        var requests: Set<EventKind> = [LocationAuthorizationRequest.eventKind]
        // Only a change to full accuracy grants a temporary full-accuracy request.
        if change.accuracy == .full { requests.insert(TemporaryFullAccuracyRequest.eventKind) }
        let changeID = recorder.recordAnswer(change, toOldestOf: requests)
        recorder.deliver(changeID) { app.locationManagerDidChangeAuthorization(manager) }
    }

    func locationManager(_ live: any LocationManager, didUpdateLocations locations: [LocationFix]) {
        let manager = handedOver(live)
        let updateID = recorder.recordAnswer(LocationUpdate(locations), toOldest: OneShotLocationRequest.eventKind)
        recorder.deliver(updateID) { app.locationManager(manager, didUpdateLocations: locations) }
    }

    func locationManager(_ live: any LocationManager, didFailWithError error: any Error) {
        let manager = handedOver(live)
        let code = LocationErrorCode(reported: error)
        let failureID = recorder.recordAnswer(LocationFailure(code), toOldest: OneShotLocationRequest.eventKind)
        recorder.deliver(failureID) { app.locationManager(manager, didFailWithError: code) }
    }
}
