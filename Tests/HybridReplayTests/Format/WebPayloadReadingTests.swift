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

    static let response = #"{"url": "https://a.test/", "status": 200, "isForMainFrame": true, "canShowMIMEType": true}"#

    @Test("a response decided twice, or decided without naming its response, fails validation")
    func responseDecisionRules() {
        let twice = diagnostics(of: cassetteText([
            event("response", Self.response),
            event("responseDecision", direction: "effect", cause: 1, #"{"policy": "allow"}"#, id: 2),
            event("responseDecision", direction: "effect", cause: 1, #"{"policy": "cancel"}"#, id: 3),
        ]))
        #expect(twice == ["t.json:6:96: error: navigation.response 1 already has a decision (event 2); it gets exactly one"])
        let uncaused = diagnostics(of: cassetteText([
            event("responseDecision", direction: "effect", #"{"policy": "allow"}"#)
        ]))
        #expect(uncaused == ["t.json:4:1: error: a navigation.responseDecision names the navigation.response it answers in 'cause'"])
    }

    @Test("a response with an impossible status or an unknown policy is reported")
    func badResponse() {
        let found = diagnostics(of: cassetteText([
            event("response", #"{"url": "https://a.test/", "status": 42, "isForMainFrame": true, "canShowMIMEType": true}"#),
            event("responseDecision", direction: "effect", cause: 1, #"{"policy": "block"}"#, id: 2),
        ]))
        #expect(found.count == 2)
        #expect(found.first?.hasSuffix("error: an HTTP status is between 100 and 599, found 42") == true, "\(found)")
        #expect(found.last?.hasSuffix("error: unknown navigation response policy 'block'; expected one of 'cancel', 'allow', 'download'") == true, "\(found)")
    }

    @Test("preferences on an action and its decision read back, and a wrong content mode is reported")
    func preferences() throws {
        let action = #"{"url": "https://a.test/", "method": "GET", "navigationType": "other", "targetFrame": null, "preferences": {"preferredContentMode": "mobile", "allowsContentJavaScript": false}}"#
        let cassette = try CassetteReader().read(Array(cassetteText([event("action", action)]).utf8), path: "t.json")
        #expect(cassette.events.first?.payload(as: NavigationAction.self)?.preferences
            == WebpagePreferences(preferredContentMode: .mobile, allowsContentJavaScript: false))
        let wrong = action.replacingOccurrences(of: "mobile", with: "tablet")
        let found = diagnostics(of: cassetteText([event("action", wrong)]))
        #expect(found.count == 1)
        #expect(found.first?.hasSuffix("error: unknown content mode 'tablet'; expected one of 'recommended', 'mobile', 'desktop'") == true, "\(found)")
    }
}

@Suite("Reading new-window events")
struct NewWindowReadingTests {
    static let request = #"{"id": 1, "channel": "navigation", "direction": "stimulus", "kind": "newWindow", "at": 0, "payload": {"action": {"url": "https://a.test/", "method": "GET", "navigationType": "other", "targetFrame": null}, "windowFeatures": {"width": 480, "height": 640}}}"#

    func result(id: Int, cause: Int?, _ returned: String = "true") -> String {
        let causeText = cause.map { #""cause": \#($0), "# } ?? ""
        return #"{"id": \#(id), "channel": "navigation", "direction": "effect", "kind": "newWindowResult", \#(causeText)"at": 0, "payload": {"returnedWebView": \#(returned)}}"#
    }

    @Test("a request reads its action and features")
    func reads() throws {
        let cassette = try CassetteReader().read(Array(cassetteText([Self.request, result(id: 2, cause: 1)]).utf8), path: "t.json")
        let request = try #require(cassette.events.first?.payload(as: NewWindowRequest.self))
        #expect(request.windowFeatures == WindowFeatures(width: 480, height: 640))
        #expect(request.action.targetFrame == nil)
        #expect(request.summary == "other GET https://a.test/ 480×640")
    }

    @Test("a result must name its request, once, and be a boolean")
    func rules() {
        #expect(diagnostics(of: cassetteText([Self.request, result(id: 2, cause: 1), result(id: 3, cause: 1)])).map { $0.components(separatedBy: "error: ").last ?? "" }
            == ["navigation.newWindow 1 already has a result (event 2); it gets exactly one"])
        #expect(diagnostics(of: cassetteText([result(id: 1, cause: nil)])).map { $0.components(separatedBy: "error: ").last ?? "" }
            == ["a navigation.newWindowResult names the navigation.newWindow it answers in 'cause'"])
        #expect(diagnostics(of: cassetteText([Self.request, result(id: 2, cause: 1, "\"yes\"")])).map { $0.components(separatedBy: "error: ").last ?? "" }
            == ["expected a boolean, found string"])
    }
}

@Suite("Reading content worlds and origins")
struct ContentWorldReadingTests {
    func message(_ extra: String) -> String {
        #"{"id": 1, "channel": "script", "direction": "stimulus", "kind": "message", "at": 0, "payload": {"handler": "h", "body": null\#(extra)}}"#
    }

    func read(_ event: String) throws -> ScriptMessage? {
        try CassetteReader().read(Array(cassetteText([event]).utf8), path: "t.json").events.first?.payload(as: ScriptMessage.self)
    }

    @Test("each way of writing a world reads, and only non-page worlds are written back")
    func worlds() throws {
        #expect(try read(message(""))?.contentWorld == .page)
        #expect(try read(message(#", "contentWorld": "page""#))?.contentWorld == .page)
        #expect(try read(message(#", "contentWorld": "defaultClient""#))?.contentWorld == .defaultClient)
        #expect(try read(message(#", "contentWorld": {"name": "bridge"}"#))?.contentWorld == .world(name: "bridge"))
        let written = CassetteWriter.canonicalBytes(of: makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "h", body: .null)),
            Event(id: 2, at: 0, payload: ScriptMessage(handler: "h", body: .null, contentWorld: .world(name: "b"))),
        ]))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.components(separatedBy: "contentWorld").count == 2, "\(text)")
        #expect(text.contains(#""contentWorld": {\#n          "name": "b"\#n        }"#), "\(text)")
    }

    @Test("a world that is neither a known name nor a named object is reported")
    func badWorld() {
        let found = diagnostics(of: cassetteText([message(#", "contentWorld": "isolated""#)]))
        #expect(found.count == 1)
        #expect(found.first?.hasSuffix(#"error: a content world is 'page', 'defaultClient' or {"name": "<world name>"}, found "isolated""#) == true, "\(found)")
    }

    @Test("a frame's security origin reads, and a port out of range is reported")
    func origins() throws {
        let frame = #", "frame": {"isMainFrame": false, "url": "https://a.test/", "securityOrigin": {"protocol": "https", "host": "a.test", "port": 8443}}"#
        #expect(try read(message(frame))?.frame?.securityOrigin == SecurityOrigin(protocol: "https", host: "a.test", port: 8443))
        let found = diagnostics(of: cassetteText([message(frame.replacingOccurrences(of: "8443", with: "70000"))]))
        #expect(found.count == 1)
        #expect(found.first?.hasSuffix("error: a port is between 0 and 65535, found 70000") == true, "\(found)")
    }
}
