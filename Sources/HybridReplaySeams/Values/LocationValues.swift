/// Whether the app may use location, as `CLAuthorizationStatus` names it.
public struct AuthorizationStatus: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let notDetermined = AuthorizationStatus(rawValue: "notDetermined")
    public static let restricted = AuthorizationStatus(rawValue: "restricted")
    public static let denied = AuthorizationStatus(rawValue: "denied")
    public static let authorizedAlways = AuthorizationStatus(rawValue: "authorizedAlways")
    public static let authorizedWhenInUse = AuthorizationStatus(rawValue: "authorizedWhenInUse")
    public static let known: [AuthorizationStatus] = [
        .notDetermined, .restricted, .denied, .authorizedAlways, .authorizedWhenInUse,
    ]
    public static let valueName = "authorization status"

    /// Whether location updates may start.
    public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}

/// How precise the locations the app receives are (`CLAccuracyAuthorization`).
public struct AccuracyAuthorization: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let full = AccuracyAuthorization(rawValue: "full")
    public static let reduced = AccuracyAuthorization(rawValue: "reduced")
    public static let known: [AccuracyAuthorization] = [.full, .reduced]
    public static let valueName = "accuracy authorization"
}

/// The authorization the app asks for.
public struct AuthorizationLevel: KnownValue {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let whenInUse = AuthorizationLevel(rawValue: "whenInUse")
    public static let always = AuthorizationLevel(rawValue: "always")
    public static let known: [AuthorizationLevel] = [.whenInUse, .always]
    public static let valueName = "authorization level"
}

/// Why the location manager failed, as `CLError.Code` names it.
///
/// An `Error`, as `CLError` is: it is what every location manager hands to
/// `locationManager(_:didFailWithError:)`, so a delegate ported from
/// CoreLocation keeps its `any Error` parameter and casts with
/// `as? LocationErrorCode` where it cast `as? CLError`.
public struct LocationErrorCode: KnownValue, Error {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The location is unknown for now; the manager keeps trying (transient).
    public static let locationUnknown = LocationErrorCode(rawValue: "locationUnknown")
    /// The user denied access to location services.
    public static let denied = LocationErrorCode(rawValue: "denied")
    public static let network = LocationErrorCode(rawValue: "network")
    public static let headingFailure = LocationErrorCode(rawValue: "headingFailure")
    public static let regionMonitoringDenied = LocationErrorCode(rawValue: "regionMonitoringDenied")
    public static let regionMonitoringFailure = LocationErrorCode(rawValue: "regionMonitoringFailure")
    public static let regionMonitoringSetupDelayed = LocationErrorCode(rawValue: "regionMonitoringSetupDelayed")
    public static let regionMonitoringResponseDelayed = LocationErrorCode(rawValue: "regionMonitoringResponseDelayed")
    public static let geocodeFoundNoResult = LocationErrorCode(rawValue: "geocodeFoundNoResult")
    public static let geocodeFoundPartialResult = LocationErrorCode(rawValue: "geocodeFoundPartialResult")
    public static let geocodeCanceled = LocationErrorCode(rawValue: "geocodeCanceled")
    public static let deferredFailed = LocationErrorCode(rawValue: "deferredFailed")
    public static let deferredNotUpdatingLocation = LocationErrorCode(rawValue: "deferredNotUpdatingLocation")
    public static let deferredAccuracyTooLow = LocationErrorCode(rawValue: "deferredAccuracyTooLow")
    public static let deferredDistanceFiltered = LocationErrorCode(rawValue: "deferredDistanceFiltered")
    public static let deferredCanceled = LocationErrorCode(rawValue: "deferredCanceled")
    public static let rangingUnavailable = LocationErrorCode(rawValue: "rangingUnavailable")
    public static let rangingFailure = LocationErrorCode(rawValue: "rangingFailure")
    public static let promptDeclined = LocationErrorCode(rawValue: "promptDeclined")
    public static let historicalLocationError = LocationErrorCode(rawValue: "historicalLocationError")

    public static let known: [LocationErrorCode] = [
        .locationUnknown, .denied, .network, .headingFailure, .regionMonitoringDenied, .regionMonitoringFailure,
        .regionMonitoringSetupDelayed, .regionMonitoringResponseDelayed, .geocodeFoundNoResult,
        .geocodeFoundPartialResult, .geocodeCanceled, .deferredFailed, .deferredNotUpdatingLocation,
        .deferredAccuracyTooLow, .deferredDistanceFiltered, .deferredCanceled, .rangingUnavailable,
        .rangingFailure, .promptDeclined, .historicalLocationError,
    ]
    public static let valueName = "location error code"

    /// Whether the manager keeps trying after this error.
    public var isTransient: Bool { self == .locationUnknown }
}
