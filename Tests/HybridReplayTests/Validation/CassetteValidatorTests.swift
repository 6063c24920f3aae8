import Testing
@testable import HybridReplay

private let link = NavigationAction(url: "https://example.com/a", navigationType: .linkActivated, targetFrame: .main())
private let request = HTTPRequest(method: "GET", url: "https://example.com/login")

private func problems(_ events: [Event]) -> [String] {
    CassetteValidator.problems(in: Cassette(header: CassetteHeader(name: "v"), events: events)).map(\.description)
}

@Suite("CassetteValidator")
struct CassetteValidatorTests {
    @Test("a well-formed exchange has no problems")
    func validExchange() {
        #expect(problems([
            Event(id: 1, at: 0, payload: link),
            Event(id: 2, at: 0, cause: 1, payload: NavigationDecision(.allow)),
            Event(id: 3, at: 0.5, cause: 1, payload: request),
            Event(id: 4, at: 0.7, answers: 3, payload: HTTPResponse(status: 200)),
        ]) == [])
    }

    @Test("ids must increase")
    func idsIncrease() {
        #expect(problems([
            Event(id: 2, at: 0, payload: link),
            Event(id: 2, at: 0, payload: LocationUpdatesStart()),
        ]) == ["events[1].id: event id 2 does not increase; the event before it is 2"])
    }

    @Test("time must not go backwards")
    func timeIsMonotonic() {
        #expect(problems([
            Event(id: 1, at: 2, payload: LocationUpdatesStart()),
            Event(id: 2, at: 1, payload: LocationUpdatesStop()),
        ]) == ["events[1].at: 'at' 1 is earlier than event 1's 2"])
    }

    @Test("a cause must name an earlier stimulus")
    func causeNamesEarlierStimulus() {
        #expect(problems([
            Event(id: 1, at: 0, payload: request),
            Event(id: 2, at: 0, cause: 1, payload: LocationUpdatesStart()),
            Event(id: 3, at: 0, cause: 9, payload: LocationUpdatesStop()),
        ]) == [
            "events[1].cause: cause 1 is an effect (http.request); a cause names the stimulus that led to this event",
            "events[2].cause: cause 9 does not name an earlier event",
        ])
    }

    @Test("a response must answer a request, once")
    func responsesAnswerRequests() {
        #expect(problems([
            Event(id: 1, at: 0, payload: request),
            Event(id: 2, at: 0, payload: HTTPResponse(status: 200)),
            Event(id: 3, at: 0, answers: 1, payload: HTTPResponse(status: 302)),
            Event(id: 4, at: 0, answers: 1, payload: HTTPResponse(status: 200)),
        ]) == [
            "events[1].answers: missing 'answers': a http.response answers the http.request it responds to",
            "events[3].answers: http.request 1 is already answered by event 3",
        ])
    }

    @Test("a stimulus answers only the effect kinds it belongs to")
    func answersMatchKinds() {
        #expect(problems([
            Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "1+1")),
            Event(id: 2, at: 0, answers: 1, payload: HTTPResponse(status: 200)),
            Event(id: 3, at: 0, answers: 1, payload: link),
            Event(id: 4, at: 0, answers: 1, payload: JavaScriptResult(.value(2))),
        ]) == [
            "events[1].answers: a http.response answers a http.request, not a javascript.evaluate",
            "events[2].answers: a navigation.action does not answer effects; it arrives on its own",
        ])
    }

    @Test("effects cannot answer, and stimuli answer only effects")
    func answersDirection() {
        #expect(problems([
            Event(id: 1, at: 0, payload: link),
            Event(id: 2, at: 0, cause: 1, answers: 1, payload: NavigationDecision(.allow)),
            Event(id: 3, at: 0, answers: 1, payload: LocationAuthorizationChange(.denied)),
        ]) == [
            "events[1].answers: an effect cannot answer anything; name the stimulus that led to it in 'cause'",
            "events[2].answers: answers 1 is a stimulus (navigation.action); a stimulus answers an effect",
        ])
    }

    @Test("a navigation action gets exactly one decision")
    func oneDecisionPerAction() {
        #expect(problems([
            Event(id: 1, at: 0, payload: link),
            Event(id: 2, at: 0, cause: 1, payload: NavigationDecision(.cancel)),
            Event(id: 3, at: 0, cause: 1, payload: NavigationDecision(.allow)),
            Event(id: 4, at: 0, payload: NavigationDecision(.allow)),
        ]) == [
            "events[2].cause: navigation.action 1 already has a decision (event 2); it gets exactly one",
            "events[3].cause: a navigation.decision names the navigation.action it answers in 'cause'",
        ])
    }

    @Test("a reply answers a message that expects one, once")
    func repliesNeedReplyHandlers() {
        #expect(problems([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "plain", body: "x")),
            Event(id: 2, at: 0, cause: 1, payload: ScriptReply(.value(1))),
            Event(id: 3, at: 0, payload: ScriptMessage(handler: "withReply", body: "x", expectsReply: true)),
            Event(id: 4, at: 0, cause: 3, payload: ScriptReply(.value(1))),
            Event(id: 5, at: 0, cause: 3, payload: ScriptReply(.error("twice"))),
        ]) == [
            "events[1].cause: script.message 1 does not expect a reply",
            "events[4].cause: script.message 3 already has a reply (event 4); it gets exactly one",
        ])
    }

    @Test("an empty name and an unsupported version are reported on the header")
    func headerProblems() {
        let cassette = Cassette(header: CassetteHeader(formatVersion: 7, name: ""), events: [])
        #expect(CassetteValidator.problems(in: cassette).map(\.description) == [
            "name: the cassette name is empty",
            "formatVersion: cassette format version 7 is newer than this HybridReplay reads (up to 2); update HybridReplay",
        ])
    }

    @Test("the reader places cross-event problems on the offending field")
    func readerPlacesValidatorProblems() {
        let found = diagnostics(of: cassetteText([action, decision(), decision(id: 3)]))
        #expect(found == ["t.json:6:88: error: navigation.action 1 already has a decision (event 2); it gets exactly one"])
    }
}
