/// The app asks for location authorization
/// (`requestWhenInUseAuthorization()` or `requestAlwaysAuthorization()`).
public struct LocationAuthorizationRequest: Sendable, Hashable {
    public var level: AuthorizationLevel

    public init(_ level: AuthorizationLevel) { self.level = level }
}

/// The app set or cleared the location manager's delegate
/// (`CLLocationManager.delegate`).
///
/// CoreLocation answers a new delegate with the current authorization (iOS
/// 14 and later, on the main thread, after the call returns): a recording
/// links that ``LocationAuthorizationChange`` to this event, and a replay
/// delivers it only after app code has set its delegate in that run.
public struct LocationDelegateChange: Sendable, Hashable {
    /// Whether the app set a delegate (`true`) or cleared it (`false`).
    public var isSet: Bool

    public init(isSet: Bool) { self.isSet = isSet }
}

/// The authorization changed (`locationManagerDidChangeAuthorization`), in
/// answer to a request, to a new delegate, or on its own.
public struct LocationAuthorizationChange: Sendable, Hashable {
    public var status: AuthorizationStatus
    public var accuracy: AccuracyAuthorization?

    public init(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization? = nil) {
        self.status = status
        self.accuracy = accuracy
    }
}

/// The app sets how accurate and how frequent updates should be.
///
/// Accuracies are in metres, with CoreLocation's constants for the special
/// values: `-2` best for navigation, `-1` best; a distance filter of `-1` is none.
public struct LocationConfiguration: Sendable, Hashable {
    public var desiredAccuracy: Double?
    public var distanceFilter: Double?

    public init(desiredAccuracy: Double? = nil, distanceFilter: Double? = nil) {
        self.desiredAccuracy = desiredAccuracy
        self.distanceFilter = distanceFilter
    }
}

/// The app starts location updates (`startUpdatingLocation()`).
public struct LocationUpdatesStart: Sendable, Hashable {
    public init() {}
}

/// The app stops location updates (`stopUpdatingLocation()`).
public struct LocationUpdatesStop: Sendable, Hashable {
    public init() {}
}

/// The app asks for one fix (`requestLocation()`); the batch or the error
/// that follows answers it.
public struct OneShotLocationRequest: Sendable, Hashable {
    public init() {}
}

/// The app asks for full accuracy for this session
/// (`requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`); the
/// authorization change to full accuracy, if the user grants it, answers it.
public struct TemporaryFullAccuracyRequest: Sendable, Hashable {
    /// The key of the reason shown to the user, in the app's Info.plist.
    public var purposeKey: String

    public init(purposeKey: String) { self.purposeKey = purposeKey }
}

/// A batch of locations, oldest first (`didUpdateLocations`).
public struct LocationUpdate: Sendable, Hashable {
    public var locations: [LocationFix]

    public init(_ locations: [LocationFix]) { self.locations = locations }
}

/// The manager failed (`didFailWithError`).
public struct LocationFailure: Sendable, Hashable {
    public var code: LocationErrorCode
    public var message: String?

    public init(_ code: LocationErrorCode, message: String? = nil) {
        self.code = code
        self.message = message
    }
}

/// A value the app's location service publishes to its subscribers, such as
/// a coordinate or a "denied" signal.
public struct LocationServiceValue: Sendable, Hashable {
    /// The stream the value goes out on, such as `coordinates`.
    public var stream: String
    public var value: JSONValue

    public init(stream: String, value: JSONValue) {
        self.stream = stream
        self.value = value
    }
}

/// A stream of the location service ends, normally or with an error.
public struct LocationServiceCompletion: Sendable, Hashable {
    public var stream: String
    /// The error that ended the stream; `nil` when it finished normally.
    public var error: LocationErrorCode?

    public init(stream: String, error: LocationErrorCode? = nil) {
        self.stream = stream
        self.error = error
    }
}
