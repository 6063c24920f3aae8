import Testing

@testable import HybridReplay

private let request = HTTPRequest(method: "GET", url: "https://example.com/api")
private let timeout = HTTPTransportFailure(code: -1001, message: "timed out")

private func problems(_ events: [Event]) -> [String] {
    CassetteValidator.problems(in: Cassette(header: CassetteHeader(name: "v2"), events: events)).map(\.description)
}

private let httpRequest = #"{"id": 1, "channel": "http", "direction": "effect", "kind": "request", "at": 0, "payload": {"method": "GET", "url": "https://example.com/api", "headers": []}}"#

private func httpError(_ payload: String = #"{"code": -1001, "domain": "NSURLErrorDomain", "message": "timed out"}"#) -> String {
    #"{"id": 2, "channel": "http", "direction": "stimulus", "kind": "error", "answers": 1, "at": 0.5, "payload": \#(payload)}"#
}

@Suite("Format version 2 kinds: validation")
struct FormatVersion2ValidationTests {
    @Test("an http.error answering its request is valid")
    func validError() {
        #expect(problems([Event(id: 1, at: 0, payload: request), Event(id: 2, at: 1, answers: 1, payload: timeout)]) == [])
    }

    @Test("an http.error must answer an http.request, and only one")
    func errorAnswers() {
        #expect(problems([Event(id: 1, at: 0, payload: request), Event(id: 2, at: 1, payload: timeout)]) == [
            "events[1].answers: missing 'answers': a http.error answers the http.request it responds to"
        ])
        #expect(problems([
            Event(id: 1, at: 0, payload: LocationUpdatesStart()), Event(id: 2, at: 1, answers: 1, payload: timeout),
        ]) == ["events[1].answers: a http.error answers a http.request, not a location.startUpdating"])
        #expect(problems([
            Event(id: 1, at: 0, payload: request), Event(id: 2, at: 1, answers: 1, payload: HTTPResponse(status: 200)),
            Event(id: 3, at: 1, answers: 1, payload: timeout),
        ]) == ["events[2].answers: http.request 1 is already answered by event 2"])
    }

    @Test("the one-shot location batch and error, and the full-accuracy change, may answer their requests")
    func locationAnswers() {
        #expect(problems([
            Event(id: 1, at: 0, payload: OneShotLocationRequest()),
            Event(id: 2, at: 1, answers: 1, payload: LocationUpdate([LocationFix(latitude: 1, longitude: 2, timestamp: "2026-11-30T11:46:56Z")])),
            Event(id: 3, at: 1, payload: OneShotLocationRequest()),
            Event(id: 4, at: 1, answers: 3, payload: LocationFailure(.locationUnknown)),
            Event(id: 5, at: 1, payload: TemporaryFullAccuracyRequest(purposeKey: "Navigation")),
            Event(id: 6, at: 2, answers: 5, payload: LocationAuthorizationChange(.authorizedWhenInUse, accuracy: .full)),
        ]) == [])
        #expect(problems([
            Event(id: 1, at: 0, payload: LocationAuthorizationRequest(.whenInUse)),
            Event(id: 2, at: 1, answers: 1, payload: LocationUpdate([LocationFix(latitude: 1, longitude: 2, timestamp: "2026-11-30T11:46:56Z")])),
        ]) == ["events[1].answers: a location.locations answers a location.requestLocation, not a location.requestAuthorization"])
    }

    @Test("reads http.error, and reports a bad code, an empty domain and a missing message at their lines")
    func readsAndRejects() throws {
        let cassette = try CassetteReader().read(Array(cassetteText(version: "2", [httpRequest, httpError()]).utf8), path: "t.json")
        #expect(cassette.events.last?.payload(as: HTTPTransportFailure.self) == timeout)
        #expect(diagnostics(of: cassetteText(version: "2", [httpRequest, httpError(#"{"code": 1.5, "domain": "", "message": "x"}"#)])) == [
            "t.json:5:117: error: expected a whole number, found 1.5",
            "t.json:5:132: error: the error domain is empty; a URLError's is 'NSURLErrorDomain'",
        ])
        #expect(diagnostics(of: cassetteText(version: "2", [httpRequest, httpError(#"{"code": -1, "domain": "D"}"#)])) == [
            "t.json:5:108: error: missing required field 'message'"
        ])
    }

    @Test("a version-1 cassette that uses a version-2 kind is an error naming the version it needs")
    func versionOneCannotUseVersionTwoKinds() {
        #expect(diagnostics(of: cassetteText(version: "1", [httpRequest, httpError()])) == [
            "t.json:5:63: error: http.error needs format version 2; this cassette is version 1; set its 'formatVersion' to 2"
        ])
        let oneShot = #"{"id": 1, "channel": "location", "direction": "effect", "kind": "requestLocation", "at": 0, "payload": {}}"#
        let fullAccuracy = #"{"id": 2, "channel": "location", "direction": "effect", "kind": "requestFullAccuracy", "at": 0, "payload": {"purposeKey": "Nav"}}"#
        #expect(diagnostics(of: cassetteText(version: "1", [oneShot, fullAccuracy])).count == 2)
        #expect(diagnostics(of: cassetteText(version: "2", [oneShot, fullAccuracy])) == [])
    }

    @Test("an empty purpose key is an error")
    func emptyPurposeKey() {
        let fullAccuracy = #"{"id": 1, "channel": "location", "direction": "effect", "kind": "requestFullAccuracy", "at": 0, "payload": {"purposeKey": ""}}"#
        #expect(diagnostics(of: cassetteText(version: "2", [fullAccuracy])).map { $0.contains("the purpose key is empty") } == [true])
    }
}
