import HybridReplay
import HybridReplayTestSupport
import Testing

@Suite struct VolatileFieldDiffTests {
    static let callbackID = CallbackBridgeCassette.callbackID

    static func bridge(firstID: Int, calls: Int = 4, answered: [Int: Int] = [:], declared: Bool) -> Cassette {
        CallbackBridgeCassette.make(firstID: firstID, calls: calls, answered: answered, declared: declared)
    }

    @Test("callback ids shifted in step are no change when the cassettes declare the field volatile")
    func declaredShift() {
        let diff = CassetteDiff.between(
            Self.bridge(firstID: 91_234_001, declared: true), Self.bridge(firstID: 55_012_001, declared: true))
        #expect(diff.isEmpty, "\(diff.eventChanges.flatMap(\.fields))")
    }

    @Test("callback ids shifted in step are a change when nothing declares them volatile")
    func undeclaredShift() {
        let diff = CassetteDiff.between(
            Self.bridge(firstID: 91_234_001, declared: false), Self.bridge(firstID: 55_012_001, declared: false))
        #expect(diff.count(of: .changed) == 8)
    }

    @Test("a declaration given as an option works as one in the header")
    func optionDeclaration() {
        let diff = CassetteDiff.between(
            Self.bridge(firstID: 91_234_001, declared: false), Self.bridge(firstID: 55_012_001, declared: false),
            options: CassetteDiffOptions(volatile: [Self.callbackID]))
        #expect(diff.isEmpty)
    }

    @Test("an answer that carries another call's id is a change even with the declaration")
    func inconsistentShift() throws {
        let diff = CassetteDiff.between(
            Self.bridge(firstID: 91_234_001, declared: true),
            Self.bridge(firstID: 55_012_001, answered: [2: 55_012_004], declared: true))
        #expect(diff.count(of: .changed) == 1)
        let change = try #require(diff.eventChanges.first)
        #expect(change.new?.id == 6)
        #expect(change.fields.map(\.path) == ["script"])
    }

    @Test("a value at a declared field is volatile only as a whole word")
    func wholeWords() {
        // 91234001 inside a longer number is not the declared value, so changing it is a change.
        var old = Self.bridge(firstID: 91_234_001, calls: 1, declared: true)
        var new = Self.bridge(firstID: 55_012_001, calls: 1, declared: true)
        old.events.append(Event(id: 3, at: 2, payload: NavigationLoad(url: "https://example.com/x912340015")))
        new.events.append(Event(id: 3, at: 2, payload: NavigationLoad(url: "https://example.com/x550120015")))
        #expect(CassetteDiff.between(old, new).count(of: .changed) == 1)
    }

    /// Calls whose ids are JSON numbers, answered in the body of a reply message.
    static func numbered(firstID: Int, answered: [Int: Int] = [:]) -> Cassette {
        var events: [Event] = []
        for call in 0..<3 {
            events.append(Event(
                id: events.count + 1, at: Double(call),
                payload: ScriptMessage(handler: "bridge", body: ["callbackId": .number(Double(firstID + call))])))
            events.append(Event(
                id: events.count + 1, at: Double(call), cause: events.count,
                payload: JavaScriptEvaluation(script: "fromNative(\(answered[call] ?? firstID + call))")))
        }
        return Cassette(header: CassetteHeader(name: "numbers", volatile: [callbackID]), events: events)
    }

    @Test("ids that are JSON numbers shifted in step are no change, and one renamed two ways is a change")
    func numbers() {
        #expect(CassetteDiff.between(Self.numbered(firstID: 91_234_001), Self.numbered(firstID: 55_012_001)).isEmpty)
        let inconsistent = CassetteDiff.between(
            Self.numbered(firstID: 91_234_001), Self.numbered(firstID: 55_012_001, answered: [0: 55_012_002]))
        #expect(inconsistent.count(of: .changed) >= 1)
    }
}
