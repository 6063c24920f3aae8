#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import HybridReplaySeams

extension AuthorizationStatus {
    /// CoreLocation's statuses and the seam's, in both directions.
    private static let coreLocationPairs: [(CLAuthorizationStatus, AuthorizationStatus)] = [
        (.notDetermined, .notDetermined), (.restricted, .restricted), (.denied, .denied),
        (.authorizedAlways, .authorizedAlways), (.authorizedWhenInUse, .authorizedWhenInUse),
    ]

    /// The seam's name for a CoreLocation status.
    ///
    /// A status newer than this package keeps its raw value, as
    /// `CLAuthorizationStatus(rawValue: 7)`, which the cassette reader reports
    /// as an unknown authorization status rather than guessing.
    ///
    /// - Parameter status: The status `CLLocationManager` reports.
    public init(_ status: CLAuthorizationStatus) {
        self = Self.coreLocationPairs.first { $0.0 == status }?.1
            ?? AuthorizationStatus(rawValue: "CLAuthorizationStatus(rawValue: \(status.rawValue))")
    }

    /// The CoreLocation status with this name, or `nil` for a name CoreLocation does not have.
    public var coreLocationStatus: CLAuthorizationStatus? {
        Self.coreLocationPairs.first { $0.1 == self }?.0
    }
}

extension AccuracyAuthorization {
    private static let coreLocationPairs: [(CLAccuracyAuthorization, AccuracyAuthorization)] = [
        (.fullAccuracy, .full), (.reducedAccuracy, .reduced),
    ]

    /// The seam's name for a CoreLocation accuracy authorization.
    ///
    /// - Parameter accuracy: The accuracy authorization `CLLocationManager` reports;
    ///   one newer than this package keeps its raw value, which the reader reports as unknown.
    public init(_ accuracy: CLAccuracyAuthorization) {
        self = Self.coreLocationPairs.first { $0.0 == accuracy }?.1
            ?? AccuracyAuthorization(rawValue: "CLAccuracyAuthorization(rawValue: \(accuracy.rawValue))")
    }

    /// The CoreLocation accuracy authorization with this name, or `nil` for a name CoreLocation does not have.
    public var coreLocationAccuracy: CLAccuracyAuthorization? {
        Self.coreLocationPairs.first { $0.1 == self }?.0
    }
}
