// The part of CoreLocation the HybridReplayCoreLocation adapter uses, declared
// with Apple's Swift spelling so the adapter's sources type-check on Linux.
//
// Every declaration follows a `// Source:` line naming the Apple documentation
// page its signature was read from, and an `// Apple:` line with the
// declaration exactly as that page shows it. MirrorGoldenTests parses these
// files and checks each declaration against its `// Apple:` line and against
// Tests/AppleAdapterTests/Golden/corelocation.txt.
//
// The bodies are not CoreLocation's behaviour: they are the smallest that let
// a test subclass stand in for the system (stored settings, no callbacks).
#if !canImport(CoreLocation)
import Foundation

// Source: https://developer.apple.com/documentation/corelocation/cllocationmanager
// Apple: class CLLocationManager
open class CLLocationManager: NSObject {
    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/delegate
    // Apple: weak var delegate: (any CLLocationManagerDelegate)? { get set }
    open weak var delegate: (any CLLocationManagerDelegate)?

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus-swift.property
    // Apple: var authorizationStatus: CLAuthorizationStatus { get }
    open var authorizationStatus: CLAuthorizationStatus { .notDetermined }

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/accuracyauthorization
    // Apple: var accuracyAuthorization: CLAccuracyAuthorization { get }
    open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/desiredaccuracy
    // Apple: var desiredAccuracy: CLLocationAccuracy { get set }
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/distancefilter
    // Apple: var distanceFilter: CLLocationDistance { get set }
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()
    // Apple: func requestWhenInUseAuthorization()
    open func requestWhenInUseAuthorization() {}

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()
    // Apple: func requestAlwaysAuthorization()
    open func requestAlwaysAuthorization() {}

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatinglocation()
    // Apple: func startUpdatingLocation()
    open func startUpdatingLocation() {}

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatinglocation()
    // Apple: func stopUpdatingLocation()
    open func stopUpdatingLocation() {}

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/requestlocation()
    // Apple: func requestLocation()
    open func requestLocation() {}

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:)
    // Apple: func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil)
    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil) {}
}
#endif
