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
            "if (ok) { return 1 }", #"render('{"b":1,"a":2}')"#, #"render("{\"b\":1}")"#, #"f({b: 1, a: 2})"#,
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
        for script in [#"show({"a":1,"b":[2,{"c":null}]})"#, "show(1)", #"render('{"b":1,"a":2}')"#, "if (ok) { run() }"] {
            #expect(EmbeddedJSON.written(script) == script)
        }
    }

    static let cassette = makeCassette([
        Event(id: 1, at: 0, payload: CustomEvent(name: "load", direction: .stimulus)),
        Event(id: 2, at: 0.001, cause: 1, payload: JavaScriptEvaluation(script: #"show({"currency":"EUR","amount":42.5})"#)),
    ])

    static func replay(answering script: String) async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let handler = ScriptOnLoad(webView: platform.webView, script: script)
            platform.custom.setHandler(handler, forEventNamed: "load")
            return handler
        }
    }

    @Test("a replay passes when the app writes the recorded object's keys in another order")
    func otherKeyOrderPasses() async {
        let report = await Self.replay(answering: #"show({"amount":42.5,"currency":"EUR"})"#)
        #expect(report.passed, "\(report)")
    }

    @Test("a replay fails when a value in the object differs, and the report names the script")
    func otherValueFails() async throws {
        let report = await Self.replay(answering: #"show({"amount":41.5,"currency":"EUR"})"#)
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == 2, "\(report)")
        #expect(issue.differences.contains { $0.path == "script" }, "\(report)")
    }
}

/// Evaluates `script` when the custom `load` event arrives.
private struct ScriptOnLoad: CustomEventHandler {
    let webView: any WebView
    let script: String

    func didReceive(_ event: CustomEvent) { webView.evaluateJavaScript(script, completionHandler: nil) }
}
