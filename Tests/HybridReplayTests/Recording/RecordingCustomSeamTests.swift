import Testing
@testable import HybridReplay
import HybridReplaySimulation

@Suite("Recording custom seams")
struct RecordingCustomSeamTests {
    @Test("records sent events as effects and delivered ones as stimuli that cause the handler's effects")
    func featureFlags() throws {
        let recorder = stillRecorder()
        let seam = SimulatedCustomSeam()
        let platform = recorder.platform(wrapping: .simulated(cookieStore: InMemoryCookieStore(), custom: seam))

        RecordingApps.FeatureFlags(platform: platform).start()
        try seam.deliver(CustomEvent(name: "flags.value", direction: .stimulus, fields: ["key": "newCheckout", "enabled": true]))

        #expect(
            recorder.events == [
                Event(id: 1, at: 0, payload: CustomEvent(name: "flags.fetch", direction: .effect, fields: ["key": "newCheckout"])),
                Event(
                    id: 2, at: 0,
                    payload: CustomEvent(name: "flags.value", direction: .stimulus, fields: ["key": "newCheckout", "enabled": true])),
                Event(
                    id: 3, at: 0, cause: 2,
                    payload: CustomEvent(name: "analytics.track", direction: .effect, fields: ["flag": "newCheckout", "enabled": true])),
            ])
        #expect(seam.sent.map(\.name) == ["flags.fetch", "analytics.track"])
    }
}
