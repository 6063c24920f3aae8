@testable import HybridReplay
import HybridReplayTestSupport
import Testing

@Suite("Comparing payloads field by field")
struct PayloadComparisonTests {
    typealias Tree = PayloadComparison.Tree

    let comparison = PayloadComparison(placeholders: .standard, eventID: 7)
    static let recordedID = "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"
    static let actualID = "00000000-0000-4000-8000-000000000001"

    @Test("two elements that changed places read as one swap, not field by field")
    func swappedElementsReadAsOneSwap() {
        var bindings = PlaceholderBindings()
        // A quote merged in completion order where the recording had the menu first.
        let recorded = JavaScriptEvaluation(
            script: #"checkout.render([{"section":"menu","subtotal":18.4},{"section":"fees","delivery":2.99}])"#)
        let happened = JavaScriptEvaluation(
            script: #"checkout.render([{"section":"fees","delivery":2.99},{"section":"menu","subtotal":18.4}])"#)
        let differences = comparison.differences(expected: recorded, actual: happened, bindings: &bindings)
        #expect(differences.count == 1, "\(differences)")
        #expect(differences.first?.path == "script.json[0][0] and script.json[0][1]", "\(differences)")
        #expect(differences.first?.note == "swapped: each holds what the recording has at the other", "\(differences)")
        #expect(differences.first?.actual?.contains(#""section":"fees""#) == true, "\(differences)")
        // In a plain JSON value too, such as a reply's array.
        let list = Tree(.array([.string("a"), .string("b"), .string("c")]))
        let turned = Tree(.array([.string("c"), .string("b"), .string("a")]))
        #expect(comparison.differences(expected: list, actual: turned, bindings: &bindings).map(\.path) == ["[0] and [2]"])
    }

    @Test("two elements that changed but did not swap are still reported field by field")
    func twoChangedElementsAreNotASwap() {
        var bindings = PlaceholderBindings()
        let list = Tree(.array([.string("a"), .string("b"), .string("c")]))
        let changed = Tree(.array([.string("b"), .string("x"), .string("c")]))
        #expect(
            comparison.differences(expected: list, actual: changed, bindings: &bindings).map(\.description)
                == [#"[0]: expected "a", found "b""#, #"[1]: expected "b", found "x""#])
    }

    @Test("two scripts that differ only inside their JSON objects are reported member by member, not as text of a form neither wrote")
    func scriptObjectsReportedByMember() {
        var bindings = PlaceholderBindings()
        let recorded = JavaScriptEvaluation(script: #"exports.ready({"pages":41,"format":"pdf","sheets":21})"#)
        // A plain JSONEncoder's key order, another value, and the second object alike.
        let happened = JavaScriptEvaluation(script: #"exports.ready({"sheets":20,"pages":41,"format":"pdf"})"#)
        #expect(
            comparison.differences(expected: recorded, actual: happened, bindings: &bindings)
                == [FieldDifference(path: "script.json[0].sheets", expected: "21", actual: "20")])
        let two = JavaScriptEvaluation(script: #"show({"a":1}, {"b":[true]})"#)
        let other = JavaScriptEvaluation(script: #"show({"a":1}, {"b":[false]})"#)
        #expect(
            comparison.differences(expected: two, actual: other, bindings: &bindings).map(\.path) == ["script.json[1].b[0]"])
    }

    /// A bridge's `renderClasses(\(json))`, the list written by a plain `JSONEncoder` (declaration
    /// order), recorded with sorted keys; the timestamps are volatile values of ``Placeholders/standard``.
    static func classes(_ spots: [Int], sorted: Bool) -> JavaScriptEvaluation {
        let rows = [("c-101", "2026-01-02T07:30:00Z", "Mitte", "Vinyasa Yoga"), ("c-102", "2026-01-02T19:00:00Z", "Kreuzberg", "Yoga Nidra")]
        let objects = zip(rows, spots).map { row, spots in
            sorted
                ? #"{"id":"\#(row.0)","spotsLeft":\#(spots),"startsAt":"\#(row.1)","studio":"\#(row.2)","title":"\#(row.3)"}"#
                : #"{"title":"\#(row.3)","studio":"\#(row.2)","id":"\#(row.0)","startsAt":"\#(row.1)","spotsLeft":\#(spots)}"#
        }
        return JavaScriptEvaluation(script: "fitclub.renderClasses([\(objects.joined(separator: ","))])")
    }

    @Test("a JSON array of objects in a script, with timestamps in it, is reported member by member, not at a key-order character")
    func scriptArrayReportedByMember() {
        var bindings = PlaceholderBindings()
        let recorded = Self.classes([4, 1], sorted: true)
        // Unchanged but for the key order: a match.
        #expect(comparison.differences(expected: recorded, actual: Self.classes([4, 1], sorted: false), bindings: &bindings).isEmpty)
        let offByOne = comparison.differences(expected: recorded, actual: Self.classes([3, 0], sorted: false), bindings: &bindings)
        #expect(
            offByOne.map(\.description) == [
                "script.json[0][0].spotsLeft: expected 4, found 3", "script.json[0][1].spotsLeft: expected 1, found 0",
            ], "\(offByOne)")
        // One class left out: a missing element, not a character offset.
        let fewer = comparison.differences(expected: recorded, actual: Self.classes([4], sorted: false), bindings: &bindings)
        #expect(fewer.map(\.path) == ["script.json[0][1]"], "\(fewer)")
        #expect(fewer.first?.actual == nil, "\(fewer)")
        #expect(fewer.first?.expected?.contains(#""id":"c-102""#) == true, "\(fewer)")
        // An array in a string literal the page parses, and an array of plain values, alike.
        let quoted = comparison.differences(
            expected: JavaScriptEvaluation(script: #"render('[{"b":1,"a":2}]')"#),
            actual: JavaScriptEvaluation(script: #"render('[{"a":3,"b":1}]')"#), bindings: &bindings)
        #expect(quoted.map(\.description) == ["script.json[0][0].a: expected 2, found 3"], "\(quoted)")
        let plain = comparison.differences(
            expected: JavaScriptEvaluation(script: "setRange([1, 2, 3])"), actual: JavaScriptEvaluation(script: "setRange([1, 2])"),
            bindings: &bindings)
        #expect(plain.map(\.description) == ["script.json[0][2]: expected 3, found no field"], "\(plain)")
        // An index into an array is not an array literal.
        let index = comparison.differences(
            expected: JavaScriptEvaluation(script: "rows[1].focus()"), actual: JavaScriptEvaluation(script: "rows[2].focus()"),
            bindings: &bindings)
        #expect(index.map(\.path) == ["script"], "\(index)")
    }

    @Test("a volatile value in the text around a script's objects is matched there: bound as it should be, the member is reported")
    func scriptVolatileAroundObjects() {
        var bindings = PlaceholderBindings()
        let recorded = JavaScriptEvaluation(script: #"resolve('\#(Self.recordedID)', {"sheets":21})"#)
        let found = comparison.differences(
            expected: recorded, actual: JavaScriptEvaluation(script: #"resolve('\#(Self.actualID)', {"sheets":20})"#),
            bindings: &bindings)
        #expect(found.map(\.description) == ["script.json[0].sheets: expected 21, found 20"], "\(found)")
        // An id already bound to another value: the text is the difference.
        var bound = PlaceholderBindings()
        #expect(
            comparison.differences(
                expected: JavaScriptEvaluation(script: #"resolve('\#(Self.recordedID)', 1)"#),
                actual: JavaScriptEvaluation(script: #"resolve('\#(Self.actualID)', 1)"#), bindings: &bound).isEmpty)
        let other = "00000000-0000-4000-8000-000000000002"
        let rebound = comparison.differences(
            expected: recorded, actual: JavaScriptEvaluation(script: #"resolve('\#(other)', {"sheets":20})"#), bindings: &bound)
        #expect(rebound.map(\.path) == ["script"], "\(rebound)")
    }

    @Test("a script reported as text is shown with its objects' keys sorted when as written they would differ first in key order")
    func scriptTextNeverPointsAtKeyOrder() {
        var bindings = PlaceholderBindings()
        let long = String(repeating: "x", count: 120)
        // The recorder wrote the object with sorted keys, the app in declaration order; the scripts
        // differ in the string after it.
        let found = comparison.differences(
            expected: JavaScriptEvaluation(script: #"ready({"id":"a","spotsLeft":4,"title":"\#(long)"}, 'a')"#),
            actual: JavaScriptEvaluation(script: #"ready({"title":"\#(long)","id":"a","spotsLeft":4}, 'b')"#), bindings: &bindings)
        #expect(
            found.map(\.description) == [
                #"script: expected …xxxxxxxxxxxxxxxxxx\"}, 'a')", found …xxxxxxxxxxxxxxxxxx\"}, 'b')" (they first differ at character 176 of 179 and 179; equal text elided)"#
            ], "\(found)")
    }

    @Test("a script whose text around its objects differs is reported as text")
    func scriptTextReportedWhole() {
        var bindings = PlaceholderBindings()
        let recorded = JavaScriptEvaluation(script: #"exports.ready({"sheets":21})"#)
        let happened = JavaScriptEvaluation(script: #"exports.failed({"sheets":20})"#)
        let found = comparison.differences(expected: recorded, actual: happened, bindings: &bindings)
        #expect(found.map(\.path) == ["script"], "\(found)")
        #expect(found.first?.actual == #""exports.failed({\"sheets\":20})""#, "\(found)")
    }

    @Test("a script that differs as text is shown as each side wrote it, not in the form the comparison reads")
    func scriptShownAsWritten() {
        var bindings = PlaceholderBindings()
        // The comparison reads both literals as one in `"`; the report quotes what each side has.
        let recorded = JavaScriptEvaluation(script: "greet('ada', {\"b\":1,\"a\":2})")
        let happened = JavaScriptEvaluation(script: "greet('bob', {\"b\":1,\"a\":2})")
        #expect(
            comparison.differences(expected: recorded, actual: happened, bindings: &bindings).map(\.description)
                == [#"script: expected "greet('ada', {\"b\":1,\"a\":2})", found "greet('bob', {\"b\":1,\"a\":2})""#])
        // Scripts that differ only in how they spell a string still match.
        #expect(comparison.differences(expected: recorded, actual: JavaScriptEvaluation(script: #"greet("ada", {"a":2,"b":1})"#), bindings: &bindings).isEmpty)
    }

    @Test("a field left out for its default is shown as that default: the page's content world, a message that expects no reply")
    func omittedDefaultsShown() {
        var bindings = PlaceholderBindings()
        let named = JavaScriptEvaluation(script: "f()", contentWorld: .world(name: "concierge"))
        #expect(
            comparison.differences(expected: named, actual: JavaScriptEvaluation(script: "f()"), bindings: &bindings).map(\.description)
                == [#"contentWorld: expected {"name":"concierge"}, found "page" (no field, which means the default)"#])
        let awaiting = ScriptMessage(handler: "h", body: .null, expectsReply: true)
        #expect(
            comparison.differences(expected: ScriptMessage(handler: "h", body: .null), actual: awaiting, bindings: &bindings)
                .map(\.description) == ["expectsReply: expected false, found true (the recording has no field, which means the default)"])
        // A custom event's field of that name means what the app says: no default is shown.
        let custom = CustomEvent(name: "e", direction: .effect, fields: ["contentWorld": "defaultClient"])
        #expect(
            comparison.differences(expected: custom, actual: CustomEvent(name: "e", direction: .effect), bindings: &bindings)
                .map(\.description) == [#"contentWorld: expected "defaultClient", found no field"#])
    }

    @Test("a recorded key that repeats meets the first happened member of that key, not the one at its position")
    func repeatedKeyPairsWithFirstMember() {
        var bindings = PlaceholderBindings()
        let expected = Tree.object([("a", .scalar("x")), ("a", .scalar("y"))])
        let found = comparison.differences(expected: expected, actual: expected, bindings: &bindings)
        #expect(found == [FieldDifference(path: "a", expected: "\"y\"", actual: "\"x\"", note: "")])
    }

    @Test("a repeated key binds its volatile value against the first happened member, and a mismatch binds nothing")
    func repeatedKeyBindsAgainstFirstMember() {
        var bindings = PlaceholderBindings()
        let expected = Tree.object([("id", .scalar(.string(Self.recordedID))), ("id", .scalar(.string(Self.recordedID)))])
        let actual = Tree.object([("id", .scalar(.string(Self.actualID))), ("id", .scalar("other"))])
        #expect(comparison.differences(expected: expected, actual: actual, bindings: &bindings).isEmpty)
        #expect(bindings.byRecorded[Self.recordedID]?.actual == Self.actualID)

        var fresh = PlaceholderBindings()
        let swapped = Tree.object([("id", .scalar("other")), ("id", .scalar(.string(Self.actualID)))])
        let found = comparison.differences(expected: expected, actual: swapped, bindings: &fresh)
        #expect(found.map(\.path) == ["id", "id"])
        #expect(fresh.byRecorded.isEmpty)
    }

    @Test("objects with the same keys in the same order report each differing member once, in key order")
    func sameKeysReportEachDifference() {
        var bindings = PlaceholderBindings()
        let expected = Tree.object([("a", .scalar(1)), ("b", .scalar("x")), ("c", .array([.scalar(true)]))])
        let actual = Tree.object([("a", .scalar(2)), ("b", .scalar("x")), ("c", .array([.scalar(false), .scalar(nil)]))])
        let found = comparison.differences(expected: expected, actual: actual, bindings: &bindings)
        #expect(
            found == [
                FieldDifference(path: "a", expected: "1", actual: "2"),
                FieldDifference(path: "c[0]", expected: "true", actual: "false"),
                FieldDifference(path: "c[1]", expected: nil, actual: "null"),
            ])
    }

    @Test("generated trees, repeated and reordered keys among them, get the differences and bindings of a comparison by key")
    func generatedTreesAgreeWithComparisonByKey() {
        var random = SplitMix64(seed: 0x5EED_13)
        for _ in 0..<3_000 {
            let expected = Self.tree(depth: 3, &random)
            let actual = Int.random(in: 0..<3, using: &random) == 0 ? Self.tree(depth: 3, &random) : Self.mutated(expected, &random)
            var bindings = PlaceholderBindings()
            var reference = PlaceholderBindings()
            let found = comparison.differences(expected: expected, actual: actual, bindings: &bindings)
            let wanted = Self.differencesByKey(expected, actual, comparison, &reference)
            #expect(found == wanted, "\(expected.text) against \(actual.text)")
            #expect(bindings.byRecorded == reference.byRecorded)
            #expect(bindings.byActual == reference.byActual)
        }
    }

    // MARK: A comparison that always pairs members by key, as the replay did before it paired them by position

    static func differencesByKey(
        _ expected: Tree, _ actual: Tree, _ comparison: PayloadComparison, _ bindings: inout PlaceholderBindings
    ) -> [FieldDifference] {
        var trial = bindings
        var found: [FieldDifference] = []
        byKey(expected, actual, FieldPath(), comparison, &trial, &found)
        if found.isEmpty { bindings = trial }
        return found
    }

    private static func byKey(
        _ expected: Tree, _ actual: Tree, _ path: FieldPath, _ comparison: PayloadComparison,
        _ bindings: inout PlaceholderBindings, _ found: inout [FieldDifference]
    ) {
        switch (expected, actual) {
        case (.object(let recorded), .object(let happened)):
            for (key, value) in recorded {
                if let other = happened.first(where: { $0.0 == key }) {
                    byKey(value, other.1, path.appending(.key(key)), comparison, &bindings, &found)
                } else {
                    found.append(FieldDifference(path: path.appending(.key(key)).description, expected: value.text, actual: nil))
                }
            }
            for (key, value) in happened where !recorded.contains(where: { $0.0 == key }) {
                found.append(FieldDifference(path: path.appending(.key(key)).description, expected: nil, actual: value.text))
            }
        case (.array(let recorded), .array(let happened)):
            for index in 0..<max(recorded.count, happened.count) {
                let at = path.appending(.index(index))
                if index < recorded.count, index < happened.count {
                    byKey(recorded[index], happened[index], at, comparison, &bindings, &found)
                } else if index < recorded.count {
                    found.append(FieldDifference(path: at.description, expected: recorded[index].text, actual: nil))
                } else {
                    found.append(FieldDifference(path: at.description, expected: nil, actual: happened[index].text))
                }
            }
        case (.scalar(.string(let recorded)), .scalar(.string(let happened))):
            let components = path.components
            let isHeaderName =
                components.count >= 3 && components[components.count - 1] == .key("name")
                && components[components.count - 3] == .key("headers")
            let problem =
                isHeaderName
                ? (recorded.lowercased() == happened.lowercased() ? nil : "")
                : bindings.match(expected: recorded, actual: happened, eventID: comparison.eventID, placeholders: comparison.placeholders)
            if let problem {
                found.append(FieldDifference(path: path.description, expected: expected.text, actual: actual.text, note: problem))
            }
        case (.scalar(.string(let recorded)), .scalar):
            if let problem = bindings.match(
                expected: recorded, nonString: actual.text, eventID: comparison.eventID, placeholders: comparison.placeholders)
            {
                found.append(FieldDifference(path: path.description, expected: expected.text, actual: actual.text, note: problem))
            }
        default:
            if expected != actual {
                found.append(FieldDifference(path: path.description, expected: expected.text, actual: actual.text))
            }
        }
    }

    // MARK: Generated trees

    static let keys = ["a", "b", "name", "headers"]
    static let strings = [
        "x", "X", recordedID, actualID, "id \(recordedID)", "id \(actualID)", "[REDACTED:1]", "2026-11-30T09:15:02Z",
        "2026-12-01T10:00:00Z",
    ]

    static func tree(depth: Int, _ random: inout SplitMix64) -> Tree {
        switch depth == 0 ? 0 : Int.random(in: 0..<4, using: &random) {
        case 1:
            let count = Int.random(in: 0..<4, using: &random)
            return .object((0..<count).map { _ in (keys.randomElement(using: &random) ?? "a", tree(depth: depth - 1, &random)) })
        case 2:
            return .array((0..<Int.random(in: 0..<3, using: &random)).map { _ in tree(depth: depth - 1, &random) })
        default:
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return .scalar(.number(Double(Int.random(in: 0..<3, using: &random))))
            case 1: return .scalar(.bool(Bool.random(using: &random)))
            default: return .scalar(.string(strings.randomElement(using: &random) ?? "x"))
            }
        }
    }

    /// `tree` with one member changed, dropped, added or moved, or one scalar replaced.
    static func mutated(_ tree: Tree, _ random: inout SplitMix64) -> Tree {
        switch tree {
        case .object(var members) where !members.isEmpty:
            let index = Int.random(in: 0..<members.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: members.remove(at: index)
            case 1: members.append((keys.randomElement(using: &random) ?? "a", Self.tree(depth: 1, &random)))
            case 2: members.swapAt(index, members.count - 1)
            case 3: members[index].0 = keys.randomElement(using: &random) ?? "a"
            default: members[index].1 = mutated(members[index].1, &random)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty:
            let index = Int.random(in: 0..<elements.count, using: &random)
            elements[index] = mutated(elements[index], &random)
            return .array(elements)
        default:
            return Self.tree(depth: 0, &random)
        }
    }
}
