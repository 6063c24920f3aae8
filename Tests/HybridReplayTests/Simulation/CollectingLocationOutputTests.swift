import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("CollectingLocationOutput")
struct CollectingLocationOutputTests {
    @Test("keeps published values with their streams, in order")
    func collectsValues() {
        let output = CollectingLocationOutput()
        output.publish(["latitude": 37.33233141, "longitude": -122.0312186], on: "coordinates")
        output.publish("denied", on: "status")
        output.publish(["latitude": 51.5, "longitude": -0.12], on: "coordinates")

        #expect(
            output.values == [
                LocationServiceValue(stream: "coordinates", value: ["latitude": 37.33233141, "longitude": -122.0312186]),
                LocationServiceValue(stream: "status", value: "denied"),
                LocationServiceValue(stream: "coordinates", value: ["latitude": 51.5, "longitude": -0.12]),
            ])
        #expect(output.values(on: "status") == ["denied"])
        #expect(output.completions.isEmpty)
    }

    @Test("keeps completions, with their error or none")
    func collectsCompletions() {
        let output = CollectingLocationOutput()
        output.complete("coordinates", error: .denied)
        output.complete("status", error: nil)

        #expect(
            output.completions == [
                LocationServiceCompletion(stream: "coordinates", error: .denied),
                LocationServiceCompletion(stream: "status"),
            ])
        #expect(output.values.isEmpty)
    }
}
