import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import Testing

@Suite("DeviceLocationService")
struct DeviceLocationServiceTests {
    private static let coordinates = DeviceLocationService.coordinatesStream
    private static let denied = DeviceLocationService.deniedStream

    private static func fix(_ latitude: Double, _ longitude: Double, second: Int = 0) -> LocationFix {
        LocationFix(
            latitude: latitude, longitude: longitude, horizontalAccuracy: 5,
            timestamp: "2026-01-31T12:00:\(second < 10 ? "0" : "")\(second)Z")
    }

    private static func coordinate(_ latitude: Double, _ longitude: Double) -> JSONValue {
        ["latitude": .number(latitude), "longitude": .number(longitude)]
    }

    /// A service on a manager that starts at `status` and answers a prompt
    /// with `answer`; the app has not asked for updates yet.
    private static func service(
        status: AuthorizationStatus, answer: AuthorizationStatus? = .authorizedWhenInUse
    ) async -> (DeviceLocationService, LoggingLocationManager, CollectingLocationOutput) {
        let manager = LoggingLocationManager(
            SimulatedLocationManager(status: status, respondsToRequestsWith: answer))
        let output = CollectingLocationOutput()
        let service = DeviceLocationService(manager: manager, output: output)
        await manager.base.settle()
        return (service, manager, output)
    }

    /// A service the app has asked for updates, as the seed's view does on appear.
    private static func requested(
        status: AuthorizationStatus, answer: AuthorizationStatus? = .authorizedWhenInUse
    ) async -> (DeviceLocationService, LoggingLocationManager, CollectingLocationOutput) {
        let (service, manager, output) = await Self.service(status: status, answer: answer)
        service.requestLocationUpdates()
        await manager.base.settle()
        return (service, manager, output)
    }

    @Test("asks for the best accuracy")
    func asksBestAccuracy() {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        manager.desiredAccuracy = 3_000
        _ = DeviceLocationService(manager: manager, output: CollectingLocationOutput())
        #expect(manager.desiredAccuracy == DeviceLocationService.bestAccuracy)
        #expect(DeviceLocationService.bestAccuracy == -1)
    }

    // MARK: Idle until the app asks

    @Test(
        "does nothing with the authorization reported at set-up, or with changes, until the app asks",
        arguments: AuthorizationStatus.known)
    func idleUntilRequested(_ status: AuthorizationStatus) async {
        let (_, manager, output) = await Self.service(status: status)
        for change in AuthorizationStatus.known + [status] {
            manager.base.changeAuthorization(to: change)
        }
        #expect(manager.calls.isEmpty)
        #expect(!manager.base.isUpdating)
        #expect(output.values.isEmpty)
        #expect(output.completions.isEmpty)
    }

    @Test("asks or starts exactly once when used as the seed's view does: created, then asked on appear")
    func seedUsageActsOnce() async {
        let (undetermined, undeterminedManager, _) = await Self.requested(status: .notDetermined)
        #expect(undeterminedManager.calls == [.requestWhenInUse, .start])

        let (authorized, authorizedManager, _) = await Self.requested(status: .authorizedWhenInUse)
        #expect(authorizedManager.calls == [.start])
        _ = (undetermined, authorized)
    }

    // MARK: The app asks

    @Test("asks for when-in-use authorization when undetermined, then starts updating once granted")
    func requestsThenStarts() async {
        let (_, manager, output) = await Self.requested(status: .notDetermined)
        #expect(manager.base.requests == [.whenInUse])
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(manager.base.isUpdating)
        #expect(output.values.isEmpty)
        #expect(output.completions.isEmpty)
    }

    @Test("starts updating when the user grants always")
    func startsOnAlways() async {
        let (_, manager, output) = await Self.requested(status: .notDetermined, answer: .authorizedAlways)
        #expect(manager.calls == [.requestWhenInUse, .start])
        #expect(manager.base.isUpdating)
        #expect(output.values.isEmpty)
    }

    @Test("waits without updating, signalling or asking again while the prompt is unanswered")
    func waitsForPrompt() async {
        let (_, manager, output) = await Self.requested(status: .notDetermined, answer: nil)
        #expect(manager.calls == [.requestWhenInUse])

        manager.base.changeAuthorization(to: .notDetermined)
        #expect(manager.calls == [.requestWhenInUse])
        #expect(output.values.isEmpty)

        manager.base.changeAuthorization(to: .authorizedWhenInUse)
        #expect(manager.calls == [.requestWhenInUse, .start])
        #expect(manager.base.isUpdating)
    }

    @Test(
        "starts updating at once when already authorized",
        arguments: [AuthorizationStatus.authorizedWhenInUse, .authorizedAlways])
    func startsWhenAuthorized(_ status: AuthorizationStatus) async {
        let (_, manager, output) = await Self.requested(status: status)
        #expect(manager.calls == [.start])
        #expect(manager.base.isUpdating)
        #expect(output.values.isEmpty)
    }

    @Test(
        "stops and signals denial once, without asking, when denied or restricted",
        arguments: [AuthorizationStatus.denied, .restricted])
    func signalsDenial(_ status: AuthorizationStatus) async {
        let (_, manager, output) = await Self.requested(status: status)
        #expect(manager.calls == [.stop])
        #expect(!manager.base.isUpdating)
        #expect(output.values == [LocationServiceValue(stream: Self.denied, value: nil)])
        #expect(output.completions.isEmpty)
    }

    @Test("acts on the authorization current when the app asks, not the one reported at set-up")
    func actsOnCurrentAuthorization() async {
        let (service, manager, output) = await Self.service(status: .authorizedWhenInUse)
        manager.base.changeAuthorization(to: .denied)
        #expect(manager.calls.isEmpty)

        service.requestLocationUpdates()
        #expect(manager.calls == [.stop])
        #expect(output.values(on: Self.denied) == [nil])
    }

    @Test("signals denial once when the user declines the prompt")
    func signalsDeclinedPrompt() async {
        let (_, manager, output) = await Self.requested(status: .notDetermined, answer: .denied)
        #expect(manager.calls == [.requestWhenInUse, .stop])
        #expect(!manager.base.isUpdating)
        #expect(output.values == [LocationServiceValue(stream: Self.denied, value: nil)])
    }

    @Test("stops and signals when access is revoked, and starts again when it comes back")
    func followsSettings() async {
        let (_, manager, output) = await Self.requested(status: .authorizedWhenInUse)
        manager.base.changeAuthorization(to: .denied)
        #expect(!manager.base.isUpdating)
        #expect(output.values(on: Self.denied) == [nil])

        manager.base.changeAuthorization(to: .authorizedAlways)
        #expect(manager.base.isUpdating)
        manager.base.changeAuthorization(to: .restricted)
        #expect(!manager.base.isUpdating)
        #expect(output.values(on: Self.denied) == [nil, nil])
        #expect(manager.calls == [.start, .stop, .start, .stop])
    }

    @Test("asks again when the app asks again while undetermined")
    func requestWhileUndetermined() async {
        let (service, manager, output) = await Self.requested(status: .notDetermined, answer: nil)
        service.requestLocationUpdates()
        #expect(manager.calls == [.requestWhenInUse, .requestWhenInUse])
        #expect(output.values.isEmpty)
    }

    @Test(
        "starts updating again when the app asks again while authorized",
        arguments: [AuthorizationStatus.authorizedWhenInUse, .authorizedAlways])
    func requestWhileAuthorized(_ status: AuthorizationStatus) async {
        let (service, manager, output) = await Self.requested(status: status)
        service.requestLocationUpdates()
        #expect(manager.calls == [.start, .start])
        #expect(output.values.isEmpty)
    }

    @Test(
        "signals denial again when the app asks again while denied or restricted",
        arguments: [AuthorizationStatus.denied, .restricted])
    func requestWhileDenied(_ status: AuthorizationStatus) async {
        let (service, manager, output) = await Self.requested(status: status)
        service.requestLocationUpdates()
        #expect(manager.calls == [.stop, .stop])
        #expect(output.values(on: Self.denied) == [nil, nil])
    }

    // MARK: Fixes and errors

    @Test("publishes only the last coordinate of each batch")
    func publishesLastOfBatch() async {
        let (_, manager, output) = await Self.requested(status: .authorizedWhenInUse)
        manager.base.deliver([
            Self.fix(37.33, -122.03, second: 1), Self.fix(37.34, -122.02, second: 2),
            Self.fix(37.35, -122.01, second: 3),
        ])
        #expect(
            output.values == [LocationServiceValue(stream: Self.coordinates, value: Self.coordinate(37.35, -122.01))])

        manager.base.deliver([Self.fix(-33.8688, 151.2093, second: 4)])
        manager.base.deliver([])
        #expect(
            output.values(on: Self.coordinates) == [
                Self.coordinate(37.35, -122.01), Self.coordinate(-33.8688, 151.2093),
            ])
        #expect(output.completions.isEmpty)
    }

    @Test("treats locationUnknown as transient and keeps publishing")
    func locationUnknownIsTransient() async {
        let (_, manager, output) = await Self.requested(status: .authorizedWhenInUse)
        manager.base.fail(with: .locationUnknown)
        manager.base.fail(with: .locationUnknown)
        #expect(manager.base.isUpdating)
        #expect(manager.calls == [.start])
        #expect(output.completions.isEmpty)

        manager.base.deliver([Self.fix(1, 2)])
        #expect(output.values(on: Self.coordinates) == [Self.coordinate(1, 2)])
    }

    @Test(
        "completes with a fatal error, stops, and publishes nothing after it",
        arguments: [LocationErrorCode.network, .denied, .headingFailure, .promptDeclined])
    func fatalErrorCompletes(_ error: LocationErrorCode) async {
        let (_, manager, output) = await Self.requested(status: .authorizedWhenInUse)
        manager.base.deliver([Self.fix(1, 2)])
        manager.base.fail(with: error)

        #expect(output.completions == [LocationServiceCompletion(stream: Self.coordinates, error: error)])
        #expect(!manager.base.isUpdating)

        manager.base.deliver([Self.fix(3, 4)])
        manager.base.fail(with: .network)
        manager.base.fail(with: .locationUnknown)
        manager.base.fail(with: error)
        #expect(output.values(on: Self.coordinates) == [Self.coordinate(1, 2)])
        #expect(output.completions == [LocationServiceCompletion(stream: Self.coordinates, error: error)])
        #expect(manager.calls == [.start, .stop])
    }

    // MARK: Finished after a fatal error

    @Test(
        "starts nothing after a fatal error, whether authorization changes or the app asks again",
        arguments: [AuthorizationStatus.authorizedWhenInUse, .authorizedAlways])
    func startsNothingWhenFinished(_ status: AuthorizationStatus) async {
        let (service, manager, output) = await Self.requested(status: .authorizedWhenInUse)
        manager.base.fail(with: .network)
        #expect(manager.calls == [.start, .stop])

        manager.base.changeAuthorization(to: status)
        service.requestLocationUpdates()
        manager.base.deliver([Self.fix(5, 6)])
        #expect(manager.calls == [.start, .stop])
        #expect(!manager.base.isUpdating)
        #expect(output.values.isEmpty)
        #expect(output.completions.count == 1)
    }

    @Test("asks the user nothing after a fatal error, even when authorization is undetermined again")
    func asksNothingWhenFinished() async {
        let (service, manager, output) = await Self.requested(status: .authorizedWhenInUse, answer: nil)
        manager.base.fail(with: .network)
        manager.base.changeAuthorization(to: .notDetermined)
        service.requestLocationUpdates()
        #expect(manager.calls == [.start, .stop])
        #expect(manager.base.requests.isEmpty)
        #expect(output.values.isEmpty)
    }

    @Test(
        "still stops and signals denial after a fatal error",
        arguments: [AuthorizationStatus.denied, .restricted])
    func signalsDenialWhenFinished(_ status: AuthorizationStatus) async {
        let (service, manager, output) = await Self.requested(status: .authorizedWhenInUse)
        manager.base.fail(with: .denied)
        manager.base.changeAuthorization(to: status)
        service.requestLocationUpdates()
        #expect(manager.calls == [.start, .stop, .stop, .stop])
        #expect(output.values(on: Self.denied) == [nil, nil])
        #expect(output.completions == [LocationServiceCompletion(stream: Self.coordinates, error: .denied)])
    }

    // MARK: The contract

    @Test("the contract sets up an idle service that the requestLocationUpdates stimulus starts")
    func contract() async throws {
        let manager = SimulatedLocationManager(status: .notDetermined)
        let output = CollectingLocationOutput()
        let seam = SimulatedCustomSeam()
        let implementation = try await ReferenceContract.deviceLocationService.setUp(
            Platform.simulated(locationManager: manager, locationOutput: output, custom: seam))
        await manager.settle()
        #expect(manager.requests.isEmpty)
        #expect(!manager.isUpdating)

        try seam.deliver(LocationRequestHandler.event())
        // The request is an effect of the stimulus; the start follows the user's answer.
        #expect(manager.requests == [.whenInUse])
        await manager.settle()
        #expect(manager.isUpdating)
        manager.deliver([Self.fix(10, 20), Self.fix(11, 21)])
        #expect(output.values(on: Self.coordinates) == [Self.coordinate(11, 21)])
        #expect(seam.sent.isEmpty)
        _ = implementation
    }
}

/// A location manager that logs what the service asks of it, so a test can
/// tell one start from two, around a simulated manager the test drives.
final class LoggingLocationManager: LocationManager {
    enum Call: Sendable, Equatable {
        case requestWhenInUse, requestAlways, start, stop, requestLocation, requestFullAccuracy
    }

    let base: SimulatedLocationManager
    private let log = SharedBox<[Call]>([])

    init(_ base: SimulatedLocationManager) { self.base = base }

    /// What the service asked for, in order.
    var calls: [Call] { log.current }

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

    var delegate: (any LocationManagerDelegate)? {
        get { base.delegate }
        set { base.delegate = newValue }
    }

    func requestWhenInUseAuthorization() {
        log.update { $0.append(.requestWhenInUse) }
        base.requestWhenInUseAuthorization()
    }

    func requestAlwaysAuthorization() {
        log.update { $0.append(.requestAlways) }
        base.requestAlwaysAuthorization()
    }

    func startUpdatingLocation() {
        log.update { $0.append(.start) }
        base.startUpdatingLocation()
    }

    func stopUpdatingLocation() {
        log.update { $0.append(.stop) }
        base.stopUpdatingLocation()
    }

    func requestLocation() {
        log.update { $0.append(.requestLocation) }
        base.requestLocation()
    }

    func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {
        log.update { $0.append(.requestFullAccuracy) }
        base.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey)
    }
}
