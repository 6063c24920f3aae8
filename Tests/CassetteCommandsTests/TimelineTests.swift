import CassetteCommands
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
            "  12    +1.250s  stimulus  http.response                  200  (answers 1)",
        ])
    }

    @Test("an event with a cause and an answer shows both")
    func causeAndAnswer() {
        let cassette = Cassette(header: CassetteHeader(name: "both"), events: [
            Event(id: 7, at: 2, cause: 3, answers: 5, payload: HTTPResponse(status: 204))
        ])
        #expect(Timeline.lines(for: cassette).last == "   7    +2.000s  stimulus  http.response                  204  (cause 3, answers 5)")
    }

    @Test("an empty summary leaves no trailing spaces")
    func emptySummary() {
        let cassette = Cassette(header: CassetteHeader(name: "start"), events: [
            Event(id: 1, at: 0, payload: LocationUpdatesStart())
        ])
        #expect(Timeline.lines(for: cassette).last == "   1    +0.000s  effect    location.startUpdating")
    }

    @Test("long ids, times and kinds push the line right instead of being cut")
    func wideValues() {
        let cassette = Cassette(header: CassetteHeader(name: "wide"), events: [
            Event(id: 123_456, at: 12_345.6789, payload: CustomEvent(name: "analytics.track.purchase", direction: .effect))
        ])
        #expect(Timeline.lines(for: cassette).last == "123456  +12345.679s  effect    custom.analytics.track.purchase  {}")
    }

    @Test("line breaks and control characters in text are escaped to keep one line per event")
    func escapes() {
        let cassette = Cassette(header: CassetteHeader(name: "two\nlines", description: "tab\there"), events: [
            Event(id: 1, at: 0, payload: NavigationLoad(url: "https://example.com/\r\n\u{1B}"))
        ])
        let lines = Timeline.lines(for: cassette)
        #expect(lines.first == #"# two\nlines — tab\there"#)
        #expect(lines.last == #"   1    +0.000s  effect    navigation.load                GET https://example.com/\r\n\u{1b}"#)
        #expect(Timeline.text(for: cassette) == lines.map { $0 + "\n" }.joined())
    }
}
