import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import Testing

@Suite("LocationStreams")
struct LocationStreamsTests {
    private typealias Coordinate = LocationStreams.Coordinate

    @Test("carries the service's coordinates, then ends with its fatal error")
    func coordinatesThenFailure() async throws {
        let manager = SimulatedLocationManager(status: .authorizedWhenInUse)
        let streams = LocationStreams()
        let service = DeviceLocationService(manager: manager, output: streams)
        service.requestLocationUpdates()
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
    }

    @Test("signals denial on its own stream once the app asks, and again when access is restricted")
    func deniedSignal() async {
        let manager = SimulatedLocationManager(status: .denied)
        let streams = LocationStreams()
        let service = DeviceLocationService(manager: manager, output: streams)
        service.requestLocationUpdates()
        var denials = streams.deniedLocationAccess.makeAsyncIterator()
        #expect(await denials.next() != nil)

        manager.changeAuthorization(to: .restricted)
        #expect(await denials.next() != nil)
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
