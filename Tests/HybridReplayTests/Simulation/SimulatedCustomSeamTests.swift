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
            "the custom seam has no handler for 'flags.value' (none is set); "
                + "the app sets one with setHandler(_:forEventNamed:) or setHandler(_:) before the seam delivers")) {
            try seam.deliver(flag)
        }
        seam.setHandler(SimulatedApp.CustomHandler(log: SimulatedApp.Log()))
        seam.setHandler(nil)
        #expect(throws: SimulationError.self) { try seam.deliver(flag) }
    }

    @Test("gives each stimulus to the handler set for its name, so two handlers do not replace each other")
    func namedHandlers() throws {
        let seam = SimulatedCustomSeam()
        let flags = SimulatedApp.Log<CustomEvent>()
        let loads = SimulatedApp.Log<CustomEvent>()
        let load = CustomEvent(name: "load", direction: .stimulus, fields: ["url": "https://example.com/"])
        seam.setHandler(SimulatedApp.CustomHandler(log: flags), forEventNamed: "flags.value")
        seam.setHandler(SimulatedApp.CustomHandler(log: loads), forEventNamed: "load")

        try seam.deliver(flag)
        try seam.deliver(load)

        #expect(flags.entries == [flag])
        #expect(loads.entries == [load])
    }

    @Test("sends a stimulus no named handler takes to the handler set without a name")
    func fallbackHandler() throws {
        let seam = SimulatedCustomSeam()
        let named = SimulatedApp.Log<CustomEvent>()
        let others = SimulatedApp.Log<CustomEvent>()
        seam.setHandler(SimulatedApp.CustomHandler(log: named), forEventNamed: "load")
        seam.setHandler(SimulatedApp.CustomHandler(log: others))

        try seam.deliver(flag)

        #expect(named.entries.isEmpty)
        #expect(others.entries == [flag])
    }

    @Test("fails, listing the names that have handlers, when none takes the stimulus")
    func noHandlerForName() {
        let seam = SimulatedCustomSeam()
        seam.setHandler(SimulatedApp.CustomHandler(log: SimulatedApp.Log()), forEventNamed: "load")
        seam.setHandler(SimulatedApp.CustomHandler(log: SimulatedApp.Log()), forEventNamed: "requestLocationUpdates")
        #expect(throws: SimulationError(
            "the custom seam has no handler for 'flags.value' (handlers are set for: load, requestLocationUpdates); "
                + "the app sets one with setHandler(_:forEventNamed:) or setHandler(_:) before the seam delivers")) {
            try seam.deliver(flag)
        }
        seam.setHandler(nil, forEventNamed: "load")
        #expect(throws: SimulationError.self) { try seam.deliver(CustomEvent(name: "load", direction: .stimulus)) }
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
