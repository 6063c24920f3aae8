import HybridReplay
import HybridReplaySimulation
import HybridReplayReference
import Testing

@Suite("LocationRequestHandler")
struct LocationRequestHandlerTests {
    @Test("writes the app's request as a requestLocationUpdates stimulus without fields")
    func event() {
        #expect(LocationRequestHandler.eventName == "requestLocationUpdates")
        #expect(
            LocationRequestHandler.event()
                == CustomEvent(name: "requestLocationUpdates", direction: .stimulus, fields: [:]))
        #expect(LocationRequestHandler.event().kind.description == "custom.requestLocationUpdates")
    }

    @Test("becomes the seam's handler and calls the request once per event, before deliver returns")
    func callsRequestSynchronously() throws {
        let seam = SimulatedCustomSeam()
        let requests = SharedBox(0)
        #expect(throws: SimulationError.self) { try seam.deliver(LocationRequestHandler.event()) }

        LocationRequestHandler(seam: seam) { requests.update { $0 += 1 } }
        try seam.deliver(LocationRequestHandler.event())
        #expect(requests.current == 1)
        try seam.deliver(LocationRequestHandler.event())
        #expect(requests.current == 2)
        #expect(seam.sent.isEmpty)
    }

    @Test("takes only its own event, leaving other names to the seam's other handlers, and ignores fields it does not know")
    func ignoresOtherEvents() throws {
        let seam = SimulatedCustomSeam()
        let requests = SharedBox(0)
        let others = SharedBox<[String]>([])
        LocationRequestHandler(seam: seam) { requests.update { $0 += 1 } }
        seam.setHandler(NameCollector(names: others))

        let names = ["load", "RequestLocationUpdates", "requestLocation", "requestLocationUpdates "]
        for name in names {
            try seam.deliver(CustomEvent(name: name, direction: .stimulus))
        }
        #expect(requests.current == 0)
        #expect(others.current == names)

        try seam.deliver(CustomEvent(name: "requestLocationUpdates", direction: .stimulus, fields: ["reason": "map"]))
        #expect(requests.current == 1)
    }

    @Test("records the service's response to the request as caused by the stimulus")
    func recordsCause() async throws {
        let clock = ManualClock()
        let device = SimulatedLocationManager(status: .authorizedWhenInUse)
        let seam = SimulatedCustomSeam()
        let recorder = Recorder(name: "location-request", clock: clock)
        let implementation = try await ReferenceContract.deviceLocationService.setUp(
            recorder.platform(wrapping: Platform.simulated(locationManager: device, custom: seam, clock: clock)))
        await device.settle()
        try seam.deliver(LocationRequestHandler.event())

        let events = recorder.events
        let request = try #require(events.first { $0.kind == LocationRequestHandler.event().kind })
        let start = try #require(events.first { $0.kind == LocationUpdatesStart.eventKind })
        #expect(start.cause == request.id)
        #expect(events.map(\.kind.description) == [
            "location.configure", "location.delegate", "location.authorization", "custom.requestLocationUpdates",
            "location.startUpdating",
        ])
        _ = implementation
    }

    /// Keeps the names of the stimuli it receives.
    private struct NameCollector: CustomEventHandler {
        let names: SharedBox<[String]>

        func didReceive(_ event: CustomEvent) { names.update { $0.append(event.name) } }
    }
}
