import Foundation
@testable import HybridReplay
import Testing

/// The console's wording of every issue, tested once here: the other tests
/// assert on the issues' kinds and fields.
@Suite("The console renderer of replay issues")
struct ConsoleIssueRendererTests {
    typealias Reference = ReplayIssue.EventReference

    static let action = Reference(
        id: 1, kind: NavigationAction.eventKind, summary: "navigate://present?r=255&g=255&b=0", style: .summary)
    static let route = Reference(id: 2, kind: NativeRoute.eventKind, summary: "present r=255", style: .kindAndSummary)

    static func stall(
        busy: Bool = false, untracked: Int = 0, first: String? = nil, unseen: Bool = false, unseenWork: String? = nil,
        stillWaited: Bool = false, sleeper: Duration? = nil, delayed: Int = 0, busyTracked: Int = 0
    ) -> ReplayIssue.Stall {
        ReplayIssue.Stall(
            wasBusy: busy, clock: .milliseconds(1500), sleeperDeadline: sleeper, untrackedEffects: untracked,
            firstUntrackedEffect: first, waitedForUnseenWork: unseen, unseenWork: unseenWork, stillWaitedOnReplay: stillWaited,
            stallTimeout: .milliseconds(50), delayedBlocks: delayed, busyTrackedWork: busyTracked)
    }

    /// An effect the cassette does not have has no event number: its kind
    /// alone names it, not a parenthesis opening the line.
    @Test("an unexpected effect's headline starts with its kind")
    func unexpectedEffectHeadline() {
        let issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: nil, eventKind: JavaScriptEvaluation.eventKind, statement: .nothingExpects,
            cause: Self.action)
        #expect(
            issue.headline
                == "javascript.evaluate: unexpected effect: nothing in the cassette expects javascript.evaluate in reaction to "
                + "event 1 (navigate://present?r=255&g=255&b=0)")
        let recorded = ReplayIssue(
            kind: .missingEffect, eventID: 2, eventKind: NativeRoute.eventKind, statement: .didNotHappen, expected: "present r=255")
        #expect(recorded.headline.hasPrefix("event 2 (navigation.route): "), "\(recorded.headline)")
    }

    @Test("each settlement words a second settlement with both values and its hint")
    func settledTwice() {
        let cases: [(EventKind, Reference?, String)] = [
            (NavigationDecision.eventKind, Self.action,
             "the navigation action event 1 (navigate://present?r=255&g=255&b=0) was decided twice: first cancel, then allow; call decisionHandler exactly once"),
            (ScriptReply.eventKind, nil,
             "the message was replied to twice: first cancel, then allow; a reply handler must be called at most once"),
            (JavaScriptDialogAnswer.eventKind, Reference(id: 5, kind: JavaScriptDialog.eventKind, summary: "confirm \"Sure?\"", style: .summary),
             "the JavaScript dialog event 5 (confirm \"Sure?\") was answered twice: first cancel, then allow; call completionHandler exactly once"),
            (URLSchemeCompletion.eventKind, Reference(id: 1, kind: URLSchemeRequest.eventKind, summary: "GET app://localhost/", style: .summary),
             "the scheme task for event 1 (GET app://localhost/) ended twice: first cancel, then allow; call didFinish() or didFailWithError(_:) exactly once"),
        ]
        for (kind, cause, text) in cases {
            let settlement = Settlement.of(kind)
            let issue = ReplayIssue(
                kind: .decisionRepeated, eventID: 1, eventKind: nil, statement: .settledTwice(kind), cause: cause,
                expected: "cancel", found: "allow", hint: settlement?.repeatedHint)
            #expect(issue.message == text)
        }
    }

    @Test("each settlement words one that never came with the recorded value and event")
    func neverSettled() {
        let recorded = Reference(id: 3, kind: nil, summary: "", style: .kindAndSummary)
        let decision = ReplayIssue(
            kind: .decisionMissing, eventID: 1, eventKind: NavigationAction.eventKind,
            statement: .neverSettled(NavigationDecision.eventKind), cause: Self.action, relatedEvent: recorded, expected: "cancel")
        #expect(decision.message == "Completion handler passed to decidePolicy(for:decisionHandler:) was not called for navigation action event 1 (navigate://present?r=255&g=255&b=0); the recording decided cancel in event 3")
        let scheme = ReplayIssue(
            kind: .schemeTaskUnfinished, eventID: 1, eventKind: URLSchemeRequest.eventKind,
            statement: .neverSettled(URLSchemeCompletion.eventKind),
            cause: Reference(id: 1, kind: URLSchemeRequest.eventKind, summary: "GET app://localhost/index.html", style: .summary),
            relatedEvent: recorded, expected: "finished", hint: URLSchemeCompletion.settlement?.missingHint)
        #expect(scheme.message == "the page waits on the scheme task for event 1 (GET app://localhost/index.html) and it never ended; the recording finished in event 3; call didFinish() or didFailWithError(_:)")
        let reply = ReplayIssue(
            kind: .replyMissing, eventID: 1, eventKind: ScriptMessage.eventKind, statement: .neverSettled(ScriptReply.eventKind),
            relatedEvent: recorded, expected: "error \"unsupported\"")
        #expect(reply.message == "the page awaits a reply to this message and none was sent; the recording replied error \"unsupported\" in event 3")
    }

    @Test("a settlement other than the recorded one is worded with both values")
    func settledDifferently() {
        let issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: NavigationResponseDecision.eventKind,
            statement: .settledDifferently(NavigationResponseDecision.eventKind),
            cause: Reference(id: 1, kind: NavigationResponse.eventKind, summary: "200 text/html https://app.example.com/", style: .summary),
            expected: "allow", found: "download")
        #expect(issue.message == "the decision for navigation response event 1 (200 text/html https://app.example.com/) differs from the recording: expected allow, found download")
        #expect(issue.headline == "event 2 (navigation.responseDecision): " + issue.message)
    }

    @Test("a settlement whose two summaries read the same (a hidden password that differs) points to the field below")
    func settledDifferentlyWithEqualSummaries() {
        var issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: 4, eventKind: AuthenticationAnswer.eventKind,
            statement: .settledDifferently(AuthenticationAnswer.eventKind),
            cause: Reference(id: 3, kind: AuthenticationChallenge.eventKind, summary: "intranet.example basic", style: .summary),
            expected: #"useCredential as "ada" with a password"#, found: #"useCredential as "ada" with a password"#)
        issue.differences = [FieldDifference(path: "credential.password", expected: #""[REDACTED:1]""#, actual: #""[REDACTED:2]""#)]
        #expect(issue.message.hasSuffix(
            #"expected useCredential as "ada" with a password, found useCredential as "ada" with a password (the same in summary: the field below differs)"#),
            "\(issue.message)")
        // Summaries that differ, or no field to point to, are shown as they are.
        issue.differences = []
        #expect(issue.message.hasSuffix(#"found useCredential as "ada" with a password"#), "\(issue.message)")
    }

    @Test("a value holding a slot's name is written as it is, not filled again")
    func valuesAreNotTemplates() {
        let issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: nil, statement: .settledDifferently(JavaScriptDialogAnswer.eventKind),
            cause: Reference(id: 1, kind: nil, summary: "", style: .id), expected: "{found}", found: "{hint} {cause")
        #expect(issue.message == "the answer to JavaScript dialog event 1 differs from the recording: expected {found}, found {hint} {cause")
    }

    @Test("the effect issues name the events they point at")
    func effectSentences() {
        func message(_ statement: ReplayIssue.Statement, cause: Reference? = nil, related: Reference? = nil) -> String {
            ReplayIssue(
                kind: .unexpectedEffect, eventID: nil, eventKind: NativeRoute.eventKind, statement: statement, cause: cause,
                relatedEvent: related
            ).message
        }
        #expect(message(.repeats, related: Self.route) == "unexpected effect: it repeats event 2 (navigation.route present r=255), which already happened")
        #expect(message(.repeats, cause: Self.action, related: Self.route) == "unexpected effect: it repeats event 2 (navigation.route present r=255), which already happened; this one was made in reaction to event 1 (navigate://present?r=255&g=255&b=0)")
        #expect(message(.differs) == "the effect that happened differs from the recording")
        #expect(message(.beforeCause, cause: Self.route) == "happened before its cause, event 2 (navigation.route present r=255), was delivered")
        #expect(ReplayIssue(kind: .effectBeforeCause, eventID: nil, eventKind: nil, statement: .beforeCause, cause: Self.route, missingCall: Self.action).message == "happened before its cause, event 2 (navigation.route present r=255), was delivered. The call the recording made first is missing: event 1 (navigate://present?r=255&g=255&b=0), answered by event 2, has not happened")
        #expect(message(.beforeCause, cause: Self.route, related: Self.action) == "happened in reaction to event 1 (navigate://present?r=255&g=255&b=0), before its recorded cause, event 2 (navigation.route present r=255), was delivered")
        #expect(message(.beforeStimuliAhead) == "happened before the stimuli recorded ahead of it were delivered")
        #expect(message(.beforeEarlierOfSameCause, cause: Self.route, related: Self.route) == "happened before event 2 (navigation.route present r=255); both follow event 2 (navigation.route present r=255) and were recorded in that order")
        #expect(message(.beforeEarlierOfSameCause, related: Self.route) == "happened before event 2 (navigation.route present r=255); neither has a cause and were recorded in that order")
        #expect(message(.beforeRecordedAhead, related: Self.route) == "happened before event 2 (navigation.route present r=255), which was recorded ahead of it")
        #expect(message(.extraBefore, related: Self.route) == "unexpected effect: nothing in the cassette expects it before event 2 (navigation.route present r=255), which happened right after it")
        #expect(message(.aheadOfStimulus, related: Self.route) == "unexpected effect: nothing in the cassette expects it before event 2 (navigation.route present r=255) is delivered. The recorded effect nearest to it comes after event 2 and differs from it")
        // Ahead of a call not made yet: the call is the likely reason, after what happened.
        #expect(ReplayIssue(kind: .unexpectedEffect, eventID: nil, eventKind: nil, statement: .aheadOfStimulus, relatedEvent: Self.route, missingCall: Self.action).message == "unexpected effect: nothing in the cassette expects it before event 2 (navigation.route present r=255) is delivered. Most likely the call the recording made first is missing: event 1 (navigate://present?r=255&g=255&b=0), answered by event 2, has not happened yet. Otherwise this effect is one the recording does not have. The recorded effect nearest to it comes after event 2 and differs from it")
        #expect(message(.nothingExpects) == "unexpected effect: nothing in the cassette expects navigation.route here")
        #expect(message(.nothingExpects, cause: Self.route) == "unexpected effect: nothing in the cassette expects navigation.route in reaction to event 2 (navigation.route present r=255)")
        #expect(message(.nothingExpects, cause: Self.route, related: Self.action) == "unexpected effect: nothing in the cassette expects navigation.route in reaction to event 2 (navigation.route present r=255), made after event 1 (navigate://present?r=255&g=255&b=0), the last stimulus delivered")
        #expect(message(.undeliverable("the web view has no UI delegate")) == "could not be delivered: the web view has no UI delegate")
        #expect(message(.schemeTaskMisuse("didFinish() was called twice"), cause: Reference(id: 1, kind: nil, summary: "", style: .id)) == "the scheme task for event 1: didFinish() was called twice")
        #expect(message(.setUpThrew("Oops()")) == "setting up the implementation threw Oops()")
    }

    @Test("calls on a stopped scheme task are one issue: the call where WebKit raises, then the later ones counted and named")
    func callsAfterStop() {
        let cause = Reference(id: 5, kind: URLSchemeRequest.eventKind, summary: "GET app://folio/charges.json", style: .summary)
        func message(_ first: String, _ later: [String]) -> String {
            ReplayIssue(
                kind: .schemeTaskMisuse, eventID: 5, eventKind: URLSchemeRequest.eventKind,
                statement: .schemeTaskCalledAfterStop(first: first, later: later), cause: cause
            ).message
        }
        let subject = "the scheme task for event 5 (GET app://folio/charges.json): "
        #expect(
            message("didFinish()", [])
                == subject + "didFinish() was called after the page stopped the task (stop(_:)); "
                + "WebKit raises an exception for any call on a stopped task")
        #expect(
            message("didReceive(data)", ["didFinish()"])
                == subject + "didReceive(data) was called after the page stopped the task (stop(_:)); "
                + "WebKit raises an exception for any call on a stopped task, on a device at this first one "
                + "(and 1 more call after stop: didFinish())")
        #expect(
            message("didReceive(response)", ["didReceive(data)", "didFinish()"])
                == subject + "didReceive(response) was called after the page stopped the task (stop(_:)); "
                + "WebKit raises an exception for any call on a stopped task, on a device at this first one "
                + "(and 2 more calls after stop: didReceive(data), didFinish())")
    }

    @Test("an effect ahead of a call not made yet is told in short sentences: what happened, the likely reason, the nearest")
    func aheadOfAMissingCall() {
        // An outside tester's shape: a reply sent before the one-shot location request it needs.
        let issue = ReplayIssue(
            kind: .unexpectedEffect, eventID: 10, eventKind: ScriptReply.eventKind, statement: .aheadOfStimulus,
            relatedEvent: Reference(id: 9, kind: LocationUpdate.eventKind, summary: "48.21,16.37 ±12m", style: .kindAndSummary),
            differences: [
                FieldDifference(path: "value.lat", expected: "48.21", actual: "0"),
                FieldDifference(path: "value.venue", expected: #""Hall B""#, actual: #""Hall A""#),
            ],
            actual: #"script.reply value {"lat":0,"venue":"Hall A"}"#,
            missingCall: Reference(id: 8, kind: OneShotLocationRequest.eventKind, summary: "one fix", style: .kindAndSummary))
        #expect(issue.description == """
            event 10 (script.reply): unexpected effect: nothing in the cassette expects it before event 9 (location.locations 48.21,16.37 ±12m) is delivered. \
            Most likely the call the recording made first is missing: event 8 (location.requestLocation one fix), answered by event 9, has not happened yet. \
            Otherwise this effect is one the recording does not have. \
            The recorded effect nearest to it, event 10, comes after event 9 and differs in the fields below
              value.lat: expected 48.21, found 0
              value.venue: expected "Hall B", found "Hall A"
              happened: script.reply value {"lat":0,"venue":"Hall A"}
            """)
        // Without the call (it was made; its answer is still to come) the reason is left out.
        var answered = issue
        answered.missingCall = nil
        #expect(answered.message == "unexpected effect: nothing in the cassette expects it before event 9 (location.locations 48.21,16.37 ±12m) is delivered. The recorded effect nearest to it, event 10, comes after event 9 and differs in the fields below")
    }

    @Test("an effect skipped by a later one of its cause is worded with both")
    func skippedSentence() {
        let issue = ReplayIssue(
            kind: .missingEffect, eventID: 2, eventKind: NativeRoute.eventKind, statement: .skipped,
            cause: Reference(id: 1, kind: NavigationAction.eventKind, summary: "navigate://present", style: .kindAndSummary),
            relatedEvent: Reference(id: 3, kind: NavigationDecision.eventKind, summary: "cancel", style: .kindAndSummary),
            expected: "present r=255")
        #expect(issue.message == "expected effect did not happen after event 1 (navigation.action navigate://present): present r=255; event 3 (navigation.decision cancel), recorded after it, happened without it")
    }

    @Test("an effect recorded without a cause, skipped by a later one, names no cause rather than an unknown event")
    func skippedSentenceWithoutCause() {
        let issue = ReplayIssue(
            kind: .missingEffect, eventID: 8, eventKind: CookieStoreWrite.eventKind, statement: .skipped,
            relatedEvent: Reference(id: 9, kind: HTTPRequest.eventKind, summary: "POST https://api.example.com/devices", style: .kindAndSummary),
            expected: "session=[REDACTED:1] (example.com/)")
        #expect(issue.message == "expected effect did not happen: session=[REDACTED:1] (example.com/); event 9 (http.request POST https://api.example.com/devices), recorded after it, happened without it")
        #expect(!issue.message.contains("unknown"))
    }

    @Test("a missing effect is worded with its cause, the answer it held back and why the replay judged")
    func didNotHappen() {
        var issue = ReplayIssue(
            kind: .missingEffect, eventID: 3, eventKind: HTTPRequest.eventKind, statement: .didNotHappen, cause: Self.route,
            relatedEvent: Reference(id: 4, kind: HTTPResponse.eventKind, summary: "200", style: .kindAndSummary),
            expected: "GET https://api.example.com/", stall: Self.stall(sleeper: .seconds(3)))
        #expect(issue.message == "expected effect did not happen after event 2 (navigation.route present r=255): GET https://api.example.com/, so event 4 (http.response 200), which answers it, was not delivered; the implementation went idle at 1.5 s on the cassette's clock, waiting on the replay clock until 3 s")
        issue.unreplayedEvents = 2
        #expect(issue.message.hasSuffix("until 3 s (2 later events were not replayed)"))
        issue.reportedAs = issue.kind
        issue.kind = .lateEffect
        #expect(issue.message.hasPrefix("the effect came after the replay had reported it missing, from work the replay could not see; it was reported as: expected effect did not happen after event 2"))
    }

    @Test("an effect recorded later and made first is worded with its cause, or as having none")
    func swappedEffects() {
        let later = Reference(id: 5, kind: NativeRoute.eventKind, summary: "present r=0", style: .kindAndSummary)
        let caused = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: NativeRoute.eventKind, statement: .differs, cause: Self.action,
            relatedEvent: later)
        #expect(caused.message == "the effect that happened differs from the recording: it is event 5 (navigation.route present r=0), recorded after it for the same cause (event 1 (navigate://present?r=255&g=255&b=0)), made first; effects of one cause keep their recorded order unless the recording shows them made concurrently (docs/replaying.md, \"Matching effects\")")
        let uncaused = ReplayIssue(
            kind: .unexpectedEffect, eventID: 2, eventKind: NativeRoute.eventKind, statement: .differs, relatedEvent: later)
        #expect(uncaused.message == "the effect that happened differs from the recording: it is event 5 (navigation.route present r=0), recorded after it, made first; neither has a cause, and effects without a cause keep their recorded order among themselves (docs/replaying.md, \"Matching effects\")")
        let changed = ReplayIssue(kind: .unexpectedEffect, eventID: 2, eventKind: NativeRoute.eventKind, statement: .differs)
        #expect(changed.message == "the effect that happened differs from the recording")
    }

    @Test("a stall is worded from what the implementation was doing")
    func stalls() {
        func message(_ stall: ReplayIssue.Stall) -> String {
            ReplayIssue(kind: .missingEffect, eventID: nil, eventKind: nil, statement: .stalled, stall: stall).message
        }
        #expect(message(Self.stall()) == "the replay stalled; the implementation went idle at 1.5 s on the cassette's clock")
        #expect(message(Self.stall(busy: true, untracked: 1, first: "custom.ready {}")) == "the replay stalled; the implementation was still busy after 0.05 seconds of real time, at 1.5 s on the cassette's clock, with work the replay cannot see (Task.detached, Dispatch or a thread); 1 effect came from such work, the first custom.ready {}")
        #expect(message(Self.stall(busy: true, untracked: 2, first: "custom.ready {}")).hasSuffix("; 2 effects came from such work, the first custom.ready {}"))
        #expect(message(Self.stall(unseen: true)).hasSuffix("; ReplayOptions.unseenWork is .expected, so the replay waited the stall timeout (0.05 seconds) for it before reporting this"))
        #expect(message(Self.stall(unseen: true, unseenWork: "1 task")).hasSuffix("; this run handed work to what the replay cannot see (1 task), so the replay waited the stall timeout (0.05 seconds) for it before reporting this"))
        #expect(message(Self.stall(stillWaited: true)).hasSuffix("; part of it still waited on the replay, so the replay waited the stall timeout (0.05 seconds) for work it cannot see before reporting this"))
        #expect(message(Self.stall(delayed: 1)) == "the replay stalled; the implementation went idle at 1.5 s on the cassette's clock; its work handed 1 block to DispatchQueue.asyncAfter, which runs in real time: the replay, on the cassette's clock, held it until it had judged, so it runs after the verdict in every run: delay on the platform's clock instead (Writing app code that replays: DispatchQueue.main.asyncAfter and Timer)")
        #expect(message(Self.stall(delayed: 2)).contains("; its work handed 2 blocks to DispatchQueue.asyncAfter, which runs in real time: the replay, on the cassette's clock, held them until it had judged, so they run after"))
        // Work the replay tracks that neither ended nor waited on it: named as that, not as work it cannot see.
        #expect(message(Self.stall(busy: true, busyTracked: 1)) == "the replay stalled; the implementation was still busy after 0.05 seconds of real time, at 1.5 s on the cassette's clock: 1 piece of its work (what a handler, a delegate or its set-up ran, or a task they started) had neither ended nor waited on the replay, as a task does in a Task.sleep or clock wait of real time (sleep on the platform's clock instead), in a call to something the replay does not play, or on a continuation nothing resumes")
        #expect(message(Self.stall(busy: true, untracked: 1, first: "custom.ready {}", busyTracked: 2)).contains(": 2 pieces of its work (what"))
        #expect(message(Self.stall(busy: true, untracked: 1, first: "custom.ready {}", busyTracked: 2)).hasSuffix("; 1 effect came from work the replay cannot see (Task.detached, Dispatch or a thread), the first custom.ready {}"))
    }

    @Test("an issue made with a message is told as given, and setting the message replaces the sentence")
    func toldIssues() {
        var issue = ReplayIssue(
            kind: .missingStimulus, eventID: 4, eventKind: ScriptMessage.eventKind, message: "the page did not post",
            differences: [FieldDifference(path: "body", expected: "1", actual: "2")], actual: "script.message x",
            nearestCandidate: "event 4")
        #expect(issue.message == "the page did not post")
        #expect(issue.description == """
            event 4 (script.message): the page did not post
              body: expected 1, found 2
              happened: script.message x
              nearest recorded candidate: event 4
            """)
        issue.unreplayedEvents = 1
        issue.message = "replaced"
        #expect(issue.message == "replaced")
    }

    @Test("a report lists its issues indented under a count, and the command that re-records")
    func reports() {
        let issue = ReplayIssue(kind: .setUpFailed, eventID: nil, eventKind: nil, statement: .setUpThrew("Oops()"))
        var report = ReplayReport(
            cassetteName: "c", cassettePath: "Cassettes/c.json", issues: [issue], trace: Cassette(header: CassetteHeader(name: "c")),
            runs: 3, run: 2, recordCommand: "swift test --filter C")
        #expect(report.description == """
            Cassettes/c.json: replay failed in run 2 of 3: 1 issue
              setting up the implementation threw Oops()
              If the new behaviour is right, re-record the cassette:
                swift test --filter C
            """)
        report.issues = []
        #expect(report.description == "Cassettes/c.json: replay passed (3 runs, identical traces)")
    }
}
