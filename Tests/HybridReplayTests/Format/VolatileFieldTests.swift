import Foundation
import HybridReplay
import Testing

@Suite struct VolatileFieldTests {
    @Test("a declaration reads as an event kind and a field path")
    func parses() throws {
        let field = try VolatileField(parsing: "script.message body.callbackId")
        #expect(field.kind == ScriptMessage.eventKind)
        #expect(field.path == "body.callbackId")
        #expect(field.description == "script.message body.callbackId")
    }

    @Test("a custom kind may be declared", arguments: ["custom.ping id", "custom.ping fields.id"])
    func custom(text: String) throws {
        #expect(try VolatileField(parsing: text).kind.channel == .custom)
    }

    @Test(
        "a malformed declaration says what was expected",
        arguments: [
            ("body.callbackId", "expected an event kind and a field"),
            ("script body.callbackId", "expected an event kind such as script.message"),
            ("socket.message body.id", "unknown channel 'socket'"),
            ("script.mesage body.id", "unknown kind 'mesage' on channel 'script'"),
            ("script.message ", "expected a field after script.message"),
        ])
    func malformed(text: String, expected: String) {
        #expect {
            try VolatileField(parsing: text)
        } throws: { error in
            (error as? VolatileField.SyntaxError)?.message.contains(expected) == true
        }
    }
}

@Suite struct VolatileHeaderTests {
    static let declared = Cassette(
        header: CassetteHeader(
            name: "capacitor",
            volatile: [
                VolatileField(kind: ScriptMessage.eventKind, path: "body.callbackId"),
                VolatileField(kind: EventKind(.custom, "ping"), path: "id"),
            ]),
        events: [Event(id: 1, at: 0, payload: ScriptMessage(handler: "bridge", body: ["callbackId": "91234001"]))])

    @Test("the canonical writer writes the declarations after the redactions, and they read back")
    func roundTrip() throws {
        let text = CassetteWriter.canonicalText(of: Self.declared)
        #expect(text.contains("""
              "redactions": [],
              "volatile": [
                "script.message body.callbackId",
                "custom.ping id"
              ],
            """))
        #expect(try CassetteReader().read(Array(text.utf8), path: "a.json") == Self.declared)
    }

    @Test("a cassette without declarations is written as before, with no volatile member")
    func absentWhenEmpty() {
        var cassette = Self.declared
        cassette.header.volatile = []
        #expect(!CassetteWriter.canonicalText(of: cassette).contains("volatile"))
    }

    @Test("a malformed declaration is a file:line:column: error: diagnostic at the element")
    func diagnostics() {
        let text = CassetteWriter.canonicalText(of: Self.declared)
            .replacingOccurrences(of: "\"custom.ping id\"", with: "\"script.mesage body.id\", 7")
        let found = CassetteReader().lint(Array(text.utf8), path: "a.json").map(\.description)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("script.mesage") }.map { $0 + 1 } ?? 0
        #expect(found == [
            "a.json:\(line):5: error: unknown kind 'mesage' on channel 'script' in \"script.mesage body.id\"; expected one of message, reply, removeHandler",
            "a.json:\(line):30: error: expected a string, found number",
        ])
    }
}
