#if !canImport(CoreLocation)
import Foundation

// Source: https://developer.apple.com/documentation/corelocation/cllocation
// Apple: class CLLocation
open class CLLocation: NSObject {
    private let storage: Fields

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:courseaccuracy:speed:speedaccuracy:timestamp:)
    // Apple: init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date)
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy, verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy, speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date) {
        storage = Fields(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: course, courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy,
            timestamp: timestamp)
    }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/coordinate
    // Apple: var coordinate: CLLocationCoordinate2D { get }
    open var coordinate: CLLocationCoordinate2D { storage.coordinate }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/altitude
    // Apple: var altitude: CLLocationDistance { get }
    open var altitude: CLLocationDistance { storage.altitude }

    // There is no public initializer that sets it; the mirror reports 0, as a
    // location made by hand reports on a device (Apple Developer Forums 764123).
    // Source: https://developer.apple.com/documentation/corelocation/cllocation/ellipsoidalaltitude
    // Apple: var ellipsoidalAltitude: CLLocationDistance { get }
    open var ellipsoidalAltitude: CLLocationDistance { 0 }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/horizontalaccuracy
    // Apple: var horizontalAccuracy: CLLocationAccuracy { get }
    open var horizontalAccuracy: CLLocationAccuracy { storage.horizontalAccuracy }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/verticalaccuracy
    // Apple: var verticalAccuracy: CLLocationAccuracy { get }
    open var verticalAccuracy: CLLocationAccuracy { storage.verticalAccuracy }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/course
    // Apple: var course: CLLocationDirection { get }
    open var course: CLLocationDirection { storage.course }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/courseaccuracy
    // Apple: var courseAccuracy: CLLocationDirectionAccuracy { get }
    open var courseAccuracy: CLLocationDirectionAccuracy { storage.courseAccuracy }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/speed
    // Apple: var speed: CLLocationSpeed { get }
    open var speed: CLLocationSpeed { storage.speed }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/speedaccuracy
    // Apple: var speedAccuracy: CLLocationSpeedAccuracy { get }
    open var speedAccuracy: CLLocationSpeedAccuracy { storage.speedAccuracy }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/timestamp
    // Apple: var timestamp: Date { get }
    open var timestamp: Date { storage.timestamp }

    // Source: https://developer.apple.com/documentation/corelocation/cllocation/floor
    // Apple: var floor: CLFloor? { get }
    open var floor: CLFloor? { nil }

    private struct Fields {
        var coordinate: CLLocationCoordinate2D
        var altitude: CLLocationDistance
        var horizontalAccuracy: CLLocationAccuracy
        var verticalAccuracy: CLLocationAccuracy
        var course: CLLocationDirection
        var courseAccuracy: CLLocationDirectionAccuracy
        var speed: CLLocationSpeed
        var speedAccuracy: CLLocationSpeedAccuracy
        var timestamp: Date
    }
}

// Source: https://developer.apple.com/documentation/corelocation/clfloor
// Apple: class CLFloor
open class CLFloor: NSObject {
    // Source: https://developer.apple.com/documentation/corelocation/clfloor/level
    // Apple: var level: Int { get }
    open var level: Int { 0 }
}

// Source: https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d
// Apple: struct CLLocationCoordinate2D
public struct CLLocationCoordinate2D: Sendable {
    // Source: https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/latitude
    // Apple: var latitude: CLLocationDegrees
    public var latitude: CLLocationDegrees

    // Source: https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/longitude
    // Apple: var longitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    // Source: https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/init(latitude:longitude:)
    // Apple: init(latitude: CLLocationDegrees, longitude: CLLocationDegrees)
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
#endif
