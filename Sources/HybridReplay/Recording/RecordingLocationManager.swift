/// A location manager that records what app code asks of the live one, and
/// what the live one reports: the `location` channel.
///
/// Setting ``desiredAccuracy`` or ``distanceFilter`` records a
/// `location.configure` with just that field. An authorization change
/// answers the oldest authorization request not yet answered; without one
/// (the report when the delegate is set, a change in Settings) it is
/// unsolicited. Reads pass straight through: they are not events.
final class RecordingLocationManager: LocationManager {
    private let live: any LocationManager
    private let recorder: Recorder

    init(wrapping live: any LocationManager, recorder: Recorder) {
        self.live = live
        self.recorder = recorder
    }

    var authorizationStatus: AuthorizationStatus { live.authorizationStatus }

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

    func setDelegate(_ delegate: (any LocationManagerDelegate)?) {
        live.setDelegate(delegate.map { RecordingLocationDelegate(app: $0, recorder: recorder) })
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
}

/// Records what the live manager reports, then delivers it to the app's
/// delegate as the cause of what the delegate does.
struct RecordingLocationDelegate: LocationManagerDelegate {
    let app: any LocationManagerDelegate
    let recorder: Recorder

    func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
        let changeID = recorder.recordAnswer(
            LocationAuthorizationChange(status, accuracy: accuracy), toOldest: LocationAuthorizationRequest.eventKind)
        recorder.deliver(changeID) { app.locationManagerDidChangeAuthorization(status, accuracy: accuracy) }
    }

    func locationManager(didUpdateLocations locations: [LocationFix]) {
        let updateID = recorder.record(LocationUpdate(locations), cause: nil)
        recorder.deliver(updateID) { app.locationManager(didUpdateLocations: locations) }
    }

    func locationManager(didFailWithError error: LocationErrorCode) {
        let failureID = recorder.record(LocationFailure(error), cause: nil)
        recorder.deliver(failureID) { app.locationManager(didFailWithError: error) }
    }
}
