@testable import HybridReplay
import Testing

@Suite("ReplayCustomSeam")
struct ReplayCustomSeamTests {
    private let cassette = makeCassette([
        Event(id: 1, at: 0, payload: CustomEvent(name: "load", direction: .stimulus, fields: ["url": "https://example.com/"])),
        Event(id: 2, at: 0, cause: 1, payload: CustomEvent(name: "loading", direction: .effect, fields: ["url": "https://example.com/"])),
        Event(id: 3, at: 0.5, payload: CustomEvent(name: "flags.value", direction: .stimulus, fields: ["on": true])),
        Event(id: 4, at: 0.5, cause: 3, payload: CustomEvent(name: "flag", direction: .effect, fields: ["on": true])),
    ])

    @Test("delivers each stimulus to the handler set for its name, so two handlers on one seam both work")
    func namedHandlers() async {
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let loader = Echo(seam: platform.custom, effect: "loading")
            let flags = Echo(seam: platform.custom, effect: "flag")
            platform.custom.setHandler(loader, forEventNamed: "load")
            platform.custom.setHandler(flags, forEventNamed: "flags.value")
            return [loader, flags]
        }
        #expect(report.passed, "\(report)")
    }

    @Test("fails, naming the handlers that are set, when no handler takes a stimulus")
    func missingHandler() async {
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let loader = Echo(seam: platform.custom, effect: "loading")
            platform.custom.setHandler(loader, forEventNamed: "load")
            return loader
        }
        #expect(!report.passed)
        #expect(
            report.issues.contains { $0.message.contains("the custom seam has no handler for 'flags.value' (handlers are set for: load)") },
            "\(report)")
    }

    /// Answers every stimulus with an effect named `effect` carrying the same fields.
    private struct Echo: CustomEventHandler {
        let seam: any CustomSeam
        let effect: String

        func didReceive(_ event: CustomEvent) {
            seam.send(CustomEvent(name: effect, direction: .effect, fields: event.fields))
        }
    }
}
