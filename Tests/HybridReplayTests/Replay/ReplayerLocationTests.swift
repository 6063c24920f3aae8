import Foundation
import HybridReplay
import Testing

@Suite("Replaying the location service")
struct ReplayerLocationTests {
    @Test("a service that asks, starts and publishes the last fix of the batch passes")
    func servicePasses() async throws {
        let report = try await replayExample("location/when-in-use-granted.json") { ExampleLocationService(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("publishing the first fix instead of the last is reported field by field")
    func firstFix() async throws {
        let report = try await replayExample("location/when-in-use-granted.json") {
            ExampleLocationService(platform: $0, fault: .publishesFirstFix)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == 7)
        #expect(issue.eventKind == LocationServiceValue.eventKind)
        #expect(issue.differences.map(\.path) == ["value.latitude", "value.longitude"])
        #expect(issue.differences.first?.expected == "37.33240912")
        #expect(issue.differences.first?.actual == "37.33233141")
    }

    @Test("starting updates before authorization is an effect before its cause")
    func startsEarly() async throws {
        let report = try await replayExample("location/when-in-use-granted.json") {
            ExampleLocationService(platform: $0, fault: .startsWhileNotDetermined)
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .effectBeforeCause, "\(report)")
        #expect(issue.eventID == 5)
        #expect(issue.cause?.id == 3 && issue.cause?.kind == LocationAuthorizationChange.eventKind, "\(issue)")
        #expect(issue.cause?.summary.hasPrefix("authorizedWhenInUse") == true, "\(issue)")
    }

    @Test("the manager reports the status last delivered")
    func statusFollowsDeliveries() async throws {
        let statuses = StatusLog()
        let report = try await replayExample("location/denied.json") { platform in
            statuses.manager = platform.locationManager
            return ExampleLocationService(platform: platform, observer: statuses)
        }
        #expect(report.passed, "\(report)")
        #expect(statuses.seen == [.notDetermined, .denied])
    }
}

final class StatusLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [AuthorizationStatus] = []
    var manager: (any LocationManager)?

    var seen: [AuthorizationStatus] { lock.withLock { statuses } }

    func note() {
        guard let status = manager?.authorizationStatus else { return }
        lock.withLock { statuses.append(status) }
    }
}

extension ExampleLocationService {
    /// A service that notes the manager's status whenever authorization changes.
    convenience init(platform: Platform, observer: StatusLog) {
        self.init(platform: ObservedPlatform.wrap(platform, observer))
    }
}

/// Wraps the location manager's delegate so a test sees each change first.
enum ObservedPlatform {
    static func wrap(_ platform: Platform, _ observer: StatusLog) -> Platform {
        var observed = platform
        observed.locationManager = ObservedManager(base: platform.locationManager, observer: observer)
        return observed
    }

    final class ObservedManager: LocationManager, @unchecked Sendable {
        let base: any LocationManager
        let observer: StatusLog

        init(base: any LocationManager, observer: StatusLog) {
            self.base = base
            self.observer = observer
        }

        var authorizationStatus: AuthorizationStatus { base.authorizationStatus }
        var accuracyAuthorization: AccuracyAuthorization? { base.accuracyAuthorization }
        var desiredAccuracy: Double {
            get { base.desiredAccuracy }
            set { base.desiredAccuracy = newValue }
        }
        var distanceFilter: Double {
            get { base.distanceFilter }
            set { base.distanceFilter = newValue }
        }
        private var appDelegate: (any LocationManagerDelegate)?

        var delegate: (any LocationManagerDelegate)? {
            get { appDelegate }
            set {
                appDelegate = newValue
                base.delegate = newValue.map { Forwarding(base: $0, observer: observer) }
            }
        }
        func requestWhenInUseAuthorization() { base.requestWhenInUseAuthorization() }
        func requestAlwaysAuthorization() { base.requestAlwaysAuthorization() }
        func startUpdatingLocation() { base.startUpdatingLocation() }
        func stopUpdatingLocation() { base.stopUpdatingLocation() }
        func requestLocation() { base.requestLocation() }
        func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
            base.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey)
        }
    }

    struct Forwarding: LocationManagerDelegate {
        let base: any LocationManagerDelegate
        let observer: StatusLog

        func locationManagerDidChangeAuthorization(_ manager: any LocationManager) {
            observer.note()
            base.locationManagerDidChangeAuthorization(manager)
        }
        func locationManager(_ manager: any LocationManager, didUpdateLocations locations: [LocationFix]) {
            base.locationManager(manager, didUpdateLocations: locations)
        }
        func locationManager(_ manager: any LocationManager, didFailWithError error: any Error) {
            base.locationManager(manager, didFailWithError: error)
        }
    }
}
