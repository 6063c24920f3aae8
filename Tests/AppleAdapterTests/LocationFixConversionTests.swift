// Drives the adapter with fakes that subclass the mirror's classes through initialisers the real
// SDK may not offer: compiled where AppleMirrorCoreLocation stands in for CoreLocation (docs/apple-adapters.md).
#if !canImport(CoreLocation)

#if canImport(CoreLocation)
import CoreLocation
#else
import AppleMirrorCoreLocation
#endif
import Foundation
import HybridReplayCoreLocation
import HybridReplaySeams
import Testing

@Suite("LocationFix from CLLocation")
struct LocationFixConversionTests {
    @Test("every field of a CLLocation is carried over")
    func fieldByField() {
        let location = FakeCLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 37.33233141, longitude: -122.0312186), altitude: 12.5,
            horizontalAccuracy: 5, verticalAccuracy: 3, course: 271.5, courseAccuracy: 10, speed: 1.25,
            speedAccuracy: 0.5, timestamp: Date(timeIntervalSince1970: 1_780_000_000.25))
        location.fakeEllipsoidalAltitude = 44.75
        location.fakeFloor = FakeCLFloor(level: -2)

        let fix = LocationFix(location)

        #expect(fix.latitude == 37.33233141)
        #expect(fix.longitude == -122.0312186)
        #expect(fix.altitude == 12.5)
        #expect(fix.ellipsoidalAltitude == 44.75)
        #expect(fix.horizontalAccuracy == 5)
        #expect(fix.verticalAccuracy == 3)
        #expect(fix.course == 271.5)
        #expect(fix.courseAccuracy == 10)
        #expect(fix.speed == 1.25)
        #expect(fix.speedAccuracy == 0.5)
        #expect(fix.timestamp == "2026-05-28T20:26:40.25Z")
        #expect(fix.floor == -2)
    }

    @Test("CoreLocation's negative 'invalid' values and a missing floor pass through as they are")
    func invalidValues() {
        let location = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0), altitude: 0, horizontalAccuracy: 65,
            verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
            timestamp: Date(timeIntervalSince1970: 0))

        let fix = LocationFix(location)

        #expect(fix.verticalAccuracy == -1)
        #expect(fix.course == -1)
        #expect(fix.courseAccuracy == -1)
        #expect(fix.speed == -1)
        #expect(fix.speedAccuracy == -1)
        #expect(fix.floor == nil)
        #expect(fix.timestamp == "1970-01-01T00:00:00Z")
    }

    @Test("a timestamp is kept to the millisecond, and one beyond year 9999 is clamped rather than trapping")
    func timestamps() {
        #expect(LocationFix(makeLocation(at: 1_780_000_000.1234)).timestamp == "2026-05-28T20:26:40.123Z")
        #expect(LocationFix(makeLocation(at: 1e300)).timestamp == "9999-12-31T23:59:59.999Z")
        #expect(LocationFix(makeLocation(at: -1e300)).timestamp == "0000-01-01T00:00:00Z")
        #expect(LocationFix(makeLocation(at: .nan)).timestamp == "0000-01-01T00:00:00Z")
    }
}

#endif
