// The Swift examples of README.md and docs/apple-adapters.md, compiled here
// (DocumentationExamplesTests checks that they are, line for line).
#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplayCoreLocation
import HybridReplayFoundationAdapters
import HybridReplaySeams
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum AppleAdapterExamples {
    /// The README's example: the app's location code gets the seam, backed by CoreLocation.
    static func readme(delegate myDelegate: any LocationManagerDelegate) -> any LocationManager {
        let locationManager: any LocationManager = CoreLocationManager(CLLocationManager())
        locationManager.desiredAccuracy = kCLLocationAccuracyHundredMeters
        locationManager.delegate = myDelegate
        locationManager.requestWhenInUseAuthorization()
        return locationManager
    }

    /// docs/apple-adapters.md: the conversions on their own.
    static func conversions(location: CLLocation, error: any Error) -> (LocationFix, LocationErrorCode) {
        let fix = LocationFix(location)  // every field, timestamp to the millisecond
        let code = LocationErrorCode(error)  // CLError.Code.locationUnknown -> .locationUnknown
        return (fix, code)
    }

    /// docs/apple-adapters.md: cookies between Foundation and the seam.
    static func cookies(storage: HTTPCookieStorage) throws {
        let jar = (storage.cookies ?? []).map(Cookie.init)
        let session = Cookie(name: "session", value: "abc123", domain: "example.com", path: "/")
        storage.setCookie(try session.httpCookie())
        _ = jar
    }
}

@Suite("Apple adapter examples")
struct AppleAdapterExamplesTests {
    @Test("the README's example asks the CoreLocation manager for when-in-use authorization, at a hundred metres")
    func readmeExample() {
        final class Ignore: LocationManagerDelegate {
            func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {}
            func locationManager(didUpdateLocations locations: [LocationFix]) {}
            func locationManager(didFailWithError error: LocationErrorCode) {}
        }
        let manager = AppleAdapterExamples.readme(delegate: Ignore())
        #expect(manager.desiredAccuracy == kCLLocationAccuracyHundredMeters)
    }
}
