@testable import CassetteCommands
import HybridReplay
import Testing

@Suite struct TimelineTests {
    @Test("the header names the recorder and the redactions, and answers are shown")
    func headerAndAnswers() {
        #expect(Timeline.lines(for: Samples.http) == [
            "# fetch-profile",
            "# recorded by HybridReplay 0.1.0 with URLSession",
            "# redacted: header:Authorization",
            "   1    +0.500s  effect    http.request                   GET https://example.com/profile",
            #"      method: "GET""#,
            #"      url: "https://example.com/profile""#,
            "      headers: []",
            "  12    +1.250s  stimulus  http.response                  200  (answers 1)",
            "      status: 200",
            "      headers: []",
        ])
    }

    @Test("an event with a cause and an answer shows both")
    func causeAndAnswer() {
        let cassette = Cassette(header: CassetteHeader(name: "both"), events: [
            Event(id: 7, at: 2, cause: 3, answers: 5, payload: HTTPResponse(status: 204))
        ])
        #expect(Timeline.lines(for: cassette).dropLast(2).last == "   7    +2.000s  stimulus  http.response                  204  (cause 3, answers 5)")
    }

    @Test("an empty summary leaves no trailing spaces")
    func emptySummary() {
        let cassette = Cassette(header: CassetteHeader(name: "start"), events: [
            Event(id: 1, at: 0, payload: LocationUpdatesStart())
        ])
        #expect(Timeline.lines(for: cassette).suffix(2) == ["   1    +0.000s  effect    location.startUpdating", "      payload: {}"])
    }

    @Test("long ids, times and kinds push the line right instead of being cut, and times keep every digit")
    func wideValues() {
        let cassette = Cassette(header: CassetteHeader(name: "wide"), events: [
            Event(id: 123_456, at: 12_345.6789, payload: CustomEvent(name: "analytics.track.purchase", direction: .effect))
        ])
        #expect(Timeline.lines(for: cassette).dropLast().last == "123456  +12345.6789s  effect    custom.analytics.track.purchase  {}")
    }

    @Test("line breaks and control characters in text are escaped to keep one line per event")
    func escapes() {
        let cassette = Cassette(header: CassetteHeader(name: "two\nlines", description: "tab\there"), events: [
            Event(id: 1, at: 0, payload: NavigationLoad(url: "https://example.com/\r\n\u{1B}"))
        ])
        let lines = Timeline.lines(for: cassette)
        #expect(lines.first == #"# two\nlines — tab\there"#)
        #expect(lines.suffix(3) == [
            #"   1    +0.000s  effect    navigation.load                GET https://example.com/\r\n\u{1b}"#,
            #"      url: "https://example.com/\r\n\u001b""#,
            #"      method: "GET""#,
        ])
        #expect(Timeline.text(for: cassette) == lines.map { $0 + "\n" }.joined())
    }

    @Test("every field of a payload gets a line: headers by name, JSON bodies by path")
    func fields() {
        let cassette = Cassette(header: CassetteHeader(name: "post"), events: [
            Event(id: 1, at: 0, payload: HTTPRequest(
                method: "POST", url: "https://x/cart", headers: [HTTPHeader("Authorization", "[REDACTED:1]")],
                body: .json(["items": [["qty": 2]], "a.b": [], "note": "hi"])))
        ])
        #expect(Timeline.lines(for: cassette).dropFirst(2) == [
            "   1    +0.000s  effect    http.request                   POST https://x/cart",
            #"      method: "POST""#,
            #"      url: "https://x/cart""#,
            #"      headers[Authorization]: "[REDACTED:1]""#,
            #"      body.json["a.b"]: []"#,
            #"      body.json.items[0].qty: 2"#,
            #"      body.json.note: "hi""#,
        ])
    }

    @Test("a time that three decimals would round is printed in full")
    func exactTimes() {
        #expect(Timeline.seconds(0.25) == "0.250")
        #expect(Timeline.seconds(0.0105) == "0.0105")
    }
}
