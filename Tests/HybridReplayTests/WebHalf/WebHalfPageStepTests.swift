@testable import HybridReplay
import Testing

/// The kinds the web half waits for on the page, held to the kinds' descriptions.
@Suite("Web-half page steps")
struct WebHalfPageStepTests {
    @Test("every kind whose web-half role is a page step says what the page does, and no other kind does")
    func everyPageStepKindSaysWhatThePageDoes() {
        for type in PayloadRegistry.standardTypes {
            let isPageStep = WebHalfRole(type.eventKind) == .pageStimulus
            #expect((type is any WebHalfPageStep.Type) == isPageStep, "\(type.eventKind)")
        }
    }

    @Test("a report says in words what the page did, and names the kind of anything else")
    func reportsSayWhatThePageDid() {
        let message = ScriptMessage(handler: "nativeProcess", body: ["guid": "g"])
        #expect(WebHalfMatcher.verb(message) == #"post its message to nativeProcess ({"guid":"g"})"#)
        #expect(WebHalfMatcher.verb(URLSchemeRequest(url: "app://localhost/api", method: "POST")) == "request POST app://localhost/api")
        #expect(WebHalfMatcher.verb(ScriptReply(.value(1))) == "do script.reply")
    }
}
