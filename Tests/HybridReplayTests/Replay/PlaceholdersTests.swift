@testable import HybridReplay
import Testing
import HybridReplayTestSupport

@Suite("Volatile values and their bindings")
struct PlaceholdersTests {
    func found(_ value: VolatileValue, in text: String) -> [String] { value.find(text).map { String(text[$0]) } }

    @Test("UUIDs are found inside longer strings, in either case, but not inside longer hex runs")
    func uuids() {
        #expect(found(.uuid, in: "executePromise('3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43', data)") == ["3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"])
        #expect(found(.uuid, in: "3B9F6A2E-41C7-4D8A-9E25-7C0D1F8B6A43/0f3c0000-0000-4000-8000-000000000001") == [
            "3B9F6A2E-41C7-4D8A-9E25-7C0D1F8B6A43", "0f3c0000-0000-4000-8000-000000000001",
        ])
        #expect(found(.uuid, in: "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43f").isEmpty)
        #expect(found(.uuid, in: "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a4").isEmpty)
        #expect(found(.uuid, in: "3b9f6a2e_41c7-4d8a-9e25-7c0d1f8b6a43").isEmpty)
        #expect(found(.uuid, in: "ünïcödé 3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43 👋") == ["3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"])
    }

    @Test("RFC 3339 timestamps are found with fractions and offsets, and not without a zone")
    func timestamps() {
        #expect(found(.timestamp, in: "at 2026-11-30T09:15:02.418Z.") == ["2026-11-30T09:15:02.418Z"])
        #expect(found(.timestamp, in: "2026-11-30t09:15:02+01:00") == ["2026-11-30t09:15:02+01:00"])
        #expect(found(.timestamp, in: "2026-11-30T09:15:02").isEmpty)
        #expect(found(.timestamp, in: "2026-11-30T09:15:02+0100").isEmpty)
        #expect(found(.timestamp, in: "2026-11-30").isEmpty)
    }

    @Test("redaction placeholders are found numbered or bare, and nothing else in brackets")
    func redactions() {
        #expect(found(.redacted, in: "a=[REDACTED:1]; b=[REDACTED:12]; c=[REDACTED]") == ["[REDACTED:1]", "[REDACTED:12]", "[REDACTED]"])
        #expect(found(.redacted, in: "[REDACTED:] [REDACTED:x] [REDACTED:1").isEmpty)
    }

    @Test("values are found right after text that starts like one: brackets, digit runs and hex runs")
    func valuesAfterFalseStarts() {
        #expect(found(.redacted, in: "[[REDACTED:2]] [REDAC[REDACTED] [REDACTE") == ["[REDACTED:2]", "[REDACTED]"])
        #expect(found(.redacted, in: "[redacted:1] [ REDACTED] REDACTED").isEmpty)
        #expect(found(.timestamp, in: "20261-11-30T09:15:02Z") == ["0261-11-30T09:15:02Z"])
        #expect(found(.timestamp, in: "1234 2026-1 2026-11-30T09:15:02Z") == ["2026-11-30T09:15:02Z"])
        #expect(found(.uuid, in: "abc 3b9f6a2e-41c7 3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43") == ["3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"])
    }

    @Test("a recorded UUID binds to the first value it meets and to no other")
    func binding() {
        var bindings = PlaceholderBindings()
        let recorded = "id 3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"
        #expect(bindings.match(expected: recorded, actual: "id 00000000-0000-4000-8000-000000000001", eventID: 1, placeholders: .standard) == nil)
        #expect(bindings.match(expected: recorded, actual: "id 00000000-0000-4000-8000-000000000001", eventID: 2, placeholders: .standard) == nil)
        let problem = bindings.match(expected: recorded, actual: "id 00000000-0000-4000-8000-000000000002", eventID: 3, placeholders: .standard)
        #expect(problem == "the UUID recorded as \"3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43\" was bound to \"00000000-0000-4000-8000-000000000001\" by event 1")
        let reused = bindings.match(expected: "other 7c0d1f8b-0000-4000-8000-000000000000", actual: "other 00000000-0000-4000-8000-000000000001", eventID: 4, placeholders: .standard)
        #expect(reused?.hasPrefix("\"00000000-0000-4000-8000-000000000001\" already stands for the recorded UUID") == true)
        #expect(bindings.substitute("echo 3B9F6A2E-41C7-4D8A-9E25-7C0D1F8B6A43", eventID: 5, placeholders: .standard) == "echo 00000000-0000-4000-8000-000000000001")
    }

    @Test("a recorded value played back unbound binds to itself, unless another recorded value already stands for it")
    func substitutionBindsToItself() {
        var bindings = PlaceholderBindings()
        let first = "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"
        let second = "7c0d1f8b-0000-4000-8000-000000000000"
        #expect(bindings.substitute(first.uppercased(), eventID: 1, placeholders: .standard) == first.uppercased())
        #expect(bindings.byRecorded[first]?.actual == first.uppercased())
        #expect(bindings.byActual[first] == first)
        // The value `second` was bound to is `first`: playing `first` back cannot bind it to itself.
        var taken = PlaceholderBindings()
        _ = taken.bind(recorded: second, actual: first, eventID: 2, kind: .uuid)
        #expect(taken.substitute("echo \(first) [REDACTED]", eventID: 3, placeholders: .standard) == "echo \(first) [REDACTED]")
        #expect(taken.byRecorded.keys.sorted() == [second])
        #expect(taken.byActual == [first: second])
    }

    @Test("the text before a placeholder matches character by character, whatever bytes stand around where it ends")
    func literalPrefixMatchesAsCharacters() {
        let decomposed = "e\u{301}"
        let cases: [(literal: String, actual: String)] = [
            ("id ", "id 00000000"), ("id ", "id"), ("id ", "ID 0"), ("id ", "id "), ("id", "id\u{301} 0"),
            ("a\r", "a\r\n0"), ("a\r", "a\rb"), ("a\n", "a\n\r"), ("caf\u{E9} ", "caf\(decomposed) 0"),
            ("caf\(decomposed) ", "caf\u{E9} 0"), ("caf\(decomposed)", "caf\(decomposed)x"), ("1", "1\u{FE0F}\u{20E3}"),
            ("\u{600}a", "\u{600}ab"), ("x\u{600}", "x\u{600}a"), ("\u{1F1EB}", "\u{1F1EB}\u{1F1F7}"), ("😀 ", "😀 z"),
        ]
        for (literal, actual) in cases {
            let rest = actual[...]
            let characterwise = rest.hasPrefix(literal) ? rest.dropFirst(literal.count) : nil
            let dropped = PlaceholderBindings.dropping(literal[...], from: rest)
            #expect(dropped?.startIndex == characterwise?.startIndex, "\(literal.debugDescription) in \(actual.debugDescription)")
        }
    }

    @Test("a failed match leaves the bindings as they were")
    func failedMatchBindsNothing() {
        var bindings = PlaceholderBindings()
        let problem = bindings.match(
            expected: "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43 then x", actual: "00000000-0000-4000-8000-000000000001 then y",
            eventID: 1, placeholders: .standard)
        #expect(problem == "")
        #expect(bindings.byRecorded.isEmpty)
    }

    @Test("literal text around placeholders must match exactly")
    func literals() {
        var bindings = PlaceholderBindings()
        #expect(bindings.match(expected: "Bearer [REDACTED:1]", actual: "Basic abc", eventID: 1, placeholders: .standard) == "")
        #expect(bindings.match(expected: "Bearer [REDACTED:1]", actual: "Bearer ", eventID: 1, placeholders: .standard) != nil)
        #expect(bindings.match(expected: "Bearer [REDACTED:1]", actual: "Bearer t0k3n", eventID: 1, placeholders: .standard) == nil)
        #expect(bindings.match(expected: "plain", actual: "plain", eventID: 1, placeholders: .redactionsOnly) == nil)
        #expect(bindings.match(expected: "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43", actual: "00000000-0000-4000-8000-000000000001", eventID: 1, placeholders: .redactionsOnly) == "")
    }
}

@Suite("Finding UUIDs without trying every start")
struct UUIDFindingTests {
    /// Every start tried, as the replay did before it skipped the starts a byte rules out.
    static func everyStart(_ text: String) -> [String] {
        var found: [String] = []
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            if let count = VolatileValue.uuidLength(text[index...].utf8) {
                let end = text.utf8.index(index, offsetBy: count)
                found.append(String(text[index..<end]))
                index = end
            } else {
                index = text.utf8.index(after: index)
            }
        }
        return found
    }

    @Test("generated strings of hex digits, dashes and other bytes give the UUIDs every start gives")
    func generatedStringsAgreeWithEveryStart() {
        var random = SplitMix64(seed: 0x00_0D_5EED)
        let pieces = ["3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43", "3b9f6a2e", "-41c7", "-4d8a-9e25-", "7c0d1f8b6a43", "a", "F", "0", "-", "x", "é", " ", "g-"]
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0..<14, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }
                .joined()
            #expect(VolatileValue.uuid.find(text).map { String(text[$0]) } == Self.everyStart(text), "\(text)")
        }
    }

    @Test("a UUID is found after a near miss whose window holds a byte no UUID holds")
    func uuidAfterNearMiss() {
        let text = "3b9f6a2e-41c7-4d8x3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"
        #expect(VolatileValue.uuid.find(text).map { String(text[$0]) } == ["3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"])
    }
}
