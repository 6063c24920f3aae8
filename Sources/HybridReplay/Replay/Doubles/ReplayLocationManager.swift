/// The location manager a replay hands the implementation: it verifies
/// authorization requests, configuration and starting and stopping, and
/// delivers the recorded authorization changes, fixes and errors.
final class ReplayLocationManager: LocationManager {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    var authorizationStatus: AuthorizationStatus { engine.state.withLock { $0.locationStatus } }

    var desiredAccuracy: Double {
        get { engine.state.withLock { $0.desiredAccuracy } }
        set {
            engine.state.withLock { $0.desiredAccuracy = newValue }
            engine.effect(LocationConfiguration(desiredAccuracy: newValue))
        }
    }

    var distanceFilter: Double {
        get { engine.state.withLock { $0.distanceFilter } }
        set {
            engine.state.withLock { $0.distanceFilter = newValue }
            engine.effect(LocationConfiguration(distanceFilter: newValue))
        }
    }

    func setDelegate(_ delegate: (any LocationManagerDelegate)?) {
        engine.register { $0.locationDelegate = delegate }
    }

    func requestWhenInUseAuthorization() { engine.effect(LocationAuthorizationRequest(.whenInUse)) }
    func requestAlwaysAuthorization() { engine.effect(LocationAuthorizationRequest(.always)) }
    func startUpdatingLocation() { engine.effect(LocationUpdatesStart()) }
    func stopUpdatingLocation() { engine.effect(LocationUpdatesStop()) }
}

/// Verifies what a location service publishes.
final class ReplayLocationOutput: LocationServiceOutput {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func publish(_ value: JSONValue, on stream: String) { engine.effect(LocationServiceValue(stream: stream, value: value)) }

    func complete(_ stream: String, error: LocationErrorCode?) {
        engine.effect(LocationServiceCompletion(stream: stream, error: error))
    }
}

/// Verifies the native routes a router shows.
final class ReplayRoutePresenter: RoutePresenter {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func show(_ route: NativeRoute) { engine.effect(route) }
}

/// Verifies a custom seam's effects and delivers its stimuli.
final class ReplayCustomSeam: CustomSeam {
    let engine: ReplayEngine

    init(engine: ReplayEngine) { self.engine = engine }

    func send(_ event: CustomEvent) {
        var effect = event
        effect.direction = .effect
        engine.effect(effect)
    }

    func setHandler(_ handler: (any CustomEventHandler)?) {
        engine.register { $0.customHandler = handler }
    }
}

extension Platform {
    /// The doubles of one replay run.
    init(replaying engine: ReplayEngine) {
        self.init(
            webView: ReplayWebView(engine: engine), routes: ReplayRoutePresenter(engine: engine),
            transport: ReplayHTTPTransport(engine: engine), cookieStore: ReplayCookieStore(engine: engine),
            locationManager: ReplayLocationManager(engine: engine), locationOutput: ReplayLocationOutput(engine: engine),
            custom: ReplayCustomSeam(engine: engine), clock: ReplayClock(engine: engine))
    }
}
