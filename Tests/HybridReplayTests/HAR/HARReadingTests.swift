import Foundation
import Testing

@testable import HybridReplay

@Suite("HAR reading")
struct HARReadingTests {
    @Test("a file that is not JSON is one error at the offending token")
    func notJSON() {
        #expect(HARFixtures.problems("{\n  \"log\": nope\n}\n") == ["x.har:2:10: error: invalid literal"])
    }

    @Test("duplicate keys are an error, as in cassettes")
    func duplicateKeys() {
        #expect(HARFixtures.problems("{\"log\": {}, \"log\": {}}") == ["x.har:1:13: error: duplicate key \"log\""])
    }

    @Test("a log without entries names the object that lacks them")
    func missingEntries() {
        #expect(HARFixtures.problems("{\n  \"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"a\", \"version\": \"1\"}}\n}\n")
            == ["x.har:2:10: error: missing required field 'entries'"])
    }

    @Test("a document without a log, and a log of another major version, are refused")
    func notALog() {
        #expect(HARFixtures.problems("[]") == ["x.har:1:1: error: expected an object, found array"])
        #expect(HARFixtures.problems("{\"entries\": []}") == ["x.har:1:1: error: missing required field 'log'"])
        #expect(HARFixtures.problems(HARText.log(entries: []).replacingOccurrences(of: "\"1.2\"", with: "\"2.0\""))
            == ["x.har:3:16: error: HAR version '2.0' is not supported; expected 1.x, such as '1.2'"])
    }

    // Found by fuzzing (docs/fuzzing.md): an entry 3,971 years after the first imported, but exported at a clamped time.
    @Test("an entry starting or ending more than 10^9 seconds after the first is refused at its date or its time")
    func entriesTooFarApart() {
        let tooLate = HARText.log(entries: [
            HARText.entry(started: "2026-12-02T01:26:39.686411+00:00"),
            HARText.entry(started: "5997-12-02T01:26:39.708488+00:00"),
        ])
        #expect(HARFixtures.problems(tooLate) == [
            "x.har:17:22: error: the entry starts more than 10^9 seconds (about 31 years) after the log's first entry; "
                + "a cassette's times are exact to the microsecond only that far"
        ])
        let tooLong = HARText.log(entries: [HARText.entry(time: 2e12)])
        #expect(HARFixtures.problems(tooLong) == [
            "x.har:7:11: error: the entry ends more than 10^9 seconds (about 31 years) after the log's first entry; "
                + "a cassette's times are exact to the microsecond only that far"
        ])
    }

    @Test("a bad status, a bad date and a header without a name are each reported at their value")
    func badFields() {
        let text = HARText.log(entries: [
            HARText.entry(status: 999),
            HARText.entry(started: "yesterday"),
        ]).replacingOccurrences(of: "\"headers\": [],", with: "\"headers\": [{\"name\": \"\", \"value\": \"x\"}],")
        #expect(HARFixtures.problems(text) == [
            "x.har:8:124: error: a header name must not be empty",
            "x.har:10:15: error: unknown HTTP status 999; expected 0 (no response) or 100 to 599",
            "x.har:17:22: error: expected an ISO 8601 date-time with a zone, such as '2026-11-30T11:46:56.125Z', found 'yesterday'",
            "x.har:19:124: error: a header name must not be empty",
            "x.har:21:101: error: a header name must not be empty",
        ])
    }

    @Test("times too large for any clock are an error on import and clamped on export, never trapped on")
    func hugeTimes() throws {
        let text = HARText.log(entries: [HARText.entry(time: 1e300)])
        #expect(HARFixtures.problems(text) == [
            "x.har:7:11: error: the entry ends more than 10^9 seconds (about 31 years) after the log's first entry; "
                + "a cassette's times are exact to the microsecond only that far"
        ])
        let cassette = Cassette(header: CassetteHeader(name: "late"), events: [
            Event(id: 1, at: 1e300, payload: HTTPRequest(url: "https://a.example/")),
        ])
        let log = try HARFixtures.json(HAR.export(cassette))
        #expect(log[path: "log.entries.0.startedDateTime"] == "5168-11-15T09:46:40Z")
    }

    @Test("a byte-order mark is skipped, and positions still count from the file's start")
    func byteOrderMark() throws {
        let text = "\u{FEFF}" + HARText.log(entries: [HARText.entry()])
        #expect(try HAR.read(Data(text.utf8), path: "x.har").entryCount == 1)
        #expect(HARFixtures.problems("\u{FEFF}{\"log\": 1}") == ["x.har:1:10: error: expected an object, found number"])
    }

    @Test("fields starting with '_' are read only from HybridReplay's logs")
    func customFields() throws {
        let link = ",\n\"_cassette\": {\"request\": 7, \"answer\": 9}"
        let foreign = try HAR.read(Data(HARText.log(entries: [HARText.entry(link: link)]).utf8), path: "x.har")
        #expect(foreign.cassette(name: "x", source: "x.har").events.map(\.id) == [1, 2])
        let own = try HAR.read(Data(HARText.log(creator: "HybridReplay", entries: [HARText.entry(link: link)]).utf8), path: "x.har")
        #expect(own.cassette(name: "x", source: "x.har").events.map(\.id) == [7, 9])
    }

    @Test("contradicting '_cassette' ids in a HybridReplay log are errors at the ids")
    func contradictingLinks() {
        let text = HARText.log(creator: "HybridReplay", entries: [
            HARText.entry(link: ",\n\"_cassette\": {\"request\": 2, \"answer\": 1}"),
            HARText.entry(link: ",\n\"_cassette\": {\"request\": 2, \"answer\": 3, \"cause\": 5}"),
        ])
        #expect(HARFixtures.problems(text) == [
            "x.har:15:39: error: the answer 1 must come after its request 2",
            "x.har:27:26: error: event id 2 is used twice",
            "x.har:27:51: error: the cause 5 is no response of an earlier entry",
        ])
    }

    @Test("a body that does not decode as its encoding says is an error at its text")
    func badBase64() {
        let text = HARText.log(entries: [HARText.entry()]).replacingOccurrences(
            of: "\"content\": {\"size\": 0, \"mimeType\": \"\"}",
            with: "\"content\": {\"size\": 3, \"mimeType\": \"image/png\", \"text\": \"%%%\", \"encoding\": \"base64\"}")
        #expect(HARFixtures.problems(text) == ["x.har:11:61: error: the text is not valid base64"])
    }
}
