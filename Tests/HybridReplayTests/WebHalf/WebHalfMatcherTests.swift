import Foundation
@testable import HybridReplay
import Testing

/// The web half's matcher driven by plain calls: no web view, no task, no clock.
@Suite("Web-half matcher")
struct WebHalfMatcherTests {
    static let url = "https://bridge.example.com/simple.html"
    static let frame = Frame.main(url)

    /// A cassette of `payloads`, numbered from 1, each with its cause and the effect it answers.
    static func cassette(_ payloads: [(payload: any EventPayload, cause: Int?, answers: Int?)], volatile: [VolatileField] = [])
        -> Cassette
    {
        Cassette(
            header: CassetteHeader(name: "web-half", volatile: volatile),
            events: payloads.enumerated().map { index, entry in
                Event(id: index + 1, at: Double(index), cause: entry.cause, answers: entry.answers, payload: entry.payload)
            })
    }

    /// The matcher for `cassette`, with its placeholders as a web-half replay declares them.
    static func matcher(_ cassette: Cassette) -> WebHalfMatcher {
        var options = ReplayOptions()
        options.placeholders = options.placeholders.declaring(in: [cassette])
        return WebHalfMatcher(ReplayScript(cassette: cassette, options: options))
    }

    static func message(_ body: JSONValue, to handler: String = "nativeProcess", expectsReply: Bool = false) -> ScriptMessage {
        ScriptMessage(handler: handler, body: body, frame: frame, expectsReply: expectsReply)
    }

    /// The seed's echo: the page posts text, native code calls `changeEcho` with it.
    static let echo = cassette([
        (message("Hello"), nil, nil),
        (JavaScriptEvaluation(script: #"changeEcho("Hello")"#), 1, nil),
        (JavaScriptResult(.value(.null)), nil, 2),
    ])

    static func event(_ id: Int, of matcher: WebHalfMatcher) throws -> Event {
        try #require(matcher.script.event(id))
    }

    // MARK: The page as recorded

    @Test("a page step its kind hands over as it is, a window close, is taken as recorded; one the cassette lacks fails")
    func closeIsTakenAsRecorded() throws {
        var matcher = Self.matcher(Self.cassette([(Self.message("Done"), nil, nil), (WindowClose(), nil, nil)]))
        #expect(matcher.firstUnseen(before: nil)?.id == 1)
        #expect(matcher.pagePosted(Self.message("Done")) == .matched(1, answered: false))
        #expect(matcher.firstUnseen(before: nil)?.id == 2, "the close is still to come")
        #expect(matcher.pageDid(WindowClose(), unrecorded: "closed again") == .matched(2, answered: false))
        #expect(matcher.firstUnseen(before: nil) == nil)
        #expect(matcher.issues.isEmpty)
        #expect(matcher.pageDid(WindowClose(), unrecorded: "closed again") == .unrecorded)
        let issue = try #require(matcher.issues.first)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.eventKind == WindowClose.eventKind)
        #expect(matcher.trace.map(\.kind.description) == ["script.message", "navigation.windowClose", "navigation.windowClose"])
    }

    @Test("a page that posts the recorded message, then gives the recorded result, leaves nothing unseen")
    func echoIsTakenStepByStep() throws {
        var matcher = Self.matcher(Self.echo)
        #expect(matcher.firstUnseen(before: 2)?.id == 1, "the evaluation waits for the message")
        #expect(matcher.pagePosted(Self.message("Hello")) == .matched(1, answered: true))
        #expect(matcher.firstUnseen(before: 2) == nil)
        let played = matcher.play(try Self.event(2, of: matcher))
        #expect(played as? JavaScriptEvaluation == JavaScriptEvaluation(script: #"changeEcho("Hello")"#))
        #expect(matcher.firstUnseen(before: nil)?.id == 3, "the result is still to come")
        #expect(matcher.evaluated(2, outcome: .value(.null)) == .matched(3, answered: false))
        #expect(matcher.firstUnseen(before: nil) == nil)
        #expect(matcher.issues.isEmpty)
        #expect(matcher.trace.map(\.kind.description) == ["script.message", "javascript.evaluate", "javascript.result"])
        #expect(matcher.trace.map(\.cause) == [nil, 1, 2], "the trace links each step to the one it follows")
    }

    @Test("messages are taken in order per handler, in any order across handlers")
    func messagesQueuePerHandler() {
        var matcher = Self.matcher(Self.cassette([
            (Self.message(1, to: "first"), nil, nil),
            (Self.message(2, to: "second"), nil, nil),
            (Self.message(3, to: "first"), nil, nil),
        ]))
        #expect(matcher.pagePosted(Self.message(2, to: "second")) == .matched(2, answered: false))
        #expect(matcher.pagePosted(Self.message(1, to: "first")) == .matched(1, answered: false))
        #expect(matcher.pagePosted(Self.message(3, to: "first")) == .matched(3, answered: false))
        #expect(matcher.issues.isEmpty)
        #expect(matcher.unseen.isEmpty)
    }

    @Test("a guid the page makes afresh binds, and the evaluation that carries it is played with the page's")
    func freshGuidIsPlayedBack() throws {
        let recorded = "3B9F6A2E-41C7-4D8A-9E25-7C0D1F8B6A43"
        let fresh = "0D6B7C1E-5A2F-4E88-B1C4-92F3A7D0E615"
        var matcher = Self.matcher(Self.cassette([
            (Self.message(["guid": .string(recorded)]), nil, nil),
            (JavaScriptEvaluation(script: #"executePromise("\#(recorded)", "Ada")"#), 1, nil),
        ]))
        #expect(matcher.pagePosted(Self.message(["guid": .string(fresh)])) == .matched(1, answered: true))
        let played = matcher.play(try Self.event(2, of: matcher)) as? JavaScriptEvaluation
        #expect(played?.script == #"executePromise("\#(fresh)", "Ada")"#)
    }

    @Test("requests to an app-served scheme are taken by method and URL, in any order")
    func schemeRequestsByURL() {
        var matcher = Self.matcher(Self.cassette([
            (URLSchemeRequest(url: "app://localhost/index.html"), nil, nil),
            (URLSchemeRequest(url: "app://localhost/app.js"), nil, nil),
            (URLSchemeCompletion.finished, 2, nil),
        ]))
        #expect(matcher.schemes == ["app"])
        #expect(matcher.pageRequested(URLSchemeRequest(url: "app://localhost/app.js")) == .matched(2, answered: true))
        #expect(matcher.pageRequested(URLSchemeRequest(url: "app://localhost/index.html")) == .matched(1, answered: false))
        #expect(matcher.issues.isEmpty)
    }

    @Test("the replay's own load of the page is allowed once, unjudged; the cassette's own navigations are judged")
    func ownLoadIsAllowedOnce() {
        let link = NavigationAction(url: "navigate://present", navigationType: .linkActivated, targetFrame: Self.frame)
        var matcher = Self.matcher(Self.cassette([(link, nil, nil), (NavigationDecision(.cancel), 1, nil)]))
        #expect(matcher.recordsNavigations)
        let load = NavigationAction(url: Self.url, navigationType: .other, targetFrame: Self.frame)
        matcher.loadsPage(at: Self.url)
        #expect(matcher.pageAsked(load) == .allowed)
        #expect(matcher.issues.isEmpty)
        #expect(matcher.pageAsked(link) == .matched(1, answered: true))
    }

    @Test("a response the app's delegate did not decide is allowed unjudged")
    func unrecordedResponseIsAllowed() {
        var matcher = Self.matcher(Self.echo)
        let response = NavigationResponse(
            url: Self.url, status: 200, mimeType: "text/html", isForMainFrame: true, canShowMIMEType: true)
        #expect(!matcher.recordsNavigations)
        #expect(matcher.pageAsked(response) == .allowed)
        #expect(matcher.issues.isEmpty)
        #expect(matcher.trace.isEmpty)
    }

    @Test("a content process the cassette records ending is not a failure")
    func recordedProcessEndIsAllowed() {
        var matcher = Self.matcher(Self.cassette([(Self.message("Hello"), nil, nil), (WebContentProcessTermination(), nil, nil)]))
        #expect(matcher.pageProcessEnded() == .allowed)
        #expect(matcher.issues.isEmpty)
    }

    // MARK: Failures

    @Test("a message the cassette does not record fails the run, naming the nearest recorded message")
    func unrecordedMessageFails() throws {
        var matcher = Self.matcher(Self.echo)
        #expect(matcher.pagePosted(Self.message("Hello", to: "nativeProces")) == .unrecorded)
        let issue = try #require(matcher.issues.first)
        #expect(matcher.issues.count == 1)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.eventID == nil)
        #expect(issue.eventKind == ScriptMessage.eventKind)
        #expect(issue.nearestCandidate == #"event 1 (script.message nativeProcess "Hello")"#)
        #expect(matcher.trace.map(\.kind) == [ScriptMessage.eventKind], "what the page did stays in the trace")
        #expect(matcher.firstUnseen(before: nil)?.id == 1)
    }

    @Test("a navigation and a dialog the cassette does not record fail the run, each saying what the page did")
    func unrecordedNavigationAndDialogFail() {
        var matcher = Self.matcher(Self.echo)
        let link = NavigationAction(url: "https://elsewhere.example/", navigationType: .linkActivated, targetFrame: Self.frame)
        #expect(matcher.pageAsked(link) == .unrecorded)
        #expect(matcher.pageOpened(JavaScriptDialog(kind: .alert, message: "Hi", frame: Self.frame)) == .unrecorded)
        #expect(matcher.pageAskedForWindow(NewWindowRequest(action: link)) == .unrecorded)
        #expect(matcher.pageRequested(URLSchemeRequest(url: "app://localhost/x.js")) == .unrecorded)
        #expect(matcher.issues.map(\.kind) == Array(repeating: .unexpectedStimulus, count: 4))
        #expect(matcher.issues.map(\.eventKind) == [
            NavigationAction.eventKind, JavaScriptDialog.eventKind, NewWindowRequest.eventKind, URLSchemeRequest.eventKind,
        ])
        #expect(matcher.issues.first?.message == "the page navigated to https://elsewhere.example/, which the cassette does not record")
    }

    @Test("a message posted twice is taken once and fails the run the second time")
    func messagePostedTwiceFails() throws {
        var matcher = Self.matcher(Self.echo)
        #expect(matcher.pagePosted(Self.message("Hello")) == .matched(1, answered: true))
        #expect(matcher.pagePosted(Self.message("Hello")) == .unrecorded)
        let issue = try #require(matcher.issues.first)
        #expect(issue.message == "the page posted a message to nativeProcess that the cassette does not record")
        #expect(issue.nearestCandidate == #"event 1 (script.message nativeProcess "Hello")"#)
        #expect(!matcher.unseen.contains(1), "the first post still took the recorded step")
    }

    @Test("a navigation the page asks about twice is decided once and fails the run the second time")
    func navigationAskedTwiceFails() {
        let link = NavigationAction(url: "navigate://present", navigationType: .linkActivated, targetFrame: Self.frame)
        var matcher = Self.matcher(Self.cassette([(link, nil, nil), (NavigationDecision(.cancel), 1, nil)]))
        #expect(matcher.pageAsked(link) == .matched(1, answered: true))
        #expect(matcher.pageAsked(link) == .unrecorded)
        #expect(matcher.issues.map(\.kind) == [.unexpectedStimulus])
        #expect(matcher.issues.first?.nearestCandidate == "event 1 (navigation.action linkActivated GET navigate://present)")
    }

    @Test("messages to one handler in the wrong order fail at the first, field by field, and take nothing")
    func wrongOrderFails() throws {
        var matcher = Self.matcher(Self.cassette([
            (Self.message("Hello"), nil, nil),
            (Self.message("done"), nil, nil),
        ]))
        #expect(matcher.pagePosted(Self.message("done")) == .diverged)
        let issue = try #require(matcher.issues.first)
        #expect(issue.kind == .unexpectedStimulus)
        #expect(issue.eventID == 1)
        #expect(issue.differences.map(\.path) == ["body"])
        #expect(issue.message == #"the page did not post its message to nativeProcess ("Hello") as recorded"#)
        #expect(matcher.unseen == [1, 2])
    }

    @Test("a result other than the recorded one fails at the result")
    func differentResultFails() throws {
        var matcher = Self.matcher(Self.echo)
        _ = matcher.pagePosted(Self.message("Hello"))
        _ = matcher.play(try Self.event(2, of: matcher))
        #expect(matcher.evaluated(2, outcome: .error("ReferenceError: Can't find variable: changeEcho")) == .diverged)
        let issue = try #require(matcher.issues.first)
        #expect(issue.eventID == 3)
        #expect(issue.eventKind == JavaScriptResult.eventKind)
        #expect(issue.message == "the page did not give the evaluation's result (value null) as recorded")
    }

    @Test("a page that never acts has its first step reported missing, with what it threw meanwhile")
    func neverActingPageIsReportedMissing() throws {
        var matcher = Self.matcher(Self.echo)
        let missing = try #require(matcher.firstUnseen(before: 2))
        matcher.pageThrew("TypeError: undefined is not an object")
        matcher.pageNeverTook(missing, patience: .seconds(10))
        let issue = try #require(matcher.issues.first)
        #expect(issue.kind == .missingStimulus)
        #expect(issue.eventID == 1)
        #expect(issue.message == """
            the page did not post its message to nativeProcess ("Hello") within 10.0 seconds of its last recorded step, \
            counted while its page was loaded and the engine idle; meanwhile the page threw: TypeError: undefined is not an object
            """)
    }

    @Test("a replay cancelled while the page had a step to take says which, and what the engine was doing")
    func cancelledReplaySaysWhatWasMissing() throws {
        var matcher = Self.matcher(Self.echo)
        let missing = try #require(matcher.firstUnseen(before: nil))
        matcher.cancelled(before: missing, engine: "loading the page")
        matcher.cancelled(before: missing, engine: nil)
        #expect(matcher.issues.map(\.message) == [
            #"the replay was cancelled while the page had yet to post its message to nativeProcess ("Hello"); the engine was still loading the page"#,
            #"the replay was cancelled while the page had yet to post its message to nativeProcess ("Hello")"#,
        ])
    }

    @Test("a content process that ends unrecorded fails the run, with what the page threw before")
    func processEndFails() throws {
        var matcher = Self.matcher(Self.echo)
        matcher.pageThrew("RangeError: Maximum call stack size exceeded")
        #expect(matcher.pageProcessEnded() == .unrecorded)
        let issue = try #require(matcher.issues.first)
        #expect(issue.eventKind == WebContentProcessTermination.eventKind)
        #expect(issue.message.hasSuffix("; before that the page threw: RangeError: Maximum call stack size exceeded"))
    }

    @Test("a cassette that loads no page fails to set up when there is none to load")
    func noPageIsASetUpFailure() {
        var matcher = Self.matcher(Self.echo)
        #expect(matcher.recordedPageURL == Self.url, "the page is loaded where its first message came from")
        matcher.noPageToLoad()
        #expect(matcher.issues.map(\.kind) == [.setUpFailed])
    }

    @Test("once the run ends, what the page does is let go: not judged, not traced")
    func endedRunLetsGo() {
        var matcher = Self.matcher(Self.echo)
        matcher.end()
        #expect(matcher.pagePosted(Self.message("Hullo")) == .ended)
        #expect(matcher.pageAsked(NavigationAction(url: Self.url, navigationType: .other, targetFrame: Self.frame)) == .ended)
        #expect(matcher.evaluated(2, outcome: .value(.null)) == .ended)
        #expect(matcher.pageProcessEnded() == .ended)
        matcher.pageThrew("Error: late")
        matcher.noPageToLoad()
        #expect(matcher.issues.isEmpty)
        #expect(matcher.trace.isEmpty)
        #expect(matcher.pageErrors.isEmpty)
    }

    @Test("what a diverging step sent where the cassette holds a redaction placeholder is hidden in a report")
    func divergedSecretIsHidden() {
        var matcher = Self.matcher(Self.cassette([(Self.message(["key": "[REDACTED:1]", "n": 1], to: "login"), nil, nil)]))
        #expect(matcher.pagePosted(Self.message(["key": "s3cret-value", "n": 2], to: "login")) == .diverged)
        let hidden = matcher.hiddenValues()
        #expect(hidden.pairs.contains { $0.secret == "s3cret-value" && $0.placeholder == "[REDACTED:1]" })
        #expect(hidden.pairs.allSatisfy { $0.placeholder == "[REDACTED:1]" })
    }

    @Test("the handlers the page posts to are installed once each, with a reply where the first message awaited one")
    func handlersInOrderOfFirstUse() {
        let matcher = Self.matcher(Self.cassette([
            (Self.message(1, to: "bank", expectsReply: true), nil, nil),
            (ScriptReply(.value(1)), 1, nil),
            (Self.message(2, to: "log"), nil, nil),
            (Self.message(3, to: "bank", expectsReply: true), nil, nil),
        ]))
        #expect(matcher.handlers.map(\.handler.name) == ["bank", "log"])
        #expect(matcher.handlers.map(\.replies) == [true, false])
    }
}
