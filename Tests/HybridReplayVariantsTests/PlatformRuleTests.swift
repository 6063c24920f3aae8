@testable import HybridReplay
import Testing

@testable import HybridReplayVariants

/// A trace built by hand: each event with its id in order.
private func trace(_ events: [(any EventPayload, cause: Int?)]) -> Cassette {
    Cassette(
        header: CassetteHeader(name: "trace"),
        events: events.enumerated().map { Event(id: $0.offset + 1, at: 0, cause: $0.element.cause, payload: $0.element.0) })
}

private let link = NavigationAction(url: "https://app.example.com/next", navigationType: .linkActivated, targetFrame: .main())

@Suite("PlatformRule")
struct PlatformRuleTests {
    @Test("a navigation action decided once keeps the rule")
    func decidedOnce() {
        let events = trace([(link, nil), (NavigationDecision(.allow), 1)])
        #expect(PlatformRule.navigationDecidedOnce.violations(in: events).isEmpty)
    }

    @Test("a navigation action decided twice names the action and both decisions")
    func decidedTwice() {
        let events = trace([(link, nil), (NavigationDecision(.cancel), 1), (NavigationDecision(.allow), 1)])
        let violations = PlatformRule.navigationDecidedOnce.violations(in: events)
        #expect(violations.map(\.eventIDs) == [[1, 2, 3]])
        #expect(violations.first?.message.contains("decided 2 times") == true)
    }

    @Test("a navigation action never decided is a violation")
    func neverDecided() {
        let violations = PlatformRule.navigationDecidedOnce.violations(in: trace([(link, nil)]))
        #expect(violations.map(\.eventIDs) == [[1]])
        #expect(violations.first?.rule == .navigationDecidedOnce)
    }

    @Test("a navigation response needs exactly one response decision")
    func responseDecision() {
        let response = NavigationResponse(url: "https://app.example.com/", status: 200, mimeType: "text/html", isForMainFrame: true, canShowMIMEType: true)
        #expect(PlatformRule.responseDecidedOnce.violations(in: trace([(response, nil)])).count == 1)
        #expect(PlatformRule.responseDecidedOnce.violations(in: trace([(response, nil), (NavigationResponseDecision(.allow), 1)])).isEmpty)
    }

    @Test("a message awaiting a reply needs exactly one; one awaiting none needs none")
    func replies() {
        let awaiting = ScriptMessage(handler: "bridge", body: .object([:]), expectsReply: true)
        let plain = ScriptMessage(handler: "bridge", body: .string("hi"))
        #expect(PlatformRule.replyOnce.violations(in: trace([(awaiting, nil)])).map(\.eventIDs) == [[1]])
        #expect(PlatformRule.replyOnce.violations(in: trace([(awaiting, nil), (ScriptReply(.value(.null)), 1)])).isEmpty)
        let twice = trace([(awaiting, nil), (ScriptReply(.value(.null)), 1), (ScriptReply(.error("late")), 1)])
        #expect(PlatformRule.replyOnce.violations(in: twice).map(\.eventIDs) == [[1, 2, 3]])
        #expect(PlatformRule.replyOnce.violations(in: trace([(plain, nil)])).isEmpty)
    }

    @Test("a promise id is settled by one call naming it first, whatever the quotes")
    func promises() {
        let message = ScriptMessage(handler: "nativeProcess", body: .object(["guid": .string("p1")]))
        let settled = trace([(message, nil), (JavaScriptEvaluation(script: "executePromise('p1', 'data')"), nil)])
        #expect(PlatformRule.promiseSettledOnce.violations(in: settled).isEmpty)
        #expect(PlatformRule.promiseSettledOnce.violations(in: trace([(message, nil)])).map(\.eventIDs) == [[1]])
        let twice = trace([
            (message, nil), (JavaScriptEvaluation(script: "executePromise(\"p1\", \"a\")"), nil),
            (JavaScriptEvaluation(script: "rejectPromise(\"p1\", \"b\")"), nil),
        ])
        #expect(PlatformRule.promiseSettledOnce.violations(in: twice).map(\.eventIDs) == [[1, 2, 3]])
    }

    @Test("the same promise id sent twice must be settled twice, and a call that only mentions it does not settle it")
    func promiseSentTwice() {
        let message = ScriptMessage(handler: "nativeProcess", body: .object(["guid": .string("p1")]))
        let mention = JavaScriptEvaluation(script: "log('saw p1')")
        let once = trace([(message, nil), (message, nil), (JavaScriptEvaluation(script: "executePromise(\"p1\", \"a\")"), nil), (mention, nil)])
        #expect(PlatformRule.promiseSettledOnce.violations(in: once).map(\.eventIDs) == [[1, 2, 3]])
    }

    @Test("running location updates must stop after a denial or a fatal error, not after a transient one")
    func locationUpdates() {
        let denied = trace([(LocationUpdatesStart(), nil), (LocationAuthorizationChange(.denied), nil)])
        #expect(PlatformRule.locationUpdatesEnded.violations(in: denied).map(\.eventIDs) == [[2, 1]])
        let stopped = trace([(LocationUpdatesStart(), nil), (LocationFailure(.network), nil), (LocationUpdatesStop(), 2)])
        #expect(PlatformRule.locationUpdatesEnded.violations(in: stopped).isEmpty)
        let transient = trace([(LocationUpdatesStart(), nil), (LocationFailure(.locationUnknown), nil)])
        #expect(PlatformRule.locationUpdatesEnded.violations(in: transient).isEmpty)
        let neverStarted = trace([(LocationAuthorizationChange(.denied), nil)])
        #expect(PlatformRule.locationUpdatesEnded.violations(in: neverStarted).isEmpty)
    }

    @Test("nothing is evaluated after the web content process ended until a page loads again")
    func processEnded() {
        let script = JavaScriptEvaluation(script: "changeEcho(\"hi\")")
        let broken = trace([(WebContentProcessTermination(), nil), (script, nil)])
        #expect(PlatformRule.noEvaluationAfterProcessEnded.violations(in: broken).map(\.eventIDs) == [[1, 2]])
        let reloaded = trace([(WebContentProcessTermination(), nil), (NavigationLoad(url: "https://app.example.com/"), 1), (script, nil)])
        #expect(PlatformRule.noEvaluationAfterProcessEnded.violations(in: reloaded).isEmpty)
    }

    @Test("a credential handed to the page is a violation; one sent to a server is not")
    func secrets() {
        let token = "ghp_" + String(repeating: "a1B2c3D4", count: 5)
        let leaked = trace([(JavaScriptEvaluation(script: "setToken(\"\(token)\")"), nil)])
        #expect(PlatformRule.noSecretInOutput.violations(in: leaked).map(\.eventIDs) == [[1]])
        let request = HTTPRequest(url: "https://api.example.com/", headers: [HTTPHeader("Authorization", "Bearer \(token)")])
        #expect(PlatformRule.noSecretInOutput.violations(in: trace([(request, nil)])).isEmpty)
        #expect(!(PlatformRule.noSecretInOutput.violations(in: leaked).first?.message.contains(token) ?? true))
    }
}

@Suite("RuleViolation")
struct RuleViolationTests {
    private func report(_ kinds: [ReplayIssue.Kind]) -> ReplayReport {
        ReplayReport(
            cassetteName: "c", cassettePath: nil,
            issues: kinds.map { ReplayIssue(kind: $0, eventID: 3, eventKind: nil, message: "what happened") },
            trace: Cassette(header: CassetteHeader(name: "c")), runs: 1, run: 1, recordCommand: nil)
    }

    @Test("each issue of an exploring replay is named by the rule it breaks, not called a hang")
    func namesTheRuleBroken() {
        let violations = RuleViolation.fromReport(
            report([.setUpFailed, .missingEffect, .schemeTaskMisuse, .schemeTaskRepeated, .unusedStimulus, .effectBeforeCause]))
        #expect(
            violations.map(\.rule.name) == [
                "set-up-succeeds", "no-hang", "scheme-task-answered-in-order", "scheme-task-ended-once", "unused-stimulus",
                "effect-before-its-cause",
            ])
        #expect(violations.allSatisfy { $0.eventIDs == [3] && $0.message == "what happened" })
    }

    @Test("a passing report has no violation")
    func passing() {
        #expect(RuleViolation.fromReport(report([])).isEmpty)
    }
}
