import Foundation
import Testing
@testable import HybridReplay

/// A cassette text with the given events, one per line, so tests can
/// predict line numbers: event N is on line N + 3.
func cassetteText(version: String = "2", _ events: [String]) -> String {
    """
    {"formatVersion": \(version), "name": "t",
    "recordedBy": {"tool": "test"}, "redactions": [],
    "events": [
    \(events.joined(separator: ",\n"))
    ]}

    """
}

let action = #"{"id": 1, "channel": "navigation", "direction": "stimulus", "kind": "action", "at": 0, "payload": {"url": "navigate://present?r=255", "method": "GET", "navigationType": "linkActivated", "targetFrame": {"isMainFrame": true}}}"#

func decision(id: Int = 2, cause: Int = 1, policy: String = "cancel") -> String {
    #"{"id": \#(id), "channel": "navigation", "direction": "effect", "kind": "decision", "cause": \#(cause), "at": 0.1, "payload": {"policy": "\#(policy)"}}"#
}

func diagnostics(of text: String, reader: CassetteReader = CassetteReader()) -> [String] {
    do {
        _ = try reader.read(Array(text.utf8), path: "t.json")
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

@Suite("CassetteReader")
struct CassetteReaderTests {
    @Test("reads a valid cassette without diagnostics")
    func readsValidCassette() throws {
        let cassette = try CassetteReader().read(Array(cassetteText([action, decision()]).utf8), path: "t.json")
        #expect(cassette.events.count == 2)
        #expect(cassette.events[1].payload(as: NavigationDecision.self)?.policy == .cancel)
        #expect(cassette.event(withID: 1)?.payload(as: NavigationAction.self)?.navigationType == .linkActivated)
    }

    @Test("an unknown policy points at the value and lists the valid ones")
    func unknownPolicy() {
        let found = diagnostics(of: cassetteText([action, decision(policy: "deny")]))
        #expect(found == [
            "t.json:5:124: error: unknown navigation policy 'deny'; expected one of 'cancel', 'allow', 'download'"
        ])
    }

    @Test("a missing required field points at the object that lacks it")
    func missingField() {
        let event = #"{"id": 2, "channel": "http", "direction": "effect", "kind": "request", "at": 0, "payload": {"url": "https://a.test/"}}"#
        let found = diagnostics(of: cassetteText([event]))
        #expect(found == [
            "t.json:4:92: error: missing required field 'method'",
            "t.json:4:92: error: missing required field 'headers'",
        ])
    }

    @Test("an unknown field points at its key")
    func unknownField() {
        let event = #"{"id": 1, "channel": "location", "direction": "effect", "kind": "startUpdating", "at": 0, "payload": {}, "extra": 1}"#
        #expect(diagnostics(of: cassetteText([event])) == ["t.json:4:106: error: unknown field 'extra'"])
    }

    @Test("a field of the wrong type says what was expected and found")
    func wrongType() {
        let event = #"{"id": "one", "channel": "location", "direction": "effect", "kind": "startUpdating", "at": 0, "payload": {}}"#
        #expect(diagnostics(of: cassetteText([event])) == ["t.json:4:8: error: expected a number, found string"])
    }

    @Test("unknown channels and kinds list the valid ones")
    func unknownChannelAndKind() {
        let channel = #"{"id": 1, "channel": "bluetooth", "direction": "effect", "kind": "scan", "at": 0, "payload": {}}"#
        let kind = #"{"id": 2, "channel": "navigation", "direction": "effect", "kind": "jump", "at": 0, "payload": {}}"#
        let found = diagnostics(of: cassetteText([channel, kind]))
        #expect(found == [
            "t.json:4:22: error: unknown channel 'bluetooth'; expected one of 'script', 'javascript', 'navigation', 'http', 'scheme', 'location', 'custom'",
            "t.json:5:67: error: unknown kind 'jump' on channel 'navigation'; expected one of 'action', 'decision', 'route', 'load', 'started', 'committed', 'finished', 'failed', 'processTerminated', 'response', 'responseDecision', 'newWindow', 'newWindowResult', 'windowClose', 'challenge', 'challengeAnswer'",
        ])
    }

    @Test("a direction that contradicts the kind is reported")
    func directionMismatch() {
        let event = decision().replacingOccurrences(of: "\"effect\"", with: "\"stimulus\"")
        #expect(diagnostics(of: cassetteText([action, event])) == [
            "t.json:5:49: error: navigation.decision is an effect, not a stimulus"
        ])
    }

    @Test("every problem in the file is reported at once, in file order")
    func allProblemsAtOnce() {
        let badStatus = #"{"id": 3, "channel": "http", "direction": "stimulus", "kind": "response", "answers": 1, "at": 0, "payload": {"status": 700, "headers": []}}"#
        let found = diagnostics(of: cassetteText([action, decision(policy: "deny"), badStatus]))
        #expect(found.count == 2)
        #expect(found.first?.hasPrefix("t.json:5:") == true)
        #expect(found.last == "t.json:6:120: error: HTTP status 700 is outside 100...599")
    }

    @Test("a syntax error stops reading and points at the fault")
    func syntaxError() {
        let found = diagnostics(of: cassetteText([action, "{\"id\": 2,, }"]))
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("t.json:5:"))
        #expect(found[0].contains("error:"))
    }

    @Test("a duplicate key at the top level is a syntax error")
    func duplicateTopLevelKey() {
        let found = diagnostics(of: #"{"formatVersion": 1, "name": "a", "name": "b", "events": []}"#)
        #expect(found == [#"t.json:1:35: error: duplicate key "name""#])
    }

    @Test("a duplicate key inside an event is rejected by both readers")
    func duplicateKeyInEvent() {
        let event = #"{"id": 1, "id": 1, "channel": "location", "direction": "effect", "kind": "startUpdating", "at": 0, "payload": {}}"#
        for reader in [CassetteReader(json: .platformDefault), CassetteReader(json: .foundation)] {
            let found = diagnostics(of: cassetteText([event]), reader: reader)
            #expect(found.count == 1)
            #expect(found.first?.hasPrefix("t.json:4:") == true)
            #expect(found.first?.contains("duplicate") == true)
        }
    }

    @Test("a newer format version asks for an update")
    func newerVersion() {
        #expect(diagnostics(of: cassetteText(version: "3", [action])) == [
            "t.json:1:19: error: cassette format version 3 is newer than this HybridReplay reads (up to 2); update HybridReplay"
        ])
    }

    @Test("events may come before the format version")
    func eventsBeforeVersion() throws {
        let text = #"{"events": [\#(action)], "formatVersion": 1, "name": "early"}"#
        let cassette = try CassetteReader().read(Array(text.utf8), path: "t.json")
        #expect(cassette.events.count == 1)
        #expect(cassette.header.recordedBy == .handWritten)
    }

    @Test("a file that is not a cassette object says so")
    func notAnObject() {
        #expect(diagnostics(of: "") == ["t.json:1:1: error: the file is empty; a cassette is a JSON object"])
        #expect(diagnostics(of: "[1]") == ["t.json:1:1: error: unexpected '[', expected '{': a cassette is a JSON object"])
        #expect(diagnostics(of: #"{"formatVersion": 1, "name": "x", "events": {}}"#) == [
            "t.json:1:45: error: 'events' must be an array"
        ])
        #expect(diagnostics(of: #"{"formatVersion": 1, "name": "x"}"#) == ["t.json:1:1: error: missing required field 'events'"])
    }

    @Test("dates must be RFC 3339")
    func invalidTimestamp() {
        let fix = #"{"id": 1, "channel": "location", "direction": "stimulus", "kind": "locations", "at": 0, "payload": {"locations": [{"latitude": 1, "longitude": 2, "timestamp": "yesterday"}]}}"#
        #expect(diagnostics(of: cassetteText([fix])) == [
            "t.json:4:160: error: expected an RFC 3339 date such as 2026-01-31T12:00:00Z, found 'yesterday'"
        ])
    }

    @Test("a missing file is one diagnostic without a position")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/\(UUID()).json")
        #expect(throws: CassetteReadError.self) { try CassetteReader().read(contentsOf: url, displayPath: "x.json") }
        do {
            _ = try CassetteReader().read(contentsOf: url, displayPath: "x.json")
        } catch {
            #expect(error.description == "x.json: error: cannot read the file: no such file")
        }
    }

    @Test("columns count characters, not bytes, after non-ASCII text")
    func columnsCountCharacters() {
        let event = #"{"id": 1, "channel": "script", "direction": "stimulus", "kind": "message", "at": 0, "payload": {"handler": "日本", "body": null, "expectsReply": "yes"}}"#
        #expect(diagnostics(of: cassetteText([event])) == ["t.json:4:144: error: expected a boolean, found string"])
    }
}

@Suite("CassetteReader diagnostic limit")
struct CassetteReaderDiagnosticLimitTests {
    @Test("a file with more problems than the limit reports the first ones and counts the rest")
    func limitsDiagnostics() {
        let members = (0..<250).map { #""extra\#($0)": \#($0)"# }.joined(separator: ",\n")
        let text = "{\"formatVersion\": 1, \"name\": \"many\", \"events\": [],\n\(members)}"
        let found = diagnostics(of: text, reader: CassetteReader(diagnosticLimit: 10))
        #expect(found.count == 11)
        #expect(found.first == "t.json:2:1: error: unknown field 'extra0'")
        #expect(found.last == "t.json: error: 240 more errors not shown; fix these and read the file again")
    }

    @Test("the count of the hidden problems is carried for tools to total")
    func carriesCount() throws {
        let text = "{" + (0..<5).map { #""x\#($0)": 1"# }.joined(separator: ", ") + "}"
        do {
            _ = try CassetteReader(diagnosticLimit: 2).read(Array(text.utf8), path: "t.json")
            Issue.record("a document without cassette fields read as a cassette")
        } catch {
            // 5 unknown fields and 3 missing ones: 2 shown, 6 counted in the last.
            #expect(error.diagnostics.count == 3)
            #expect(error.diagnostics.map(\.problemCount) == [1, 1, 6])
        }
    }
}

@Suite("CassetteReader, problems of several kinds at once")
struct CassetteReaderMixedProblemsTests {
    @Test("ordering problems are reported together with field problems")
    func orderingWithFieldProblems() {
        let found = diagnostics(of: cassetteText([action, decision(policy: "deny"), decision(id: 1)]))
        #expect(found == [
            "t.json:5:124: error: unknown navigation policy 'deny'; expected one of 'cancel', 'allow', 'download'",
            "t.json:6:8: error: event id 1 does not increase; the event before it is 1",
        ])
    }

    @Test("ordering problems are reported together with header problems")
    func orderingWithHeaderProblems() {
        let text = cassetteText([action, decision(id: 1)]).replacingOccurrences(of: #""name": "t""#, with: #""name": 3"#)
        let found = diagnostics(of: text)
        #expect(found == [
            "t.json:1:30: error: expected a string, found number",
            "t.json:5:8: error: event id 1 does not increase; the event before it is 1",
        ])
    }

    @Test("cause checks wait until every event reads, so a broken action does not look missing")
    func noCauseNoiseFromBrokenEvents() {
        let brokenAction = action.replacingOccurrences(of: #""linkActivated""#, with: #""tap""#)
        let found = diagnostics(of: cassetteText([brokenAction, decision()]))
        #expect(found == [
            "t.json:4:170: error: unknown navigation type 'tap'; expected one of 'linkActivated', 'formSubmitted', 'backForward', 'reload', 'formResubmitted', 'other'"
        ])
    }
}

@Suite("CassetteReader, header")
struct CassetteReaderHeaderTests {
    @Test("the contract is read and written back after the description")
    func contract() throws {
        let text = cassetteText([action]).replacingOccurrences(of: #""name": "t","#, with: #""name": "t", "contract": "router","#)
        let cassette = try CassetteReader().read(Array(text.utf8), path: "t.json")
        #expect(cassette.header.contract == "router")
        let canonical = CassetteWriter.canonicalText(of: cassette)
        #expect(canonical.contains("\"name\": \"t\",\n  \"contract\": \"router\",\n  \"recordedBy\""))
    }

    @Test("an empty contract is reported")
    func emptyContract() {
        let text = cassetteText([action]).replacingOccurrences(of: #""name": "t","#, with: #""name": "t", "contract": "","#)
        #expect(diagnostics(of: text) == ["t.json:1:47: error: the contract name is empty; omit the field instead"])
    }
}

@Suite("CassetteReader, dates in message bodies")
struct CassetteReaderDateTests {
    private func message(body: String) -> String {
        #"{"id": 1, "channel": "script", "direction": "stimulus", "kind": "message", "at": 0, "payload": {"handler": "h", "body": \#(body)}}"#
    }

    @Test("a date in a body is an object with one $date member holding an RFC 3339 date")
    func validDate() throws {
        let text = cassetteText([message(body: #"{"when": {"$date": "2026-11-30T11:46:56.125Z"}}"#)])
        let cassette = try CassetteReader().read(Array(text.utf8), path: "t.json")
        let body = cassette.events.first?.payload(as: ScriptMessage.self)?.body
        #expect(body == ["when": ScriptMessage.date("2026-11-30T11:46:56.125Z")])
    }

    @Test("a $date that is not an RFC 3339 date is reported where it stands")
    func invalidDate() {
        let text = cassetteText([message(body: #"[1, {"$date": 1700000000}]"#)])
        #expect(diagnostics(of: text) == [
            #"t.json:4:135: error: a date in a message body is {"$date": "<RFC 3339 date>"}, found 1700000000"#
        ])
    }

    @Test("an object with $date beside other members is ordinary data")
    func notADate() throws {
        let text = cassetteText([message(body: #"{"$date": 1, "other": 2}"#)])
        #expect(throws: Never.self) { try CassetteReader().read(Array(text.utf8), path: "t.json") }
    }
}
