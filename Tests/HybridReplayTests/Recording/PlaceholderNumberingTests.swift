import Foundation
import Testing
@testable import HybridReplay
import HybridReplaySimulation

/// Secrets' placeholders in a cassette with concurrent child tasks are
/// numbered by where the written cassette first shows them, so re-recording
/// a fan-out whose children called in another order numbers them alike.
@Suite("Placeholder numbering of a written fan-out")
struct PlaceholderNumberingTests {
    typealias Rig = RecorderCauseTests.Rig

    /// Records two `async let` children, each sending its own bearer token;
    /// `aFirst` decides which child calls first; the answers come a, then b.
    static func recordFanOut(aFirst: Bool) async -> Cassette {
        let rig = Rig()
        let checkpoints = rig.checkpoints
        rig.handle("go") { platform in
            rig.tasks.start {
                async let a: Void = {
                    if !aFirst { await checkpoints.wait("a") }
                    await send("a", token: "token-of-child-a", on: platform)
                }()
                async let b: Void = {
                    if aFirst { await checkpoints.wait("b") }
                    await send("b", token: "token-of-child-b", on: platform)
                }()
                _ = await (a, b)
            }
        }
        await rig.web.post(.string("go"), to: "go")
        let (first, second) = aFirst ? ("a", "b") : ("b", "a")
        await rig.transport.calls.waitUntilHeld([Rig.url(first)])
        await checkpoints.waitUntilHeld([second])
        checkpoints.release(second)
        await rig.transport.calls.waitUntilHeld([Rig.url("a"), Rig.url("b")])
        rig.answer("a")
        // The answers are recorded by the children as they resume: b's waits until a's is there.
        _ = try? await rig.recorder.waitForEvents(HTTPResponse.eventKind, count: 1)
        rig.answer("b")
        await rig.tasks.settle()
        return rig.recorder.cassette()
    }

    static func send(_ name: String, token: String, on platform: Platform) async {
        let request = HTTPRequest(url: Rig.url(name), headers: [HTTPHeader("Authorization", "Bearer \(token)")])
        _ = try? await platform.transport.send(request)
    }

    @Test("two children sending their own tokens are written with the same numbers whichever called first")
    func fanOutNumbersDoNotDependOnCallOrder() async throws {
        let aFirst = await Self.recordFanOut(aFirst: true)
        let bFirst = await Self.recordFanOut(aFirst: false)
        let text = CassetteWriter.canonicalText(of: aFirst)
        #expect(text == CassetteWriter.canonicalText(of: bFirst))
        #expect(!text.contains("token-of-child"))
        // The call answered first is written first, and its secret is number 1.
        let requests = aFirst.events.compactMap { $0.payload(as: HTTPRequest.self) }
        #expect(requests.map(\.urlString) == [Rig.url("a"), Rig.url("b")])
        #expect(requests.map { $0.headers.first?.value } == ["Bearer [REDACTED:1]", "Bearer [REDACTED:2]"])
        #expect(aFirst.events.compactMap(\.strand) == [1, 2])
        #expect(CassetteValidator.problems(in: aFirst).isEmpty)
    }

    /// A message, two stranded calls to `first` and `second` carrying the
    /// given placeholders, then their answers in that order.
    static func fanOut(_ calls: [(path: String, placeholder: Int)]) -> [Event] {
        var events = [Event(id: 1, at: 0, payload: ScriptMessage(handler: "sync", body: "go"))]
        for (offset, call) in calls.enumerated() {
            let request = HTTPRequest(
                url: "https://api.example.com/\(call.path)",
                headers: [HTTPHeader("Authorization", "Bearer [REDACTED:\(call.placeholder)]")])
            events.append(Event(id: events.count + 1, at: 0, cause: 1, strand: offset + 1, payload: request))
        }
        return events
    }

    @Test("calls written together are ordered by their text without the placeholders' numbers, then numbered in that order")
    func sortingIgnoresNumbers() {
        // Neither call has an answer yet: both are written together at the end of the run, by text.
        let recordedAFirst = Strands.canonical(Self.fanOut([("a", 1), ("b", 2)]))
        let recordedBFirst = Strands.canonical(Self.fanOut([("b", 1), ("a", 2)]))
        #expect(recordedAFirst == recordedBFirst)
        let written = recordedBFirst.compactMap { $0.payload(as: HTTPRequest.self) }
        #expect(written.map(\.urlString) == ["https://api.example.com/a", "https://api.example.com/b"])
        #expect(written.map { $0.headers.first?.value } == ["Bearer [REDACTED:1]", "Bearer [REDACTED:2]"])
    }

    @Test("a cassette without strands keeps the numbers the recording gave")
    func withoutStrandsNumbersAreKept() {
        var events = Self.fanOut([("b", 2), ("a", 1)])
        for index in events.indices { events[index].strand = nil }
        #expect(Strands.canonical(events) == events)
    }

    @Test("numbers follow first appearance: sorted keys of free-form values, bytes of a base64 body, one number per secret")
    func firstAppearanceWalk() throws {
        let body = HTTPBody.json(.object(["zeta": .string("[REDACTED:7]"), "alpha": .string("x [REDACTED:9] y")]))
        let bytes = HTTPBody.bytes(Data([0xFF, 0x00] + Array("[REDACTED:5]".utf8)))
        let events = [
            Event(id: 1, at: 0, payload: HTTPRequest(method: "POST", url: "https://api.example.com/json", body: body)),
            Event(id: 2, at: 0, payload: HTTPRequest(method: "POST", url: "https://api.example.com/bin", body: bytes)),
            Event(id: 3, at: 0, payload: JavaScriptEvaluation(script: "use('[REDACTED:7]', '[REDACTED:5]')")),
        ]
        let numbered = PlaceholderNumbering.byFirstAppearance(events)
        #expect(numbered[0].payload(as: HTTPRequest.self)?.body
            == .json(.object(["zeta": .string("[REDACTED:2]"), "alpha": .string("x [REDACTED:1] y")])))
        #expect(numbered[1].payload(as: HTTPRequest.self)?.body == .bytes(Data([0xFF, 0x00] + Array("[REDACTED:3]".utf8))))
        #expect(numbered[2].payload(as: JavaScriptEvaluation.self)?.script == "use('[REDACTED:2]', '[REDACTED:3]')")
        #expect(PlaceholderNumbering.byFirstAppearance(numbered) == numbered, "already in order: left as it is")
    }

    @Test("text that only looks like a placeholder is neither counted nor changed", arguments: [
        "[REDACTED:0]", "[REDACTED:]", "[REDACTED:12a]", "[REDACTED:1234567890]", "[redacted:2]", "[REDACTED:3",
    ])
    func lookalikesAreLeftAlone(text: String) {
        let events = [
            Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "show('\(text)', '[REDACTED:4]')")),
        ]
        let numbered = PlaceholderNumbering.byFirstAppearance(events)
        #expect(numbered[0].payload(as: JavaScriptEvaluation.self)?.script == "show('\(text)', '[REDACTED:1]')")
        #expect(PlaceholderNumbering.masked(Array(text.utf8)) == Array(text.utf8))
    }

    @Test("masking leaves out only the digits of each placeholder")
    func masking() {
        #expect(PlaceholderNumbering.masked(Array("a [REDACTED:12] b [REDACTED:3]".utf8)) == Array("a [REDACTED:] b [REDACTED:]".utf8))
    }
}
