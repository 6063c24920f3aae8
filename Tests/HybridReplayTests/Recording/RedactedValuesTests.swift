import Foundation
import Testing

@testable import HybridReplay

@Suite("RedactedValues")
struct RedactedValuesTests {
    static let password = "correct-horse-battery"

    private static func login(_ password: String = password) -> ScriptMessage {
        ScriptMessage(handler: "login", body: ["email": "ada@example.com", "password": .string(password)])
    }

    private static func signingIn(_ password: String = password) -> JavaScriptEvaluation {
        JavaScriptEvaluation(script: #"console.log("Signing in ada@example.com / \#(password)")"#)
    }

    @Test("a password redacted in a message body is hidden in a script the app evaluates, with the same number")
    func scriptAfterBody() throws {
        let recorder = stillRecorder()
        let message = recorder.record(Self.login(), cause: nil)
        recorder.record(Self.signingIn(), cause: message)

        let events = recorder.events
        #expect(events[0].payload(as: ScriptMessage.self)?.body.objectValue?["password"] == "[REDACTED:1]")
        #expect(events[1].payload(as: JavaScriptEvaluation.self)?.script == #"console.log("Signing in ada@example.com / [REDACTED:1]")"#)
        let written = String(decoding: try recorder.canonicalBytes(file: "login.json"), as: UTF8.self)
        #expect(!written.contains(Self.password))
    }

    @Test("a value a rule finds only later is hidden in the events written before it")
    func scriptBeforeBody() {
        let recorder = stillRecorder()
        recorder.record(Self.signingIn(), cause: nil)
        recorder.record(Self.login(), cause: nil)

        #expect(recorder.events[0].payload(as: JavaScriptEvaluation.self)?.script.contains("[REDACTED:1]") == true)
        #expect(!recorder.events.contains { $0.payload.summary.contains(Self.password) })
    }

    @Test("a value shorter than six characters is hidden only where a rule finds it")
    func shortValues() {
        let recorder = stillRecorder()
        recorder.record(ScriptMessage(handler: "unlock", body: ["pin": "4921", "remember": true]), cause: nil)
        recorder.record(JavaScriptEvaluation(script: "show(4921, true)"), cause: nil)

        #expect(recorder.events[0].payload(as: ScriptMessage.self)?.body.objectValue?["pin"] == "[REDACTED:1]")
        #expect(recorder.events[1].payload(as: JavaScriptEvaluation.self)?.script == "show(4921, true)")
    }

    @Test("a value inside a longer word is kept, the same value standing alone is hidden")
    func wholeWordsOnly() {
        let values = RedactedValues([("s3cr3t-42", "[REDACTED:1]")])

        #expect(values.replacing(in: "xs3cr3t-42 s3cr3t-42y") == "xs3cr3t-42 s3cr3t-42y")
        #expect(values.replacing(in: "(s3cr3t-42) s3cr3t-42.") == "([REDACTED:1]) [REDACTED:1].")
        #expect(values.replacing(in: "?token=s3cr3t-42&next=s3cr3t-42") == "?token=[REDACTED:1]&next=[REDACTED:1]")
    }

    @Test("a value is hidden as a URL percent-encodes it")
    func percentEncoded() {
        let values = RedactedValues([("a+b/c=tok-77", "[REDACTED:3]")])

        #expect(values.replacing(in: "https://a.test/cb?state=a%2Bb%2Fc%3Dtok-77") == "https://a.test/cb?state=[REDACTED:3]")
    }

    @Test("bytes that are not UTF-8 have the value replaced and every other byte kept")
    func binaryBytes() {
        let values = RedactedValues([(Self.password, "[REDACTED:1]")])
        let data = Data([0xFF, 0xFE, 0x20]) + Data(Self.password.utf8) + Data([0x00, 0x9C])

        #expect(values.replacing(in: data) == Data([0xFF, 0xFE, 0x20]) + Data("[REDACTED:1]".utf8) + Data([0x00, 0x9C]))
        #expect(values.replacing(in: Data([0x41]) + Data(Self.password.utf8)) == Data([0x41]) + Data(Self.password.utf8))
    }

    @Test("a value in the keys of a custom event's fields is hidden too")
    func customKeys() {
        let recorder = stillRecorder()
        recorder.record(Self.login(), cause: nil)
        recorder.record(
            CustomEvent(name: "analytics", direction: .effect, fields: ["seen": .object([Self.password: 1]), "note": .string(Self.password)]),
            cause: nil)

        let fields = recorder.events[1].payload(as: CustomEvent.self)?.fields
        #expect(fields == ["seen": ["[REDACTED:1]": 1], "note": "[REDACTED:1]"])
    }

    @Test("a scheme answer that proxies an API's token is redacted by name, its spacing kept")
    func schemeAnswer() {
        let recorder = stillRecorder()
        let answer = "{ \"access_token\": \"tok-a1b2\",\n  \"expires_in\": 3600 }"
        recorder.record(URLSchemeData(Data(answer.utf8)), cause: nil)

        let written = recorder.events[0].payload(as: URLSchemeData.self).map { String(decoding: $0.data, as: UTF8.self) }
        #expect(written == "{ \"access_token\": \"[REDACTED:1]\",\n  \"expires_in\": 3600 }")
    }

    @Test("a scheme answer a rule finds nothing in keeps its bytes")
    func schemeAnswerKept() {
        let recorder = stillRecorder()
        let page = Data("<html><body>{\"title\": \"Accounts\"}</body></html>".utf8)
        recorder.record(URLSchemeData(page), cause: nil)

        #expect(recorder.events[0].payload(as: URLSchemeData.self)?.data == page)
    }

    @Test("a declared secret is hidden wherever it appears, a short one too, and the header names only the rule")
    func declared() throws {
        let recorder = stillRecorder(.default + .values(["4921", "never-typed-value"]))
        recorder.record(JavaScriptEvaluation(script: "unlock(4921)"), cause: nil)
        recorder.record(CustomEvent(name: "audit", direction: .effect, fields: ["note": "pin 4921 accepted, 49210 kept"]), cause: nil)

        #expect(recorder.events[0].payload(as: JavaScriptEvaluation.self)?.script == "unlock([REDACTED:1])")
        #expect(recorder.events[1].payload(as: CustomEvent.self)?.fields["note"] == "pin [REDACTED:1] accepted, 49210 kept")
        let written = String(decoding: try recorder.canonicalBytes(file: "pin.json"), as: UTF8.self)
        #expect(recorder.cassette().header.redactions.last == "values:declared")
        #expect(!written.contains("never-typed-value"))
        #expect(!written.contains("[REDACTED:2]"), "a value no event holds takes no number")
    }

    @Test("a redacted value that stands where its placeholder cannot is refused, not written")
    func unreadable() throws {
        let recorder = stillRecorder()
        let message = recorder.record(ScriptMessage(handler: "sso", body: ["session": "formSubmitted"]), cause: nil)
        recorder.record(
            NavigationAction(url: "https://a.test/", navigationType: .formSubmitted, targetFrame: .main()), cause: message)

        let error = try #require(throws: RecordingError.self) { try recorder.canonicalBytes(file: "sso.json") }
        #expect(error.stage == .redaction)
        #expect(error.problems == [
            "event 2 (navigation.action): a value redacted elsewhere in the recording stands in a field that cannot "
                + "hold its placeholder, such as a navigation policy; record with another secret value",
        ])
    }
}

@Suite("ScriptLiterals")
struct ScriptLiteralsTests {
    private func values(_ text: String) -> [String] {
        ScriptLiterals.secretMembers(in: text).map { "\($0.name)=\(text[$0.value])" }
    }

    @Test("finds the quoted values of secret-named members and assignments in script source")
    func finds() {
        #expect(values(#"login({email: "ada@example.com", password: "hunter2-x"})"#) == ["password=hunter2-x"])
        #expect(values(#"const apiKey = 'k-123'; store("x", {"access_token": `t-9`})"#) == ["apiKey=k-123", "access_token=t-9"])
        #expect(values(#"<div data-token="d-1">"#) == ["data-token=d-1"])
        #expect(values(#"f({password: "a\"b"})"#) == [#"password=a\"b"#])
    }

    @Test("leaves comparisons, unquoted values, empty values and other names alone")
    func leaves() {
        #expect(values(#"if (password == "x") {}"#).isEmpty)
        // An unquoted value after `:` counts only when no script could mean it as code (`password: hunter2` does).
        #expect(values("password: hunter; {password: pw}").isEmpty)
        #expect(values(#"password: """#).isEmpty)
        #expect(values(#"{token_type: "bearer", mypasswordhint: "x", type: "password"}"#).isEmpty)
        #expect(values("password: \"unterminated\n\"").isEmpty)
    }

    @Test("a recorder hides a password given as a literal in an evaluated script, and lint flags one left in a cassette")
    func recorderAndLint() {
        let recorder = stillRecorder()
        recorder.record(JavaScriptEvaluation(script: #"login({email: "ada@example.com", password: "hunter2-x"})"#), cause: nil)
        #expect(
            recorder.events[0].payload(as: JavaScriptEvaluation.self)?.script
                == #"login({email: "ada@example.com", password: "[REDACTED:1]"})"#)

        let leaked = Cassette(
            header: CassetteHeader(name: "old"),
            events: [Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: #"login({password: "hunter2-x"})"#))])
        #expect(SecretScanner.findings(in: leaked).map(\.message) == [
            "'password' is given a value that looks like a secret (in this text); redact it",
        ])
        #expect(SecretScanner.findings(in: recorder.cassette()).isEmpty)
    }
}

extension ScriptLiteralsTests {
    @Test("finds secret members of JSON inside a double-quoted string literal, whose quotes are escaped")
    func findsInsideEscapedJSON() {
        #expect(values(#"resolve("1", JSON.parse("{\"name\":\"ada\",\"token\":\"tok-9f8e7d\"}"))"#) == ["token=tok-9f8e7d"])
        #expect(values(#"JSON.parse("{\"password\":\"a\\\"b\\\\c\",\"x\":1}")"#) == [#"password=a\\\"b\\\\c"#])
        #expect(values(#"JSON.parse("{\"password\":\"\"}")"#).isEmpty)
        #expect(values(#"JSON.parse("{\"password\":\"unterminated"#).isEmpty)
    }

    @Test("a recorder hides a token in JSON passed to JSON.parse, in either quote, after sorting it; lint finds nothing left")
    func recorderSortsThenRedactsParsedLiterals() {
        let recorder = stillRecorder()
        recorder.record(JavaScriptEvaluation(script: #"resolve("1", JSON.parse("{\"user\":\"ada\",\"token\":\"tok-9f8e7d6c5b\"}"))"#), cause: nil)
        recorder.record(JavaScriptEvaluation(script: #"resolve('2', JSON.parse('{"user":"ada","token":"tok-9f8e7d6c5b"}'))"#), cause: nil)
        let scripts = recorder.events.compactMap { $0.payload(as: JavaScriptEvaluation.self)?.script }
        #expect(scripts == [
            #"resolve("1", JSON.parse("{\"token\":\"[REDACTED:1]\",\"user\":\"ada\"}"))"#,
            #"resolve('2', JSON.parse('{"token":"[REDACTED:1]","user":"ada"}'))"#,
        ])
        #expect(SecretScanner.findings(in: recorder.cassette()).isEmpty)
        #expect(!CassetteWriter.canonicalText(of: recorder.cassette()).contains("tok-9f8e7d6c5b"))
    }

    @Test("a value that is part of a placeholder's text is replaced where it stands alone, never inside a placeholder, in text and in bytes")
    func placeholdersStayWhole() {
        let values = RedactedValues([("[REDACTED:1", "[REDACTED:3]")])
        #expect(values.replacing(in: "[REDACTED:1] sent as [REDACTED:1") == "[REDACTED:1] sent as [REDACTED:3]")
        #expect(
            values.replacing(in: Data("[REDACTED:1] sent as [REDACTED:1".utf8))
                == Data("[REDACTED:1] sent as [REDACTED:3]".utf8))
        #expect(RedactionPlaceholders.ranges(in: Array("a [REDACTED:12] b [REDACTED] c [REDACTED:x] [REDACTED:".utf8)) == [2..<15, 18..<28])
    }
}
