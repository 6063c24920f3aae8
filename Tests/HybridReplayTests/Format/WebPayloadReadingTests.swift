import Foundation
import Testing
@testable import HybridReplay

/// Reading the web payloads of format version 2: every field checked, every
/// problem reported where it is.
@Suite("Reading the web payloads of version 2")
struct WebPayloadReadingTests {
    func event(_ kind: String, direction: String = "stimulus", cause: Int? = nil, _ payload: String, id: Int = 1) -> String {
        let causeText = cause.map { #""cause": \#($0), "# } ?? ""
        return #"{"id": \#(id), "channel": "navigation", "direction": "\#(direction)", "kind": "\#(kind)", \#(causeText)"at": 0, "payload": \#(payload)}"#
    }

    @Test("a navigation failure reads its phase and error")
    func readsFailure() throws {
        let text = cassetteText([
            event("failed", #"{"url": "https://a.test/", "phase": "committed", "error": {"domain": "WebKitErrorDomain", "code": 102, "message": "Frame load interrupted"}}"#)
        ])
        let cassette = try CassetteReader().read(Array(text.utf8), path: "t.json")
        #expect(cassette.events.first?.payload(as: NavigationFailure.self) == NavigationFailure(
            url: "https://a.test/", phase: .committed,
            error: NavigationError(domain: "WebKitErrorDomain", code: 102, message: "Frame load interrupted")))
    }

    @Test("a navigation failure with an unknown phase and an incomplete error reports both")
    func badFailure() {
        let found = diagnostics(of: cassetteText([
            event("failed", #"{"phase": "late", "error": {"domain": "", "code": 1.5}}"#)
        ]))
        #expect(found == [
            "t.json:4:109: error: unknown navigation phase 'late'; expected one of 'provisional', 'committed'",
            "t.json:4:126: error: missing required field 'message'",
            "t.json:4:137: error: an error domain is not empty, such as 'NSURLErrorDomain'",
            "t.json:4:149: error: expected a whole number, found 1.5",
        ])
    }

    @Test("lifecycle events without a URL read, and a termination has no fields")
    func lifecycleWithoutURL() throws {
        let text = cassetteText([
            event("started", "{}"), event("committed", "{}", id: 2), event("finished", "{}", id: 3),
            event("processTerminated", "{}", id: 4),
        ])
        let cassette = try CassetteReader().read(Array(text.utf8), path: "t.json")
        #expect(cassette.events.map(\.payload.summary) == ["(no URL)", "(no URL)", "(no URL)", ""])
        #expect(diagnostics(of: cassetteText([event("processTerminated", #"{"reason": "crash"}"#)])) == [
            "t.json:4:111: error: unknown field 'reason'"
        ])
    }
}
