import Foundation
import HybridReplay
import Testing

@Suite("Payloads the format does not know")
struct UnknownPayloadTests {
    /// A payload type of the user's own, which the format cannot write.
    private struct Telemetry: EventPayload {
        var kind: EventKind { EventKind(.custom, "telemetry") }
        var direction: Direction { .effect }
        var summary: String { "telemetry" }
        var count: Int
    }

    private let cassette = Cassette(
        header: CassetteHeader(name: "unknown-payload"),
        events: [Event(id: 1, at: 0, payload: Telemetry(count: 3))])

    @Test("the validator reports a payload type the format does not know, naming the type and what to use instead")
    func validatorReports() {
        let problems = CassetteValidator.problems(in: cassette)
        #expect(problems.map(\.description) == [
            "events[0].payload: a payload of type Telemetry (kind custom.telemetry) is not one the cassette format knows; record events of your own seams as CustomEvent"
        ])
    }

    @Test("writing such a cassette fails and leaves the file that was there, instead of writing '{}'")
    func writerRefuses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unknown-payload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("c.json")
        try Data("previous\n".utf8).write(to: file)

        #expect(throws: FileWriteError.self) { try CassetteWriter.write(cassette, to: file) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "previous\n")
    }

    @Test("the format's own payloads and custom events are known")
    func knownPayloads() {
        let known = Cassette(
            header: CassetteHeader(name: "known"),
            events: [
                Event(id: 1, at: 0, payload: CustomEvent(name: "go", direction: .stimulus)),
                Event(id: 2, at: 0, cause: 1, payload: NavigationLoad(url: "https://example.com/")),
            ])
        #expect(CassetteValidator.problems(in: known).isEmpty)
    }
}
