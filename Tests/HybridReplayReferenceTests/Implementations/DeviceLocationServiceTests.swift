import HybridReplay
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

    /// A service on a manager that starts at `status` and answers a prompt with `answer`.
    private static func service(
        status: AuthorizationStatus, answer: AuthorizationStatus? = .authorizedWhenInUse
    ) -> (DeviceLocationService, SimulatedLocationManager, CollectingLocationOutput) {
        let manager = SimulatedLocationManager(status: status, respondsToRequestsWith: answer)
        let output = CollectingLocationOutput()
        let service = DeviceLocationService(manager: manager, output: output)
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

    @Test("asks once for when-in-use authorization when undetermined, then starts updating once granted")
    func requestsThenStarts() {
        let (_, manager, output) = Self.service(status: .notDetermined)
        #expect(manager.requests == [.whenInUse])
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(manager.isUpdating)
        #expect(output.values.isEmpty)
        #expect(output.completions.isEmpty)
    }

    @Test("starts updating when the user grants always")
    func startsOnAlways() {
        let (_, manager, output) = Self.service(status: .notDetermined, answer: .authorizedAlways)
        #expect(manager.requests == [.whenInUse])
        #expect(manager.isUpdating)
        #expect(output.values.isEmpty)
    }

    @Test("waits without updating or signalling while the prompt is unanswered")
    func waitsForPrompt() {
        let (_, manager, output) = Self.service(status: .notDetermined, answer: nil)
        #expect(manager.requests == [.whenInUse])
        #expect(!manager.isUpdating)
        #expect(output.values.isEmpty)

        manager.changeAuthorization(to: .authorizedWhenInUse)
        #expect(manager.isUpdating)
        #expect(manager.requests == [.whenInUse])
    }

    @Test(
        "starts updating at once when already authorized",
        arguments: [AuthorizationStatus.authorizedWhenInUse, .authorizedAlways])
    func startsWhenAuthorized(_ status: AuthorizationStatus) {
        let (_, manager, output) = Self.service(status: status)
        #expect(manager.requests.isEmpty)
        #expect(manager.isUpdating)
        #expect(output.values.isEmpty)
    }

    @Test(
        "signals denial once and does not update when denied or restricted",
        arguments: [AuthorizationStatus.denied, .restricted])
    func signalsDenial(_ status: AuthorizationStatus) {
        let (_, manager, output) = Self.service(status: status)
        #expect(manager.requests.isEmpty)
        #expect(!manager.isUpdating)
        #expect(output.values == [LocationServiceValue(stream: Self.denied, value: nil)])
        #expect(output.values(on: Self.coordinates).isEmpty)
        #expect(output.completions.isEmpty)
    }

    @Test("signals denial once when the user declines the prompt")
    func signalsDeclinedPrompt() {
        let (_, manager, output) = Self.service(status: .notDetermined, answer: .denied)
        #expect(manager.requests == [.whenInUse])
        #expect(!manager.isUpdating)
        #expect(output.values == [LocationServiceValue(stream: Self.denied, value: nil)])
    }

    @Test("stops and signals when access is revoked, and starts again when it comes back")
    func followsSettings() {
        let (_, manager, output) = Self.service(status: .authorizedWhenInUse)
        manager.changeAuthorization(to: .denied)
        #expect(!manager.isUpdating)
        #expect(output.values(on: Self.denied) == [nil])

        manager.changeAuthorization(to: .authorizedAlways)
        #expect(manager.isUpdating)
        manager.changeAuthorization(to: .restricted)
        #expect(!manager.isUpdating)
        #expect(output.values(on: Self.denied) == [nil, nil])
        #expect(manager.requests.isEmpty)
    }

    @Test("publishes only the last coordinate of each batch")
    func publishesLastOfBatch() {
        let (_, manager, output) = Self.service(status: .authorizedWhenInUse)
        manager.deliver([
            Self.fix(37.33, -122.03, second: 1), Self.fix(37.34, -122.02, second: 2),
            Self.fix(37.35, -122.01, second: 3),
        ])
        #expect(
            output.values == [LocationServiceValue(stream: Self.coordinates, value: Self.coordinate(37.35, -122.01))])

        manager.deliver([Self.fix(-33.8688, 151.2093, second: 4)])
        manager.deliver([])
        #expect(
            output.values(on: Self.coordinates) == [
                Self.coordinate(37.35, -122.01), Self.coordinate(-33.8688, 151.2093),
            ])
        #expect(output.completions.isEmpty)
    }

    @Test("treats locationUnknown as transient and keeps publishing")
    func locationUnknownIsTransient() {
        let (_, manager, output) = Self.service(status: .authorizedWhenInUse)
        manager.fail(with: .locationUnknown)
        manager.fail(with: .locationUnknown)
        #expect(manager.isUpdating)
        #expect(output.completions.isEmpty)

        manager.deliver([Self.fix(1, 2)])
        #expect(output.values(on: Self.coordinates) == [Self.coordinate(1, 2)])
    }

    @Test(
        "completes with a fatal error, stops, and publishes nothing after it",
        arguments: [LocationErrorCode.network, .denied, .headingFailure, .promptDeclined])
    func fatalErrorCompletes(_ error: LocationErrorCode) {
        let (_, manager, output) = Self.service(status: .authorizedWhenInUse)
        manager.deliver([Self.fix(1, 2)])
        manager.fail(with: error)

        #expect(output.completions == [LocationServiceCompletion(stream: Self.coordinates, error: error)])
        #expect(!manager.isUpdating)

        manager.deliver([Self.fix(3, 4)])
        manager.fail(with: .network)
        manager.fail(with: .locationUnknown)
        manager.fail(with: error)
        #expect(output.values(on: Self.coordinates) == [Self.coordinate(1, 2)])
        #expect(output.completions == [LocationServiceCompletion(stream: Self.coordinates, error: error)])
    }

    @Test("publishes nothing after a fatal error even when updates start again")
    func staysFinished() {
        let (service, manager, output) = Self.service(status: .authorizedWhenInUse)
        manager.fail(with: .network)
        service.requestLocationUpdates()
        manager.deliver([Self.fix(5, 6)])
        #expect(output.values(on: Self.coordinates).isEmpty)
        #expect(output.completions.count == 1)
    }

    @Test("requestLocationUpdates asks again while undetermined")
    func requestWhileUndetermined() {
        let (service, manager, output) = Self.service(status: .notDetermined, answer: nil)
        service.requestLocationUpdates()
        #expect(manager.requests == [.whenInUse, .whenInUse])
        #expect(!manager.isUpdating)
        #expect(output.values.isEmpty)
    }

    @Test(
        "requestLocationUpdates starts updating when authorized",
        arguments: [AuthorizationStatus.authorizedWhenInUse, .authorizedAlways])
    func requestWhileAuthorized(_ status: AuthorizationStatus) {
        let (service, manager, output) = Self.service(status: status)
        manager.stopUpdatingLocation()
        service.requestLocationUpdates()
        #expect(manager.isUpdating)
        #expect(manager.requests.isEmpty)
        #expect(output.values.isEmpty)
    }

    @Test(
        "requestLocationUpdates signals denial again when denied or restricted",
        arguments: [AuthorizationStatus.denied, .restricted])
    func requestWhileDenied(_ status: AuthorizationStatus) {
        let (service, manager, output) = Self.service(status: status)
        service.requestLocationUpdates()
        #expect(!manager.isUpdating)
        #expect(manager.requests.isEmpty)
        #expect(output.values(on: Self.denied) == [nil, nil])
    }

    @Test("the contract sets up the same service on the platform")
    func contract() async throws {
        let manager = SimulatedLocationManager(status: .notDetermined)
        let output = CollectingLocationOutput()
        let implementation = try await ReferenceContract.deviceLocationService.setUp(
            Platform.simulated(locationManager: manager, locationOutput: output))
        manager.deliver([Self.fix(10, 20), Self.fix(11, 21)])
        #expect(manager.requests == [.whenInUse])
        #expect(manager.isUpdating)
        #expect(output.values(on: Self.coordinates) == [Self.coordinate(11, 21)])
        _ = implementation
    }
}

@Suite("LocationStreams")
struct LocationStreamsTests {
    private typealias Coordinate = LocationStreams.Coordinate

    @Test("carries the service's coordinates, then ends with its fatal error")
    func coordinatesThenFailure() async throws {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let streams = LocationStreams()
        let service = DeviceLocationService(manager: manager, output: streams)
        manager.deliver([LocationFix(latitude: 1, longitude: 2, timestamp: "2026-01-31T12:00:00Z")])
        manager.deliver([
            LocationFix(latitude: 3, longitude: 4, timestamp: "2026-01-31T12:00:01Z"),
            LocationFix(latitude: 5, longitude: 6, timestamp: "2026-01-31T12:00:02Z"),
        ])
        manager.fail(with: .network)
        manager.deliver([LocationFix(latitude: 7, longitude: 8, timestamp: "2026-01-31T12:00:03Z")])

        var received: [Coordinate] = []
        var failure: (any Error)?
        do {
            for try await coordinate in streams.coordinates { received.append(coordinate) }
        } catch {
            failure = error
        }
        #expect(received == [Coordinate(latitude: 1, longitude: 2), Coordinate(latitude: 5, longitude: 6)])
        #expect((failure as? LocationStreams.Failure)?.code == .network)
        _ = service
    }

    @Test("signals denial on its own stream")
    func deniedSignal() async {
        let manager = SimulatedLocationManager(status: .denied)
        let streams = LocationStreams()
        let service = DeviceLocationService(manager: manager, output: streams)
        var denials = streams.deniedLocationAccess.makeAsyncIterator()
        #expect(await denials.next() != nil)

        manager.changeAuthorization(to: .restricted)
        #expect(await denials.next() != nil)
        _ = service
    }

    @Test("finishes normally when completed without an error")
    func finishesNormally() async throws {
        let streams = LocationStreams()
        streams.publish(["latitude": 1, "longitude": 2], on: DeviceLocationService.coordinatesStream)
        streams.complete(DeviceLocationService.coordinatesStream, error: nil)
        streams.publish(["latitude": 3, "longitude": 4], on: DeviceLocationService.coordinatesStream)

        var received: [Coordinate] = []
        for try await coordinate in streams.coordinates { received.append(coordinate) }
        #expect(received == [Coordinate(latitude: 1, longitude: 2)])
    }

    @Test("ignores values it cannot read and streams it does not know")
    func ignoresOddValues() async throws {
        let streams = LocationStreams()
        let stream = DeviceLocationService.coordinatesStream
        streams.publish("1,2", on: stream)
        streams.publish(["latitude": 1], on: stream)
        streams.publish(["latitude": "1", "longitude": "2"], on: stream)
        streams.publish(["latitude": 1, "longitude": 2], on: "heading")
        streams.complete("heading", error: .network)
        streams.publish(["latitude": 9, "longitude": 10, "altitude": 11], on: stream)
        streams.complete(stream, error: .headingFailure)

        var received: [Coordinate] = []
        var failure: (any Error)?
        do {
            for try await coordinate in streams.coordinates { received.append(coordinate) }
        } catch {
            failure = error
        }
        #expect(received == [Coordinate(latitude: 9, longitude: 10)])
        #expect((failure as? LocationStreams.Failure)?.code == .headingFailure)
    }
}
