#if !canImport(CoreLocation)
// Source: https://developer.apple.com/documentation/corelocation/cllocationdegrees
// Apple: typealias CLLocationDegrees = Double
public typealias CLLocationDegrees = Double

// Source: https://developer.apple.com/documentation/corelocation/cllocationaccuracy
// Apple: typealias CLLocationAccuracy = Double
public typealias CLLocationAccuracy = Double

// Source: https://developer.apple.com/documentation/corelocation/cllocationdistance
// Apple: typealias CLLocationDistance = Double
public typealias CLLocationDistance = Double

// Source: https://developer.apple.com/documentation/corelocation/cllocationdirection
// Apple: typealias CLLocationDirection = Double
public typealias CLLocationDirection = Double

// Source: https://developer.apple.com/documentation/corelocation/cllocationdirectionaccuracy
// Apple: typealias CLLocationDirectionAccuracy = Double
public typealias CLLocationDirectionAccuracy = Double

// Source: https://developer.apple.com/documentation/corelocation/cllocationspeed
// Apple: typealias CLLocationSpeed = Double
public typealias CLLocationSpeed = Double

// Source: https://developer.apple.com/documentation/corelocation/cllocationspeedaccuracy
// Apple: typealias CLLocationSpeedAccuracy = Double
public typealias CLLocationSpeedAccuracy = Double

// The constants are `extern` in CoreLocation's headers, so their values are
// not part of the documented API; the values below are the ones commonly
// reported at run time and nothing in the adapter depends on them.

// Source: https://developer.apple.com/documentation/corelocation/kcllocationaccuracybestfornavigation
// Apple: let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2

// Source: https://developer.apple.com/documentation/corelocation/kcllocationaccuracybest
// Apple: let kCLLocationAccuracyBest: CLLocationAccuracy
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1

// Source: https://developer.apple.com/documentation/corelocation/kcllocationaccuracynearesttenmeters
// Apple: let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10

// Source: https://developer.apple.com/documentation/corelocation/kcllocationaccuracyhundredmeters
// Apple: let kCLLocationAccuracyHundredMeters: CLLocationAccuracy
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100

// Source: https://developer.apple.com/documentation/corelocation/kcllocationaccuracykilometer
// Apple: let kCLLocationAccuracyKilometer: CLLocationAccuracy
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000

// Source: https://developer.apple.com/documentation/corelocation/kcllocationaccuracythreekilometers
// Apple: let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000

// Its run-time value is not known here; 3000 is a placeholder.
// Source: https://developer.apple.com/documentation/corelocation/kcllocationaccuracyreduced
// Apple: let kCLLocationAccuracyReduced: CLLocationAccuracy
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000

// Source: https://developer.apple.com/documentation/corelocation/kcldistancefilternone
// Apple: let kCLDistanceFilterNone: CLLocationDistance
public let kCLDistanceFilterNone: CLLocationDistance = -1
#endif
