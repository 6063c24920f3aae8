/// One location the manager reported, with the fields of `CLLocation`.
///
/// Negative accuracies mean "invalid", as in CoreLocation.
public struct LocationFix: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    public var ellipsoidalAltitude: Double?
    public var horizontalAccuracy: Double?
    public var verticalAccuracy: Double?
    public var course: Double?
    public var courseAccuracy: Double?
    public var speed: Double?
    public var speedAccuracy: Double?
    /// When the fix was taken, as an RFC 3339 date.
    public var timestamp: String
    public var floor: Int?

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, ellipsoidalAltitude: Double? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, course: Double? = nil,
        courseAccuracy: Double? = nil, speed: Double? = nil, speedAccuracy: Double? = nil, timestamp: String,
        floor: Int? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.ellipsoidalAltitude = ellipsoidalAltitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.timestamp = timestamp
        self.floor = floor
    }
}
