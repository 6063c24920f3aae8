import CassetteCommands
import HybridReplay
import Testing

@Suite("Timeline: format version 2 kinds")
struct TimelineVersion2Tests {
    @Test("an http.error shows its code, domain and message and the request it answers")
    func transportError() {
        let cassette = Cassette(header: CassetteHeader(name: "offline"), events: [
            Event(id: 1, at: 0, payload: HTTPRequest(url: "https://example.com/api")),
            Event(id: 2, at: 0.25, answers: 1, payload: HTTPTransportFailure(code: -1009, message: "not connected to the internet")),
        ])
        #expect(Timeline.lines(for: cassette).suffix(4) == [
            "   2    +0.250s  stimulus  http.error                     -1009 NSURLErrorDomain: not connected to the internet  (answers 1)",
            "      code: -1009",
            "      domain: \"NSURLErrorDomain\"",
            "      message: \"not connected to the internet\"",
        ])
    }

    @Test("one-shot location and full-accuracy requests show on one line each, within the kind column")
    func locationRequests() {
        let cassette = Cassette(header: CassetteHeader(name: "one-shot"), events: [
            Event(id: 1, at: 0, payload: TemporaryFullAccuracyRequest(purposeKey: "Navigation")),
            Event(id: 2, at: 0, payload: OneShotLocationRequest()),
        ])
        #expect(Timeline.lines(for: cassette).suffix(4) == [
            "   1    +0.000s  effect    location.requestFullAccuracy   purpose Navigation",
            "      purposeKey: \"Navigation\"",
            "   2    +0.000s  effect    location.requestLocation       one fix",
            "      payload: {}",
        ])
    }
}
