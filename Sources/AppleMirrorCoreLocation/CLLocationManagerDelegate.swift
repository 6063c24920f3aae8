// CoreLocation's delegate protocol. Its methods are `optional` Objective-C
// requirements; Swift on Linux has no `@objc` protocols, so each is a
// requirement with an empty default in an extension. The difference matters
// only to code that *calls* the delegate (test fakes here; CoreLocation on
// Apple platforms, which calls `delegate?.method?(…)`): a conformer that
// implements a method with Apple's exact signature is called on both.
// See docs/apple-adapters.md.
#if !canImport(CoreLocation)
import Foundation

// Source: https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate
// Apple: protocol CLLocationManagerDelegate : NSObjectProtocol
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
    // Apple: optional func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
    // Apple: optional func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])

    // Source: https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)
    // Apple: optional func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
}

extension CLLocationManagerDelegate {
    // Mirror-only: the empty default stands in for `optional`.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}

    // Mirror-only: the empty default stands in for `optional`.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}

    // Mirror-only: the empty default stands in for `optional`.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
}
#endif
