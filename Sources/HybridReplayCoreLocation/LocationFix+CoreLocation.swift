#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplaySeams

extension LocationFix {
    /// The fix a `CLLocation` reports, field by field.
    ///
    /// Values pass through unchanged, including CoreLocation's negative
    /// accuracies, course and speed that mean "invalid", so a replayed
    /// fix tells the app exactly what the device told it. The timestamp is
    /// kept to the millisecond (a `Date` holds no exact decimal fraction);
    /// one outside the years 0000–9999 is clamped to the nearest end.
    ///
    /// - Parameter location: A location from `CLLocationManager`.
    public init(_ location: CLLocation) {
        self.init(
            latitude: location.coordinate.latitude,
            longitude: location.coordinate.longitude,
            altitude: location.altitude,
            ellipsoidalAltitude: location.ellipsoidalAltitude,
            horizontalAccuracy: location.horizontalAccuracy,
            verticalAccuracy: location.verticalAccuracy,
            course: location.course,
            courseAccuracy: location.courseAccuracy,
            speed: location.speed,
            speedAccuracy: location.speedAccuracy,
            timestamp: RFC3339.clampedString(milliseconds: location.timestamp),
            floor: location.floor?.level
        )
    }
}
