import Foundation
import HybridReplay
import HybridReplaySimulation
import Testing

/// A delegate ported from `CLLocationManagerDelegate` with CoreLocation's
/// method names kept is called by every location manager, handed the manager
/// it was set on, whose `authorizationStatus` reads the authorization being
/// delivered, as CoreLocation's does. Before the seam took CoreLocation's
/// names, such a port did not compile: the seam's shorter names were required,
/// and took the status, not the manager.
@Suite("Location delegate methods spelled as CoreLocation spells them")
struct CoreLocationSpellingTests {
    /// A location service whose delegate methods keep CoreLocation's names, as
    /// ported: it reads the authorization from the manager it is handed and
    /// asks that manager for permission and updates.
    @MainActor final class PortedLocator: LocationManagerDelegate {
        let manager: any LocationManager
        let output: any LocationServiceOutput
        /// Whether it starts updates once allowed; `false` is a changed behaviour.
        let starts: Bool
        private(set) var heard: [String] = []
        /// For each callback, whether it was handed the manager the locator set itself on.
        private(set) var handedItsManager: [Bool] = []

        init(platform: Platform, starts: Bool = true) {
            manager = platform.locationManager
            output = platform.locationOutput
            self.starts = starts
            manager.delegate = self
        }

        private func hear(_ what: String, from manager: any LocationManager) {
            heard.append(what)
            handedItsManager.append(manager === self.manager)
        }

        func locationManagerDidChangeAuthorization(_ manager: any LocationManager) {
            hear("authorization \(manager.authorizationStatus) \(manager.accuracyAuthorization?.rawValue ?? "unknown")", from: manager)
            switch manager.authorizationStatus {
            case .notDetermined:
                manager.requestWhenInUseAuthorization()
            case .authorizedWhenInUse, .authorizedAlways:
                if starts { manager.startUpdatingLocation() }
            default:
                manager.stopUpdatingLocation()
            }
        }

        func locationManager(_ manager: any LocationManager, didUpdateLocations locations: [LocationFix]) {
            guard let location = locations.last else { return }
            hear("fix \(location.latitude)", from: manager)
            output.publish(.number(location.latitude), on: "latitude")
        }

        func locationManager(_ manager: any LocationManager, didFailWithError error: Error) {
            let code = error as? LocationErrorCode
            hear("error \(code?.rawValue ?? "that is no LocationErrorCode")", from: manager)
            output.complete("latitude", error: code)
        }
    }

    static let fix = LocationFix(latitude: 52.52, longitude: 13.405, horizontalAccuracy: 35, timestamp: "2026-12-06T18:00:00Z")
    static let heard = [
        "authorization notDetermined reduced", "authorization authorizedWhenInUse reduced", "fix 52.52", "error network",
        "authorization denied full",
    ]
    static let handed = [true, true, true, true, true]

    /// A device that asks the user, who allows when-in-use with reduced accuracy.
    static func device() -> SimulatedLocationManager {
        SimulatedLocationManager(status: .notDetermined, accuracy: .reduced, respondsToRequestsWith: .authorizedWhenInUse)
    }

    /// What the device and the user do: the new delegate hears the status and
    /// asks, the user answers, then a fix, an error, and access turned off in
    /// Settings (with full accuracy, so the status read is the one delivered,
    /// not the one the manager started with).
    static func drive(_ device: SimulatedLocationManager) async {
        await device.settle()
        device.deliver([fix])
        device.fail(with: .network)
        device.changeAuthorization(to: .denied, accuracy: .full)
    }

    @Test("the simulated manager calls CoreLocation's names, handing over itself, whose status is the one delivered")
    func simulated() async {
        let device = Self.device()
        let locator = await PortedLocator(platform: .simulated(locationManager: device))
        await Self.drive(device)
        #expect(await locator.heard == Self.heard)
        #expect(await locator.handedItsManager == Self.handed)
        #expect(device.requests == [.whenInUse])
        #expect(!device.isUpdating, "started once allowed, stopped once denied, through the manager handed over")
    }

    func record(starts: Bool = true) async throws -> Cassette {
        let device = Self.device()
        return try await recordWrittenAndRead(
            "corelocation-spelling", platform: .simulated(locationManager: device),
            setUp: { await PortedLocator(platform: $0, starts: starts) },
            drive: { locator in
                await Self.drive(device)
                #expect(await locator.heard == Self.heard)
                #expect(await locator.handedItsManager == Self.handed, "the recording's manager, not the live one")
            })
    }

    @Test("a recording hands CoreLocation's names its own manager and records what they asked of it, reads not included")
    func recorded() async throws {
        let kinds = try await record().events.map(\.kind.description)
        #expect(
            kinds == [
                "location.delegate", "location.authorization", "location.requestAuthorization", "location.authorization",
                "location.startUpdating", "location.locations", "location.publish", "location.error", "location.complete",
                "location.authorization", "location.stopUpdating",
            ])
    }

    @Test("a replay calls CoreLocation's names with its own manager, whose status is the one delivered, and passes")
    func replayed() async throws {
        let cassette = try await record()
        let locators = LocatorBox()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let locator = await PortedLocator(platform: platform)
            await locators.keep(locator)
            return locator
        }
        #expect(report.passed, "\(report)")
        let replayed = try #require(await locators.locator)
        #expect(await replayed.heard == Self.heard)
        #expect(await replayed.handedItsManager == Self.handed, "the replay's manager")
    }

    @Test("a CoreLocation-named delegate that no longer starts updates when allowed fails the replay")
    func changedBehaviourFails() async throws {
        let report = await Replayer(cassette: try await record(), options: fastReplay).replay {
            await PortedLocator(platform: $0, starts: false)
        }
        #expect(!report.passed)
        #expect(report.issues.contains { $0.eventKind == LocationUpdatesStart.eventKind }, "\(report)")
    }

    /// Implements both spellings, as the docs say not to.
    @MainActor final class BothSpellings: LocationManagerDelegate {
        private(set) var heard: [String] = []
        func locationManagerDidChangeAuthorization(_ manager: any LocationManager) { heard.append("CoreLocation's") }
        func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
            heard.append("short")
        }
    }

    /// Implements the short names only, as delegates written before CoreLocation's names did.
    @MainActor final class ShortSpelling: LocationManagerDelegate {
        private(set) var heard: [String] = []
        func locationManagerDidChangeAuthorization(_ status: AuthorizationStatus, accuracy: AccuracyAuthorization?) {
            heard.append("\(status) \(accuracy?.rawValue ?? "unknown")")
        }
        func locationManager(didUpdateLocations locations: [LocationFix]) { heard.append("\(locations.count) fix") }
        func locationManager(didFailWithError error: LocationErrorCode) { heard.append("error \(error)") }
    }

    @Test("a delegate with both spellings is called by CoreLocation's only; one with the short ones is called by those")
    func spellings() async {
        let device = SimulatedLocationManager(status: .authorizedAlways, accuracy: .reduced)
        let both = BothSpellings()
        device.delegate = both
        await device.settle()
        #expect(await both.heard == ["CoreLocation's"])

        let short = ShortSpelling()
        device.delegate = short
        await device.settle()
        device.deliver([Self.fix])
        device.fail(with: .denied)
        #expect(await short.heard == ["authorizedAlways reduced", "1 fix", "error denied"])
    }

    @Test("the short error name hears an error that is no LocationErrorCode by its domain and code")
    @MainActor func foreignError() {
        let short = ShortSpelling()
        short.locationManager(Self.device(), didFailWithError: NSError(domain: "kCLErrorDomain", code: 42))
        #expect(short.heard == ["error kCLErrorDomain 42"])
    }

    @MainActor final class LocatorBox {
        private(set) var locator: PortedLocator?
        func keep(_ locator: PortedLocator) { self.locator = locator }
    }
}
