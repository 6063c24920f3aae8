/// The location manager a replay hands the implementation: it verifies
/// authorization and full-accuracy requests, one-shot location requests,
/// configuration and starting and stopping, and delivers the recorded
/// authorization changes, fixes and errors to the delegate, each answer when
/// the request it answers has happened.
final class ReplayLocationManager: LocationManager {
    let engine: ReplayEngine
    /// The configuration app code set, which it reads back: the double's own, not the engine's.
    private let configuration = Locked((desiredAccuracy: 0.0, distanceFilter: -1.0))

    init(engine: ReplayEngine) { self.engine = engine }

    var authorizationStatus: AuthorizationStatus { engine.receivers.locationStatus }

    var accuracyAuthorization: AccuracyAuthorization? { engine.receivers.locationAccuracy }

    var desiredAccuracy: Double {
        get { configuration.withLock { $0.desiredAccuracy } }
        set {
            configuration.withLock { $0.desiredAccuracy = newValue }
            engine.effect(LocationConfiguration(desiredAccuracy: newValue))
        }
    }

    var distanceFilter: Double {
        get { configuration.withLock { $0.distanceFilter } }
        set {
            configuration.withLock { $0.distanceFilter = newValue }
            engine.effect(LocationConfiguration(distanceFilter: newValue))
        }
    }

    /// Setting it registers the delegate and, when the cassette records it,
    /// verifies the setting: the authorization a new delegate hears answers
    /// it, so it is delivered only after this call, and
    /// ``authorizationStatus`` reads that authorization from now on, as
    /// CoreLocation's does. The delegate's callbacks are handed this manager.
    var delegate: (any LocationManagerDelegate)? {
        get { engine.receivers.current.locationDelegate }
        set { assign(newValue) }
    }

    private func assign(_ delegate: (any LocationManagerDelegate)?) {
        engine.register {
            $0.locationDelegate = delegate
            $0.locationManager = self
        }
        guard engine.script.recordsLocationDelegate,
            let id = engine.effect(LocationDelegateChange(isSet: delegate != nil)),
            // Set earlier than recorded: the authorization it will hear is recorded after calls
            // still to come (a request), and reads as the status once it is delivered.
            !engine.cameAheadOfStimuli(id),
            let heard = engine.script.answerForEffect[id].flatMap(engine.script.event),
            let change = heard.payload as? LocationAuthorizationChange
        else { return }
        engine.receivers.noteLocationAuthorization(change)
    }

    func requestWhenInUseAuthorization() { engine.effect(LocationAuthorizationRequest(.whenInUse)) }
    func requestAlwaysAuthorization() { engine.effect(LocationAuthorizationRequest(.always)) }
    func startUpdatingLocation() { engine.effect(LocationUpdatesStart()) }
    func stopUpdatingLocation() { engine.effect(LocationUpdatesStop()) }
    func requestLocation() { engine.effect(OneShotLocationRequest()) }

    func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        engine.effect(TemporaryFullAccuracyRequest(purposeKey: purposeKey))
    }
}
