import Foundation
@testable import HybridReplay
import Testing

/// JSON objects inside a script compare in any key order, as JSONEncoder
/// without `.sortedKeys` writes them; everything else compares as written.
@Suite("JSON objects inside scripts")
struct EmbeddedJSONTests {
    @Test(
        "an object literal is written with sorted keys, however it was ordered",
        arguments: [
            #"resolve('p1', {"b":1,"a":2})"#, #"resolve('p1', {"a":2,"b":1})"#, #"resolve('p1', { "b" : 1, "a" : 2 })"#,
        ])
    func objectKeysAreSorted(_ script: String) {
        #expect(EmbeddedJSON.canonical(script) == #"resolve('p1', {"a":2,"b":1})"#)
    }

    @Test("nested objects are sorted too, and arrays keep their order")
    func nestedObjectsAndArrays() {
        let script = #"done({"z":[3,1,{"y":true,"x":null}],"a":{"d":"\/path","c":1.50}})"#
        #expect(EmbeddedJSON.canonical(script) == #"done({"a":{"c":1.5,"d":"/path"},"z":[3,1,{"x":null,"y":true}]})"#)
    }

    @Test(
        "what is not a JSON object outside a string is left as written",
        arguments: [
            "if (ok) { return 1 }", #"render('{"b":1,"a":2}' + tail)"#, #"render("{\"b\":1}")"#, #"f({b: 1, a: 2})"#,
            #"f({"b":1,"a":})"#, #"f({"b":1"#, "window.bank.resolve(1, 42)", "",
        ])
    func nonObjectsAreLeftAlone(_ script: String) {
        #expect(EmbeddedJSON.canonical(script) == script)
    }

    @Test(
        "the recorder writes an object literal with sorted keys, as a replay compares it",
        arguments: [#"resolve('p1', {"b":1,"a":2})"#, #"resolve('p1', { "b" : 1, "a" : 2 })"#])
    func writtenSortsKeys(_ script: String) {
        #expect(EmbeddedJSON.written(script) == #"resolve('p1', {"a":2,"b":1})"#)
        #expect(EmbeddedJSON.written(script) == EmbeddedJSON.canonical(script))
    }

    @Test("the recorder keeps byte for byte an object whose number a Double does not hold, and the others of the script are still sorted")
    func writtenKeepsInexactObjects() {
        let script = #"a({"id":9007199254740993,"b":1}); b({"y":2,"x":1})"#
        #expect(EmbeddedJSON.written(script) == #"a({"id":9007199254740993,"b":1}); b({"x":1,"y":2})"#)
        // A replay still compares it by value.
        #expect(EmbeddedJSON.canonical(script) == #"a({"b":1,"id":9007199254740992}); b({"x":1,"y":2})"#)
    }

    @Test("the recorder leaves a script unchanged when its objects are already canonical, or it has none")
    func writtenLeavesCanonicalScripts() {
        for script in [#"show({"a":1,"b":[2,{"c":null}]})"#, "show(1)", #"render('{"a":2,"b":1}')"#, "if (ok) { run() }"] {
            #expect(EmbeddedJSON.written(script) == script)
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: CustomEvent(name: "load", direction: .stimulus)),
        Event(id: 2, at: 0.001, cause: 1, payload: JavaScriptEvaluation(script: #"show({"currency":"EUR","amount":42.5})"#)),
    ])

    static func replay(answering script: String) async -> ReplayReport { await replayEvaluatingOnLoad(cassette, script) }

    @Test("a replay passes when the app writes the recorded object's keys in another order")
    func otherKeyOrderPasses() async {
        let report = await Self.replay(answering: #"show({"amount":42.5,"currency":"EUR"})"#)
        #expect(report.passed, "\(report)")
    }

    @Test("a replay fails when a value in the object differs, and the report names the member of the script's object")
    func otherValueFails() async throws {
        let report = await Self.replay(answering: #"show({"amount":41.5,"currency":"EUR"})"#)
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == 2, "\(report)")
        #expect(issue.differences == [FieldDifference(path: "script.json[0].amount", expected: "42.5", actual: "41.5")], "\(report)")
    }

    /// A bridge's `renderClasses(\(json))`, a list written by a plain `JSONEncoder`, recorded with sorted keys.
    static let classesCassette = makeCassette([
        Event(id: 1, at: 0, payload: CustomEvent(name: "load", direction: .stimulus)),
        Event(
            id: 2, at: 0.001, cause: 1,
            payload: JavaScriptEvaluation(
                script: EmbeddedJSON.written(
                    #"fitclub.renderClasses([{"title":"Vinyasa Yoga","studio":"Mitte","id":"c-101","startsAt":"2026-01-02T07:30:00Z","spotsLeft":4},{"title":"Yoga Nidra","studio":"Kreuzberg","id":"c-102","startsAt":"2026-01-02T19:00:00Z","spotsLeft":1}])"#
                ))),
    ])

    @Test("a replay reports a member of a JSON array of objects that differs, and an element fewer, not a key-order character")
    func arrayOfObjectsReportedByMember() async throws {
        let offByOne = await replayEvaluatingOnLoad(
            Self.classesCassette,
            #"fitclub.renderClasses([{"title":"Vinyasa Yoga","studio":"Mitte","id":"c-101","startsAt":"2026-01-02T07:30:00Z","spotsLeft":3},{"title":"Yoga Nidra","studio":"Kreuzberg","id":"c-102","startsAt":"2026-01-02T19:00:00Z","spotsLeft":0}])"#)
        let issue = try #require(offByOne.issues.first)
        #expect(
            issue.differences.map(\.description) == [
                "script.json[0][0].spotsLeft: expected 4, found 3", "script.json[0][1].spotsLeft: expected 1, found 0",
            ], "\(offByOne)")
        let fewer = await replayEvaluatingOnLoad(
            Self.classesCassette,
            #"fitclub.renderClasses([{"title":"Vinyasa Yoga","studio":"Mitte","id":"c-101","startsAt":"2026-01-02T07:30:00Z","spotsLeft":4}])"#)
        let missing = try #require(fewer.issues.first)
        #expect(
            missing.differences.map(\.description) == [
                #"script.json[0][1]: expected {"id":"c-102","spotsLeft":1,"startsAt":"2026-01-02T19:00:00Z","studio":"Kreuzberg","title":"Yoga Nidra"}, found no field"#
            ], "\(fewer)")
    }

    @Test("the JSON values of a script: objects, arrays that start a value, string literals that hold either")
    func documentsOfAScript() {
        let found = EmbeddedJSON.documents(in: #"a([{"b":1,"a":2}, 3], {"c":[true]}); rows[1] = JSON.parse('[1]'); f([x, {"d":1}])"#)
        #expect(found.around == "a([], {}); rows[1] = JSON.parse('[]'); f([x, {}])")
        #expect(
            found.documents == [
                .array([.object(["a": .number(2), "b": .number(1)]), .number(3)]), .object(["c": .array([.bool(true)])]),
                .array([.number(1)]), .object(["d": .number(1)]),
            ])
    }
}

/// Replays `cassette` against an implementation that evaluates `script` when its custom `load` event arrives.
private func replayEvaluatingOnLoad(_ cassette: Cassette, _ script: String) async -> ReplayReport {
    await Replayer(cassette: cassette, options: fastReplay).replay { platform in
        let handler = ScriptOnLoad(webView: platform.webView, script: script)
        platform.custom.setHandler(handler, forEventNamed: "load")
        return handler
    }
}

/// Evaluates `script` when the custom `load` event arrives.
private struct ScriptOnLoad: CustomEventHandler {
    let webView: any WebView
    let script: String

    func didReceive(_ event: CustomEvent) { webView.evaluateJavaScript(script, completionHandler: nil) }
}

/// JSON in a string literal passed to `JSON.parse`, as an app writes an
/// answer it wants parsed rather than run: sorted inside the literal, quoted
/// again as that literal's quote needs.
@Suite("JSON inside a JSON.parse string literal")
struct EmbeddedJSONParseTests {
    /// The value a double-quoted literal holds, read as the JSON string it is
    /// (the rewritten literal uses only escapes JSON has), then as JSON.
    static func parsedValue(ofLiteralIn script: String, after prefix: String) throws -> JSONValue? {
        let start = try #require(script.range(of: prefix)).upperBound
        let end = try #require(script.range(of: "\")", options: .backwards)).lowerBound
        let literal = String(script[start...end])
        guard case .string(let text) = try JSONReader.platformDefault.read(Array(literal.utf8)) else { return nil }
        return try JSONReader.platformDefault.read(Array(text.utf8))
    }

    @Test(
        "a double-quoted literal's JSON object is written with sorted keys, however it was ordered",
        arguments: [
            #"resolve("1", JSON.parse("{\"version\":3,\"name\":\"Trips\",\"beta\":false}"))"#,
            #"resolve("1", JSON.parse("{\"beta\":false,\"name\":\"Trips\",\"version\":3}"))"#,
            #"resolve("1", JSON.parse( "{ \"name\" : \"Trips\", \"version\" : 3, \"beta\" : false }" ))"#,
        ])
    func doubleQuoted(_ script: String) {
        let sorted = #""{\"beta\":false,\"name\":\"Trips\",\"version\":3}""#
        #expect(EmbeddedJSON.canonical(script).contains(sorted))
        #expect(EmbeddedJSON.written(script).contains(sorted))
        #expect(EmbeddedJSON.written(script).hasPrefix(#"resolve("1", JSON.parse("#))
    }

    @Test("the literal an app builds with JavaScriptLiteral.string from an unsorted encoder's text is sorted")
    func javaScriptLiteralShape() {
        let unsorted = #"{"service":"trips","healthy":true,"tags":["a<\/b"],"version":3}"#
        // JSONEncoder escapes "/" as "\/"; the canonical text does not, and the literal escapes "</" again.
        let sorted = #"{"healthy":true,"service":"trips","tags":["a</b"],"version":3}"#
        let script = "window.Bridge.resolve(\"1\", JSON.parse(\(JavaScriptLiteral.string(unsorted))))"
        #expect(EmbeddedJSON.written(script) == "window.Bridge.resolve(\"1\", JSON.parse(\(JavaScriptLiteral.string(sorted))))")
    }

    @Test("a single-quoted literal is sorted and keeps its quote; a ' inside is escaped, a \" is not")
    func singleQuoted() {
        let script = #"resolve('1', JSON.parse('{"b":"it\'s \\"x\\"","a":1}'))"#
        #expect(EmbeddedJSON.written(script) == #"resolve('1', JSON.parse('{"a":1,"b":"it\'s \\"x\\""}'))"#)
        #expect(EmbeddedJSON.canonical(script) == EmbeddedJSON.written(script))
        // In a single-quoted literal \" is a quote, which needs no escape there.
        #expect(EmbeddedJSON.written(#"f(JSON.parse('{\"b\":1,\"a\":2}'))"#) == #"f(JSON.parse('{"a":2,"b":1}'))"#)
    }

    @Test("nested objects in arrays are sorted, arrays keep their order, and a reviver may follow")
    func nestedAndArrays() {
        let script = #"r(JSON.parse('[{"y":[{"d":0,"c":1}],"x":null},2]', revive), window.JSON.parse("[3,{\"b\":1,\"a\":2}]"))"#
        #expect(EmbeddedJSON.written(script) == #"r(JSON.parse('[{"x":null,"y":[{"c":1,"d":0}]},2]', revive), window.JSON.parse("[3,{\"a\":2,\"b\":1}]"))"#)
    }

    @Test("escapes in the literal are read as JavaScript reads them, and the rewritten literal parses to the same value")
    func escapes() throws {
        // \u00e9 and \x41 are JavaScript escapes; \\\" is a JSON escape of a quote, \\\\ one of a backslash, \\n a JSON newline.
        let script = #"go(JSON.parse("{\"z\":\"caf\u00e9 \x41\",\"y\":\"say \\\"hi\\\"\",\"x\":\"back\\\\slash\",\"w\":\"a\\nb \ud83d\ude00\",\"v\":\"<\/script>\"}"))"#
        let written = EmbeddedJSON.written(script)
        #expect(written == #"go(JSON.parse("{\"v\":\"<\/script>\",\"w\":\"a\\nb 😀\",\"x\":\"back\\\\slash\",\"y\":\"say \\\"hi\\\"\",\"z\":\"café A\"}"))"#)
        let value = try Self.parsedValue(ofLiteralIn: written, after: "JSON.parse(")
        #expect(value == ["z": "café A", "y": "say \"hi\"", "x": "back\\slash", "w": "a\nb 😀", "v": "</script>"])
        #expect(EmbeddedJSON.written(written) == written)
    }

    @Test(
        "a literal whose content is not a JSON object or array, or that is a piece of a longer string, stays as written",
        arguments: [
            #"f(JSON.parse("{\"b\":1,"))"#, #"f(JSON.parse('{b: 1, a: 2}'))"#, #"f(JSON.parse('{"b":1,"a":}'))"#,
            #"f(JSON.parse('"text"'))"#, #"f(JSON.parse('42'))"#, #"f(JSON.parse('[1], "b": [2]'))"#,
            #"f(JSON.parse('{"b":1}' + tail))"#, #"f(head + '{"b":1,"a":2}')"#, #"f('{"b":1,"a":2}'.length)"#,
            #"f('{"b":1,"a":2}'[0])"#, "f(JSON.parse(`{\"b\":1,\"a\":2}`))",
            #"f(JSON.parse('{"b":"\uD800","a":1}'))"#, #"f(JSON.parse('{"b":"\1","a":1}'))"#, #"f(JSON.parse('{"b":1,"a":2}"#,
            #"f(JSON.parse('{"b":1,"a":2}\'))"#, #"f(JSON.parse('{"b":"\u{110000}","a":1}'))"#,
        ])
    func othersStay(_ script: String) {
        #expect(EmbeddedJSON.canonical(script) == script)
        #expect(EmbeddedJSON.written(script) == script)
    }

    @Test("the recorder keeps a literal whose number a Double does not hold; a replay still compares it by value")
    func inexactNumbers() {
        let script = #"f(JSON.parse('{"id":9007199254740993,"b":1}'))"#
        #expect(EmbeddedJSON.written(script) == script)
        #expect(EmbeddedJSON.canonical(script) == #"f(JSON.parse('{"b":1,"id":9007199254740992}'))"#)
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: CustomEvent(name: "load", direction: .stimulus)),
        Event(id: 2, at: 0.001, cause: 1, payload: JavaScriptEvaluation(script: #"show(JSON.parse("{\"currency\":\"EUR\",\"amount\":42.5}"))"#)),
    ])

    static func replay(answering script: String) async -> ReplayReport { await replayEvaluatingOnLoad(cassette, script) }

    @Test("a replay passes when the app writes the literal's keys in another order, in a cassette recorded before they were sorted")
    func otherKeyOrderPasses() async {
        let report = await Self.replay(answering: #"show(JSON.parse("{\"amount\":42.5,\"currency\":\"EUR\"}"))"#)
        #expect(report.passed, "\(report)")
    }

    @Test("a replay fails when a value in the literal differs, and the report names the member of the parsed object")
    func otherValueFails() async throws {
        let report = await Self.replay(answering: #"show(JSON.parse("{\"amount\":41.5,\"currency\":\"EUR\"}"))"#)
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == 2, "\(report)")
        #expect(issue.differences == [FieldDifference(path: "script.json[0].amount", expected: "42.5", actual: "41.5")], "\(report)")
    }
}

/// JSON text handed to a page function as a string literal (`onSettings('…')`),
/// which the page parses itself, as bridges that pass strings do: the same as
/// for `JSON.parse`, since `JSONEncoder` orders its keys differently in every process.
@Suite("JSON inside a string literal passed to a page function")
struct EmbeddedJSONStringArgumentTests {
    @Test(
        "a literal that is a value of its own has its JSON object sorted, in the quote it was written in",
        arguments: [
            (#"onSettings('{"theme":"dark","fontSize":14}')"#, #"onSettings('{"fontSize":14,"theme":"dark"}')"#),
            (#"onSettings("{\"theme\":\"dark\",\"fontSize\":14}")"#, #"onSettings("{\"fontSize\":14,\"theme\":\"dark\"}")"#),
            (#"myJSON.parse('{"b":1,"a":2}')"#, #"myJSON.parse('{"a":2,"b":1}')"#),
            (#"var s = '{"b":1,"a":2}'; apply(s)"#, #"var s = '{"a":2,"b":1}'; apply(s)"#),
            (#"ok ? '[{"b":1,"a":2}]' : null"#, #"ok ? '[{"a":2,"b":1}]' : null"#),
            (#"bridge.receive("guid-1", '{"b":1,"a":2}', 3)"#, #"bridge.receive("guid-1", '{"a":2,"b":1}', 3)"#),
        ])
    func sortedInPlace(_ script: String, _ expected: String) {
        #expect(EmbeddedJSON.written(script) == expected)
        #expect(EmbeddedJSON.canonical(script) == expected)
    }

    @Test("the literal JavaScriptLiteral.string gives for plain JSONEncoder output is written the same whatever the key order")
    func javaScriptLiteralOfEncoderOutput() {
        let orders = [#"{"name":"Ada","sheets":20,"id":null}"#, #"{"id":null,"sheets":20,"name":"Ada"}"#]
        let written = orders.map { EmbeddedJSON.written("onProfile(\(JavaScriptLiteral.string($0)))") }
        #expect(written[0] == written[1])
        #expect(written[0] == "onProfile(\(JavaScriptLiteral.string(#"{"id":null,"name":"Ada","sheets":20}"#)))")
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: CustomEvent(name: "load", direction: .stimulus)),
        Event(id: 2, at: 0.001, cause: 1, payload: JavaScriptEvaluation(script: #"onSettings('{"fontSize":14,"theme":"dark"}')"#)),
    ])

    @Test("a replay passes when the app's encoder orders the keys otherwise, and fails at the member whose value differs")
    func replays() async throws {
        let passing = await replayEvaluatingOnLoad(Self.cassette, #"onSettings('{"theme":"dark","fontSize":14}')"#)
        #expect(passing.passed, "\(passing)")
        let failing = await replayEvaluatingOnLoad(Self.cassette, #"onSettings('{"theme":"light","fontSize":14}')"#)
        let issue = try #require(failing.issues.first)
        #expect(issue.eventID == 2, "\(failing)")
        let difference = try #require(issue.differences.first)
        #expect(issue.differences.count == 1, "\(failing)")
        #expect(
            difference.path == "script.json[0].theme" && difference.expected == #""dark""# && difference.actual == #""light""#,
            "\(failing) \(String(describing: difference.note))")
    }
}

/// A string literal compares by the string it stands for, as the page reads
/// it: an app that escapes otherwise than the recording did (`\u0009` for a
/// tab, single quotes) sends the same script.
@Suite("String literals inside scripts compare by the string they stand for")
struct ComparedStringLiteralTests {
    @Test(
        "spellings of one string are the same script",
        arguments: [
            #"changeEcho("a\tb", 'x')"#, #"changeEcho("a\u0009b", 'x')"#, #"changeEcho('a\tb', "x")"#,
            #"changeEcho("a\x09b", "\x78")"#, "changeEcho(\"a\tb\", \"x\")", #"changeEcho("a\u{9}b", "\u0078")"#,
        ])
    func spellingsAreEqual(_ script: String) {
        #expect(EmbeddedJSON.compared(script) == "changeEcho(\"a\tb\", \"x\")")
    }

    @Test("a quote, a backslash and a line break inside are escaped in the compared form, so different strings stay different")
    func differentStringsDiffer() {
        #expect(EmbeddedJSON.compared(#"f('say "hi"')"#) == #"f("say \"hi\"")"#)
        #expect(EmbeddedJSON.compared(#"f("a\\nb")"#) == #"f("a\\nb")"#)
        #expect(EmbeddedJSON.compared(#"f("a\nb")"#) == #"f("a\nb")"#)
        #expect(EmbeddedJSON.compared(#"f("a\tb")"#) != EmbeddedJSON.compared(#"f("a b")"#))
        #expect(EmbeddedJSON.compared(#"f("a\\tb")"#) != EmbeddedJSON.compared(#"f("a\tb")"#))
    }

    @Test(
        "what this reading does not cover is compared as written",
        arguments: [#"f("\1")"#, "f(`a\\tb`)", #"f("unclosed)"#, "f(1)"])
    func uncoveredIsLeftAlone(_ script: String) {
        #expect(EmbeddedJSON.compared(script) == script)
    }

    @Test("the recorder writes string literals as the app did; only the comparison reads them")
    func recordedFormKeepsTheSpelling() {
        #expect(EmbeddedJSON.written(#"changeEcho('a\u0009b')"#) == #"changeEcho('a\u0009b')"#)
        #expect(JavaScriptEvaluation(script: #"changeEcho('a\u0009b')"#).recordedForm().script == #"changeEcho('a\u0009b')"#)
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: CustomEvent(name: "load", direction: .stimulus, fields: [:])),
        Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: #"changeEcho("\t  ")"#)),
    ])

    static func replay(answering script: String) async -> ReplayReport { await replayEvaluatingOnLoad(cassette, script) }

    @Test("a replay passes when the app escapes the recorded string otherwise")
    func otherEscapesPass() async {
        let report = await Self.replay(answering: #"changeEcho("\u0009  ")"#)
        #expect(report.passed, "\(report)")
    }

    @Test("a replay fails when the string differs, and the report names the script")
    func otherStringFails() async throws {
        let report = await Self.replay(answering: #"changeEcho("\t ")"#)
        let issue = try #require(report.issues.first, "\(report)")
        #expect(issue.eventID == 2, "\(report)")
        #expect(issue.differences.contains { $0.path == "script" }, "\(report)")
    }
}
