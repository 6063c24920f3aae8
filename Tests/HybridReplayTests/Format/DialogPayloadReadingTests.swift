import Foundation
import Testing
@testable import HybridReplay

/// Reading `javascript.dialog` and `javascript.dialogAnswer`: kinds known,
/// answers caused by their dialog, once.
@Suite("Reading JavaScript dialogs")
struct DialogPayloadReadingTests {
    func event(_ kind: String, direction: String = "stimulus", cause: Int? = nil, _ payload: String, id: Int = 1) -> String {
        let causeText = cause.map { #""cause": \#($0), "# } ?? ""
        return #"{"id": \#(id), "channel": "javascript", "direction": "\#(direction)", "kind": "\#(kind)", \#(causeText)"at": 0, "payload": \#(payload)}"#
    }

    static let prompt = #"{"type": "prompt", "message": "name?", "defaultText": "Ada", "frame": {"isMainFrame": true}}"#

    @Test("a prompt and its answer read back as written")
    func reads() throws {
        let text = cassetteText([
            event("dialog", Self.prompt),
            event("dialogAnswer", direction: "effect", cause: 1, #"{"confirmed": true, "text": "Grace"}"#, id: 2),
        ])
        let cassette = try CassetteReader().read(Array(text.utf8), path: "t.json")
        #expect(cassette.events.first?.payload(as: JavaScriptDialog.self)
            == JavaScriptDialog(kind: .prompt, message: "name?", defaultText: "Ada", frame: .main()))
        #expect(cassette.events.last?.payload(as: JavaScriptDialogAnswer.self) == JavaScriptDialogAnswer(confirmed: true, text: "Grace"))
    }

    @Test("an unknown dialog type, a default text on an alert and text with Cancel are reported")
    func badFields() {
        let found = diagnostics(of: cassetteText([
            event("dialog", #"{"type": "beforeunload", "message": "", "frame": {"isMainFrame": true}}"#),
            event("dialog", #"{"type": "alert", "message": "", "defaultText": "x", "frame": {"isMainFrame": true}}"#, id: 2),
            event("dialogAnswer", direction: "effect", cause: 2, #"{"confirmed": false, "text": "x"}"#, id: 3),
        ]))
        #expect(found.count == 3, "\(found)")
        #expect(found[0].hasSuffix("error: unknown dialog kind 'beforeunload'; expected one of 'alert', 'confirm', 'prompt'"), "\(found)")
        #expect(found[1].hasSuffix("error: only a prompt has 'defaultText'; this dialog's type is 'alert'"), "\(found)")
        #expect(found[2].hasSuffix("error: a dialog answered with Cancel has no 'text'"), "\(found)")
    }

    @Test("an answer that names no dialog, or a second answer to one, fails validation")
    func answerRules() {
        let uncaused = diagnostics(of: cassetteText([event("dialogAnswer", direction: "effect", #"{"confirmed": true}"#)]))
        #expect(uncaused == ["t.json:4:1: error: a javascript.dialogAnswer names the javascript.dialog it answers in 'cause'"])
        let twice = diagnostics(of: cassetteText([
            event("dialog", Self.prompt),
            event("dialogAnswer", direction: "effect", cause: 1, #"{"confirmed": false}"#, id: 2),
            event("dialogAnswer", direction: "effect", cause: 1, #"{"confirmed": true}"#, id: 3),
        ]))
        #expect(twice.count == 1)
        #expect(twice.first?.hasSuffix("error: javascript.dialog 1 already has an answer (event 2); it gets exactly one") == true, "\(twice)")
    }

    @Test("a version-1 cassette may not use dialogs")
    func needsVersion2() {
        let found = diagnostics(of: cassetteText(version: "1", [event("dialog", Self.prompt)]))
        #expect(found.contains { $0.hasSuffix("javascript.dialog needs format version 2; this cassette is version 1; set its 'formatVersion' to 2") }, "\(found)")
    }
}
