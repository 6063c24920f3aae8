import Testing
@testable import HybridReplay

@Suite("CanonicalNumber")
struct CanonicalNumberTests {
    @Test(
        "numbers print in the shortest form that reads back the same",
        arguments: [
            (37.33233141, "37.33233141"), (-122.0312186, "-122.0312186"), (255, "255"), (0, "0"), (-0.0, "-0"),
            (0.1, "0.1"), (1e-05, "1e-05"), (9_007_199_254_740_992, "9007199254740992"), (1e16, "1e+16"),
            (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"), (-1.5, "-1.5"),
        ] as [(Double, String)])
    func shortest(value: Double, text: String) {
        #expect(CanonicalNumber.text(value) == text)
        #expect(Double(text) == value)
    }

    @Test("infinities and NaN print as null, as JSON.stringify does")
    func nonFinite() {
        #expect(CanonicalNumber.text(.infinity) == "null")
        #expect(CanonicalNumber.text(-.infinity) == "null")
        #expect(CanonicalNumber.text(.nan) == "null")
    }

    @Test("a cassette holding NaN still writes valid JSON")
    func writerStaysValid() throws {
        let cassette = Cassette(header: CassetteHeader(name: "nan"), events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "h", body: .number(.nan)))
        ])
        let read = try CassetteReader().read(CassetteWriter.canonicalBytes(of: cassette), path: "nan.json")
        #expect(read.events.first?.payload(as: ScriptMessage.self)?.body == .null)
    }

    @Test("a non-finite or negative time is a validation problem")
    func invalidTimes() {
        let problems = CassetteValidator.problems(in: Cassette(header: CassetteHeader(name: "t"), events: [
            Event(id: 1, at: .infinity, payload: LocationUpdatesStart()),
            Event(id: 2, at: -1, payload: LocationUpdatesStop()),
        ])).map(\.description)
        #expect(problems.contains("events[0].at: 'at' must be a finite number of seconds"))
        #expect(problems.contains("events[1].at: 'at' is -1 seconds; it must not be negative"))
    }
}
