import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("SimulatedCustomSeam")
struct SimulatedCustomSeamTests {
    private let flag = CustomEvent(name: "flags.value", direction: .stimulus, fields: ["newCheckout": true])

    @Test("delivers a stimulus to the app's handler before returning")
    func delivers() throws {
        let seam = SimulatedCustomSeam()
        let log = SimulatedApp.Log<CustomEvent>()
        seam.setHandler(SimulatedApp.CustomHandler(log: log))

        try seam.deliver(flag)

        #expect(log.entries == [flag])
    }

    @Test("keeps the effects the app sends, in order")
    func keepsSent() {
        let seam = SimulatedCustomSeam()
        let lookup = CustomEvent(name: "flags.lookup", direction: .effect, fields: ["name": "newCheckout"])
        let track = CustomEvent(name: "analytics.track", direction: .effect)

        seam.send(lookup)
        seam.send(track)

        #expect(seam.sent == [lookup, track])
    }

    @Test("fails, naming the event, when the app set no handler")
    func noHandler() {
        let seam = SimulatedCustomSeam()
        #expect(throws: SimulationError(
            "no custom event handler is set to receive 'flags.value'; "
                + "the app sets one with setHandler(_:) before the seam delivers")) {
            try seam.deliver(flag)
        }
        seam.setHandler(SimulatedApp.CustomHandler(log: SimulatedApp.Log()))
        seam.setHandler(nil)
        #expect(throws: SimulationError.self) { try seam.deliver(flag) }
    }

    @Test("refuses to deliver an effect, which only app code sends")
    func refusesEffect() {
        let seam = SimulatedCustomSeam()
        let log = SimulatedApp.Log<CustomEvent>()
        seam.setHandler(SimulatedApp.CustomHandler(log: log))

        #expect(throws: SimulationError.self) {
            try seam.deliver(CustomEvent(name: "analytics.track", direction: .effect))
        }
        #expect(log.entries.isEmpty)
    }
}
