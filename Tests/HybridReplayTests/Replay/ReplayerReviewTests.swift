import Foundation
@testable import HybridReplay
import Testing

/// Scenarios found by a review of the replayer: each failed against an
/// earlier engine (a hang, a false failure, a false pass or a misleading
/// report) and pins the fix. Tests whose name starts with `pin` pin a subtle
/// behaviour that was already right.
@Suite("Replayer review")
struct ReplayerReviewTests {
    // MARK: - Hangs

    @Test("an AsyncNavigationDelegate that never returns is reported as a missing decision, without hanging")
    func asyncDelegateThatNeverReturnsDoesNotHang() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: NavigationAction(url: "https://example.com/next", navigationType: .linkActivated, targetFrame: .main())),
            Event(id: 2, at: 0.001, cause: 1, payload: NavigationDecision(.allow)),
        ])
        let parked = Parked<NavigationPolicy>()
        let report = await withRealTimeLimit(.seconds(5)) {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                let delegate = ConfirmingDelegate(parked: parked)
                platform.webView.setNavigationDelegate(delegate)
                return delegate
            }
        }
        // Let the leaked replay finish so it does not outlive the test.
        parked.release(.cancel)
        let finished = try #require(report, "the replay hung: finish() waits in withTaskGroup for a tracked task that never ends")
        #expect(finished.issues.first?.kind == .decisionMissing, "\(finished)")
    }

    // MARK: - False failures of correct implementations

    @Test("a request that failed while recording (recorded unanswered) fails on replay when the recording moved on")
    func transportErrorReplays() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "offline")
        let bridge = RejectingBridge(platform: recorder.platform(wrapping: .simulated(webView: page, transport: OfflineTransport())))
        try page.postMessage(.object(["guid": .string(UUID().uuidString.lowercased())]), to: "nativeProcess")
        for _ in 0..<500 where page.evaluatedScripts.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        withExtendedLifetime(bridge) {}
        let cassette = recorder.cassette()
        // The recorder's documented encoding of a transport error: the request stays unanswered.
        #expect(cassette.events.map(\.kind.description) == ["script.message", "http.request", "javascript.evaluate", "javascript.result"])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { RejectingBridge(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("what the app does about a call the replay fails at its end is not judged against a recording that had ended")
    func reactionToEndOfRecordingIsNotJudged() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .object(["guid": .string("3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43")]))),
            Event(id: 2, at: 0.001, cause: 1, payload: HTTPRequest(url: "https://api.example.com/user")),
            // The recording ended here, with the request in flight.
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { RejectingBridge(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("the clock does not jump past a due effect's recorded time while the app is still working on it")
    func clockWaitsForDueEffect() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "load", direction: .stimulus)),
            Event(id: 2, at: 0.1, cause: 1, payload: CustomEvent(name: "loaded", direction: .effect)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let handler = LoaderWithTimeout(platform: platform)
            platform.custom.setHandler(handler)
            return handler
        }
        #expect(report.passed, "\(report)")
    }

    @Test("sleeping on the replay clock in a cancelled task throws, as every Clock does")
    func cancelledSleepThrows() async throws {
        // What the same code does on a real clock.
        let onRealClock = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await ContinuousClock().sleep(for: .seconds(10))
                return "slept"
            } catch {
                return "cancelled"
            }
        }.value
        #expect(onRealClock == "cancelled")
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "go", direction: .stimulus)),
            Event(id: 2, at: 0, cause: 1, payload: CustomEvent(name: "cancelled", direction: .effect)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let handler = SelfCancellingSleeper(platform: platform)
            platform.custom.setHandler(handler)
            return handler
        }
        #expect(report.passed, "\(report)")
    }

    @Test("two identical requests of different causes: the responses reach the bridge that asked, whichever asked first")
    func identicalRequestsOfDifferentCauses() async throws {
        let (a, b) = ("aaaaaaaa-0000-4000-8000-000000000001", "bbbbbbbb-0000-4000-8000-000000000002")
        let url = "https://randomuser.me/api"
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .object(["guid": .string(a)]))),
            Event(id: 2, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .object(["guid": .string(b)]))),
            Event(id: 3, at: 0.01, cause: 1, payload: HTTPRequest(url: url)),
            Event(id: 4, at: 0.01, cause: 2, payload: HTTPRequest(url: url)),
            Event(id: 5, at: 0.1, answers: 3, payload: HTTPResponse(status: 200, body: .json(.object(["n": .number(1)])))),
            Event(id: 6, at: 0.1, cause: 5, payload: JavaScriptEvaluation(script: "executePromise(guid, data)", arguments: ["guid": .string(a), "data": .string("{\"n\":1}")])),
            Event(id: 7, at: 0.1, answers: 6, payload: JavaScriptResult(.value(.null))),
            Event(id: 8, at: 0.2, answers: 4, payload: HTTPResponse(status: 200, body: .json(.object(["n": .number(2)])))),
            Event(id: 9, at: 0.2, cause: 8, payload: JavaScriptEvaluation(script: "executePromise(guid, data)", arguments: ["guid": .string(b), "data": .string("{\"n\":2}")])),
            Event(id: 10, at: 0.2, answers: 9, payload: JavaScriptResult(.value(.null))),
        ])
        #expect(CassetteValidator.problems(in: cassette).isEmpty)
        // A correct bridge whose request for `a` happens to leave after the one for `b`
        // (effects of different causes may interleave).
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            SlowFirstPromiseBridge(platform: platform, slowGUID: a)
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a handler registered from a task started in set-up receives the first message")
    func lateRegistration() async throws {
        let report = try await replayBundled("bridge/echo.json") { platform in
            Task {
                for _ in 0..<3 { await Task.yield() }
                _ = ExampleEchoBridge(platform: platform)
            }
        }
        #expect(report.passed, "\(report)")
    }

    @Test("two timestamps recorded a second apart match the same second-resolution timestamp made in a fast replay")
    func timestampsNeedNotBeUnique() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "tick", direction: .stimulus)),
            Event(id: 2, at: 0, cause: 1, payload: CustomEvent(name: "log", direction: .effect, fields: ["at": .string("2026-01-31T12:00:00Z")])),
            Event(id: 3, at: 2, payload: CustomEvent(name: "tick", direction: .stimulus)),
            Event(id: 4, at: 2, cause: 3, payload: CustomEvent(name: "log", direction: .effect, fields: ["at": .string("2026-01-31T12:00:02Z")])),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let handler = WallClockLogger(platform: platform)
            platform.custom.setHandler(handler)
            return handler
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a UUID the app generated, echoed by the page in lower case, is played back as the app's UUID")
    func uuidEchoedInOtherCase() async throws {
        let recorded = "3B9F6A2E-41C7-4D8A-9E25-7C0D1F8B6A43"
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "register('\(recorded)')")),
            Event(id: 2, at: 0.1, payload: ScriptMessage(handler: "ack", body: .object(["id": .string(recorded.lowercased())]))),
            Event(id: 3, at: 0.1, cause: 2, payload: CustomEvent(name: "acknowledged", direction: .effect)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { AcknowledgingClient(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("a timer started by a stimulus runs on the clock of that stimulus, not of the next one")
    func timerStartedByAStimulus() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "ping", direction: .stimulus)),
            Event(id: 2, at: 0, cause: 1, payload: CustomEvent(name: "request", direction: .effect)),
            // The 2-second cool-down ended at 2 s; nothing crossed a seam then.
            Event(id: 3, at: 5, payload: CustomEvent(name: "ping", direction: .stimulus)),
            Event(id: 4, at: 5, cause: 3, payload: CustomEvent(name: "request", direction: .effect)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let limiter = RateLimiter(platform: platform)
            platform.custom.setHandler(limiter)
            return limiter
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a stimulus recorded at the very deadline of a timer is delivered before the timer fires, as recorded")
    func stimulusAtATimersDeadline() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 5, payload: CustomEvent(name: "done", direction: .stimulus)),
            Event(id: 2, at: 5, cause: 1, payload: CustomEvent(name: "finished", direction: .effect)),
        ])
        var options = fastReplay
        options.repetitions = 20
        let timerWokenFirst = Ticker()
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            let engine = try #require((platform.clock as? ReplayClock)?.engine)
            let handler = RaceAgainstTimeout(platform: platform) {
                // Whether the scheduler woke the timer before delivering `done`.
                if engine.earliestSleeper == nil { timerWokenFirst.tick() }
            }
            platform.custom.setHandler(handler)
            Task {
                try await platform.clock.sleep(for: .seconds(5))
                handler.timeoutFired()
            }
            // Make sure the timer is armed before the replay starts.
            while engine.earliestSleeper == nil { await Task.yield() }
            return handler
        }
        #expect(timerWokenFirst.count == 0, "in \(timerWokenFirst.count) run(s) the timer due at 5 s was woken before the stimulus recorded at 5 s")
        // What that does: the timer and the stimulus race, and the timer wins in some runs.
        #expect(report.passed, "\(report)")
    }

    @Test("a cassette recorded with a body redaction of a number replays against the same code")
    func redactedNumberReplays() async throws {
        let recorder = Recorder(name: "pin", redaction: .default + .jsonField("pin"))
        let setUp: @Sendable (Platform) -> Void = { platform in
            platform.webView.callAsyncJavaScript("unlock(pin)", arguments: ["pin": .number(4711)], completionHandler: nil)
        }
        setUp(recorder.platform(wrapping: .simulated()))
        let cassette = recorder.cassette()
        #expect(cassette.events.first?.payload(as: JavaScriptEvaluation.self)?.arguments?["pin"] == .string("[REDACTED:1]"))
        let report = await Replayer(cassette: cassette, options: fastReplay).replay(setUp)
        #expect(report.passed, "\(report)")
    }

    @Test("repetitions do not call a run nondeterministic for a value recorded as a bare [REDACTED]")
    func bareRedactedIsNotNondeterminism() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: HTTPRequest(url: "https://api.example.com/session", headers: [HTTPHeader("X-Nonce", "[REDACTED]")])),
            Event(id: 2, at: 0.1, answers: 1, payload: HTTPResponse(status: 204)),
        ])
        var options = fastReplay
        options.repetitions = 3
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            Task {
                let nonce = String(UInt64.random(in: 0...UInt64.max), radix: 16)
                _ = try await platform.transport.send(HTTPRequest(url: "https://api.example.com/session", headers: [HTTPHeader("X-Nonce", nonce)]))
            }
        }
        #expect(report.passed, "\(report)")
    }

    @Test("set-up effects without a cause keep their recorded order, unless their channel is relaxed")
    func concurrentSetUpEffects() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: HTTPRequest(url: "https://api.example.com/config")),
            Event(id: 2, at: 0, payload: HTTPRequest(url: "https://api.example.com/flags")),
            Event(id: 3, at: 0.1, answers: 1, payload: HTTPResponse(status: 204)),
            Event(id: 4, at: 0.1, answers: 2, payload: HTTPResponse(status: 204)),
        ])
        func replay(_ options: ReplayOptions) async -> ReplayReport {
            await Replayer(cassette: cassette, options: options).replay { platform in
                // Two independent fetches started together; this time the second one leaves first.
                Task {
                    try await Task.sleep(for: .milliseconds(50))
                    _ = try await platform.transport.send(HTTPRequest(url: "https://api.example.com/config"))
                }
                Task { _ = try await platform.transport.send(HTTPRequest(url: "https://api.example.com/flags")) }
            }
        }
        let strict = await replay(fastReplay)
        #expect(strict.issues.first?.eventID == 1, "\(strict)")
        var relaxed = fastReplay
        relaxed.ordering[.http] = .unordered
        let report = await replay(relaxed)
        #expect(report.passed, "\(report)")
    }

    @Test("a redaction placeholder directly followed by a UUID matches the secret and the UUID")
    func redactedFollowedByUUID() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "token", direction: .effect, fields: ["value": .string("[REDACTED:1]3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43")])),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.custom.send(CustomEvent(name: "token", direction: .effect, fields: ["value": .string("s3cret" + UUID().uuidString.lowercased())]))
        }
        #expect(report.passed, "\(report)")
    }

    @Test("a call that matches after the replay gave up is still answered, instead of waiting forever")
    func lateMatchedCallIsAnswered() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "ready()")),
            Event(id: 2, at: 0.01, answers: 1, payload: JavaScriptResult(.value(.bool(true)))),
        ])
        let returned = Ticker()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let webView = platform.webView
            Task {
                // Far slower than the stall timeout: the replay reports the call missing and ends.
                try await Task.sleep(for: .seconds(2))
                _ = try? await webView.evaluateJavaScript("ready()")
                returned.tick()
            }
        }
        #expect(report.issues.first?.kind == .missingEffect, "\(report)")
        for _ in 0..<400 where returned.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(returned.count == 1, "evaluateJavaScript never returned: its effect matched after finish() had answered every waiting call")
    }

    // MARK: - False passes

    @Test("an empty value does not match a redaction placeholder, which the recorder only writes for a non-empty secret")
    func emptySecretDoesNotMatch() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: HTTPRequest(url: "https://api.example.com/me", headers: [HTTPHeader("Authorization", "Bearer [REDACTED:1]")])),
            Event(id: 2, at: 0.1, answers: 1, payload: HTTPResponse(status: 200)),
        ])
        let token = ""  // The app failed to read its token.
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            Task { _ = try await platform.transport.send(HTTPRequest(url: "https://api.example.com/me", headers: [HTTPHeader("Authorization", "Bearer \(token)")])) }
        }
        #expect(!report.passed, "an empty bearer token passed as the recorded secret")
    }
    // MARK: - Wrong or misleading reports

    @Test("an extra call that repeats the one just made is reported as such, not as an effect before a later cause")
    func duplicateReportedAsRepeat() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .string("hi"))),
            Event(id: 2, at: 0.001, cause: 1, payload: JavaScriptEvaluation(script: "changeEcho(\"hi\")")),
            Event(id: 3, at: 1, payload: ScriptMessage(handler: "nativeProcess", body: .string("hi"))),
            Event(id: 4, at: 1.001, cause: 3, payload: JavaScriptEvaluation(script: "changeEcho(\"hi\")")),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleEchoBridge(platform: $0, fault: .evaluatesTwice) }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect, "\(issue)")
        #expect(issue.nearestCandidate?.hasPrefix("event 2 (javascript.evaluate") == true, "\(issue)")
    }

    @Test("a message to a name with only a reply handler does not say that name has no handler while listing it")
    func replyHandlerOnlyReport() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "appInfo", body: .object(["query": .string("version")]))),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(ReplayerBridgeTests.AppInfo(), name: "appInfo")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unusedStimulus)
        #expect(!issue.message.contains("no script message handler is registered for 'appInfo' (registered: appInfo)"), "\(issue.message)")
    }

    @Test("a call that diverges does not run its completion handler inside the call, which WebKit never does")
    func divergentCallCompletesLater() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "ready()"))])
        let probe = ReentrancyProbe()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            probe.enter()
            platform.webView.evaluateJavaScript("notReady()") { _ in probe.complete() }
            probe.leave()
        }
        #expect(!report.passed)
        #expect(probe.completions == 1)
        // An app that holds its own lock across the call, and takes it again in the
        // completion handler, deadlocks here instead of getting a report.
        #expect(probe.completedInsideCall == false, "the completion handler ran re-entrantly, inside evaluateJavaScript")
    }

    // MARK: - Runaway work after or during a replay

    @Test("a polling loop on the replay clock does not spin once the replay has ended")
    func noBusyLoopAfterTheEnd() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: CustomEvent(name: "ready", direction: .effect))])
        let ticker = Ticker()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.custom.send(CustomEvent(name: "ready", direction: .effect))
            let clock = platform.clock
            Task {
                while !ticker.isStopped {
                    try? await clock.sleep(for: .seconds(1000))
                    ticker.tick()
                }
            }
        }
        #expect(report.passed, "\(report)")
        let before = ticker.count
        try await Task.sleep(for: .milliseconds(100))
        let after = ticker.count
        ticker.stop()
        #expect(after - before < 10, "the loop went round \(after - before) times in 100 ms of real time after the replay ended")
    }

    @Test("heartbeats on the replay clock do not keep a replay going once nothing is left to happen")
    func heartbeatsAreCheap() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "ready", direction: .effect)),
            Event(id: 2, at: 1, payload: CustomEvent(name: "ready", direction: .effect)),
        ])
        let ticker = Ticker()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.custom.send(CustomEvent(name: "ready", direction: .effect))
            platform.custom.send(CustomEvent(name: "ready", direction: .effect))
            let clock = platform.clock
            // A keep-alive and a token-expiry check, five seconds apart, that cross no seam.
            for phase in [0, 5] {
                Task {
                    do {
                        try await clock.sleep(for: .seconds(phase))
                        while !ticker.isStopped {
                            try await clock.sleep(for: .seconds(10))
                            ticker.tick()
                        }
                    } catch {}
                }
            }
        }
        ticker.stop()
        #expect(report.passed, "\(report)")
        // Every wake-up costs a quiet period of real time; none happens after the last effect.
        #expect(ticker.count == 0, "the clock moved \(ticker.count) heartbeats past the end of the cassette")
    }

    @Test("pin: a timer due after the last recorded event does not run; the replay covers the recorded timeline")
    func strayTimerEffectAfterTheEnd() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: CustomEvent(name: "ready", direction: .effect))])
        let fired = Locked(false)
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.custom.send(CustomEvent(name: "ready", direction: .effect))
            let clock = platform.clock
            let custom = platform.custom
            Task {
                try await clock.sleep(for: .seconds(1))
                fired.withLock { $0 = true }
                custom.send(CustomEvent(name: "idle", direction: .effect))
            }
        }
        #expect(report.passed, "\(report)")
        #expect(fired.withLock { $0 } == false)
    }

    // MARK: - Passing pins

    @Test("pin: a cassette with no events passes an idle implementation and fails one that makes an effect")
    func pinEmptyCassette() async throws {
        let cassette = makeCassette([])
        let idle = await Replayer(cassette: cassette, options: fastReplay).replay { _ in () }
        #expect(idle.passed, "\(idle)")
        let busy = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.load(NavigationLoad(url: "https://example.com/"))
        }
        #expect(busy.issues.first?.kind == .unexpectedEffect, "\(busy)")
    }

    @Test("pin: a cassette of stimuli only passes when they are handled quietly and fails on any effect")
    func pinStimuliOnly() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .string("one"))),
            Event(id: 2, at: 1, payload: ScriptMessage(handler: "nativeProcess", body: .string("two"))),
        ])
        let quiet = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(ReplayerBridgeTests.NoReply(), name: "nativeProcess")
        }
        #expect(quiet.passed, "\(quiet)")
        #expect(quiet.trace.events.count == 2)
        let echoing = await Replayer(cassette: cassette, options: fastReplay).replay { ExampleEchoBridge(platform: $0) }
        #expect(echoing.issues.first?.kind == .unexpectedEffect, "\(echoing)")
    }

    @Test("pin: the result of a call made with a nil completion handler is delivered to nobody, and the replay goes on")
    func pinNilCompletionHandler() async throws {
        let report = try await replayBundled("bridge/echo.json") { ExampleEchoBridge(platform: $0) }
        #expect(report.passed, "\(report)")
        #expect(report.trace.events.map(\.kind) == [ScriptMessage.eventKind, JavaScriptEvaluation.eventKind, JavaScriptResult.eventKind])
        #expect(report.trace.events[2].answers == 2)
    }

    @Test("pin: a handler that calls back into the web view synchronously, and replies inside didReceive, does not deadlock")
    func pinSynchronousCallBack() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "appInfo", body: .string("version"), expectsReply: true)),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "log('version')")),
            Event(id: 3, at: 0, cause: 1, payload: ScriptReply(.value(.string("4.2.0")))),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.add(SynchronousReplier(webView: platform.webView), name: "appInfo")
        }
        #expect(report.passed, "\(report)")
    }

    @Test("pin: a UUID the page sent binds to itself; the app's own UUID must differ from it")
    func pinPageUUIDBindsToItself() async throws {
        let page = "11111111-2222-4333-8444-555555555555"
        let appRecorded = "99999999-8888-4777-8666-555555555555"
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "nativeProcess", body: .object(["requestId": .string(page)]))),
            Event(id: 2, at: 0, cause: 1, payload: CustomEvent(name: "job", direction: .effect, fields: ["id": .string(appRecorded)])),
        ])
        func replay(_ id: @escaping @Sendable (String) -> String) async -> ReplayReport {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                platform.webView.add(JobStarter(custom: platform.custom, id: id), name: "nativeProcess")
            }
        }
        let fresh = await replay { _ in UUID().uuidString.lowercased() }
        #expect(fresh.passed, "\(fresh)")
        let reused = await replay { requestID in requestID }
        let difference = try #require(reused.issues.first?.differences.first)
        #expect(difference.path == "id")
        #expect(difference.note == "\"\(page)\" already stands for the recorded UUID \"\(page)\", bound by event 1", "\(difference)")
    }

    @Test("pin: an app-generated UUID inside a URL binds, and the page's later navigation to that URL carries the app's UUID")
    func pinUUIDInsideURL() async throws {
        let recorded = "3b9f6a2e-41c7-4d8a-9e25-7c0d1f8b6a43"
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: NavigationLoad(url: "https://app.example.com/session/\(recorded)?lang=en")),
            Event(id: 2, at: 1, payload: NavigationAction(url: "https://app.example.com/session/\(recorded)/done", navigationType: .formSubmitted, targetFrame: .main())),
            Event(id: 3, at: 1, cause: 2, payload: NavigationDecision(.allow)),
        ])
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { SessionNavigator(platform: $0) }
        #expect(report.passed, "\(report)")
    }

    @Test("pin: an extra effect from an unstructured task right after the last expected one is caught")
    func pinImmediateStrayEffect() async throws {
        let report = try await replayBundled("bridge/echo.json") { platform in
            StrayEcho(platform: platform, delay: nil)
        }
        #expect(report.issues.first?.kind == .unexpectedEffect, "\(report)")
    }
}

// MARK: - Implementations used above

/// Awaits `body` for at most `limit` of real time; `nil` when it did not finish.
/// The body runs in an unstructured task, so a hung body does not hang the test.
private func withRealTimeLimit<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
    let once = Once<T?>()
    return await withCheckedContinuation { continuation in
        once.set(continuation)
        Task { once.resume(await body()) }
        Task {
            try? await Task.sleep(for: limit)
            once.resume(nil)
        }
    }
}

private final class Once<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Never>?
    private var pending: T?
    private var done = false

    func set(_ continuation: CheckedContinuation<T, Never>) {
        let value: T? = lock.withLock {
            if let pending, !done {
                done = true
                return pending
            }
            self.continuation = continuation
            return nil
        }
        if let value { continuation.resume(returning: value) }
    }

    func resume(_ value: T) {
        let continuation: CheckedContinuation<T, Never>? = lock.withLock {
            guard !done else { return nil }
            guard let continuation = self.continuation else {
                pending = value
                return nil
            }
            done = true
            return continuation
        }
        continuation?.resume(returning: value)
    }
}

/// Continuations parked until the test releases them.
private final class Parked<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [CheckedContinuation<T, Never>] = []
    private var released: T?

    func park(_ continuation: CheckedContinuation<T, Never>) {
        let value: T? = lock.withLock {
            if let released { return released }
            continuations.append(continuation)
            return nil
        }
        if let value { continuation.resume(returning: value) }
    }

    func release(_ value: T) {
        let all = lock.withLock {
            released = value
            defer { continuations = [] }
            return continuations
        }
        for continuation in all { continuation.resume(returning: value) }
    }
}

/// Asks the user before every navigation, as `decidePolicy(for:) async` may.
private struct ConfirmingDelegate: AsyncNavigationDelegate {
    let parked: Parked<NavigationPolicy>

    func decidePolicy(for action: NavigationAction) async -> NavigationPolicy {
        await withCheckedContinuation { parked.park($0) }
    }
}

/// A transport whose every request times out.
private struct OfflineTransport: HTTPTransport {
    func send(_ request: HTTPRequest, redirectDelegate: (any HTTPRedirectDelegate)?) async throws(HTTPTransportError) -> HTTPResponse {
        throw HTTPTransportError("timed out")
    }
}

/// A promise bridge that rejects the page's promise when the request fails.
private struct RejectingBridge: ScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport

    init(platform: Platform) {
        webView = platform.webView
        transport = platform.transport
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"] else { return }
        Task {
            do {
                let response = try await transport.send(HTTPRequest(url: "https://api.example.com/user"))
                _ = try? await webView.callAsyncJavaScript(
                    "resolvePromise(guid, status)", arguments: ["guid": .string(guid), "status": .number(Double(response.status))])
            } catch {
                _ = try? await webView.callAsyncJavaScript("rejectPromise(guid)", arguments: ["guid": .string(guid)])
            }
        }
    }
}

/// Loads something that takes 100 ms of real time outside any seam (disk,
/// decoding, the keychain), with a 5-second timeout on the platform clock.
private struct LoaderWithTimeout: CustomEventHandler {
    let platform: Platform

    func didReceive(_ event: CustomEvent) {
        let platform = platform
        let timeout = Task {
            try await platform.clock.sleep(for: .seconds(5))
            platform.custom.send(CustomEvent(name: "timedOut", direction: .effect))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
            timeout.cancel()
            platform.custom.send(CustomEvent(name: "loaded", direction: .effect))
        }
    }
}

/// Starts work that is cancelled before it sleeps, as a debouncer's previous
/// task is when the next event arrives before the task has started.
private struct SelfCancellingSleeper: CustomEventHandler {
    let platform: Platform

    func didReceive(_ event: CustomEvent) {
        let platform = platform
        Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await platform.clock.sleep(for: .seconds(10))
                platform.custom.send(CustomEvent(name: "slept", direction: .effect))
            } catch {
                platform.custom.send(CustomEvent(name: "cancelled", direction: .effect))
            }
        }
    }
}

/// The seed's promise bridge, except that the request for `slowGUID` needs
/// some preparation first (50 ms of real work outside any seam).
private struct SlowFirstPromiseBridge: ScriptMessageHandler {
    let webView: any WebView
    let transport: any HTTPTransport
    let slowGUID: String

    init(platform: Platform, slowGUID: String) {
        webView = platform.webView
        transport = platform.transport
        self.slowGUID = slowGUID
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let guid)? = body["guid"] else { return }
        Task {
            if guid == slowGUID { try? await Task.sleep(for: .milliseconds(50)) }
            guard let response = try? await transport.send(HTTPRequest(url: "https://randomuser.me/api")), case .json(let data)? = response.body
            else { return }
            _ = try? await webView.callAsyncJavaScript(
                "executePromise(guid, data)", arguments: ["guid": .string(guid), "data": .string(data.description)])
        }
    }
}

/// Logs each tick with the wall-clock time, to the second, as
/// `ISO8601DateFormatter` writes it by default.
private struct WallClockLogger: CustomEventHandler {
    let platform: Platform

    func didReceive(_ event: CustomEvent) {
        let now = ISO8601DateFormatter().string(from: Date())
        platform.custom.send(CustomEvent(name: "log", direction: .effect, fields: ["at": .string(now)]))
    }
}

/// Registers an id with the page (`UUID().uuidString`, upper case) and
/// acknowledges the page's answer, comparing ids as UUIDs.
private final class AcknowledgingClient: ScriptMessageHandler, @unchecked Sendable {
    let id = UUID()
    let custom: any CustomSeam

    init(platform: Platform) {
        custom = platform.custom
        platform.webView.add(self, name: "ack")
        platform.webView.evaluateJavaScript("register('\(id.uuidString)')", completionHandler: nil)
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let text)? = body["id"], UUID(uuidString: text) == id else { return }
        custom.send(CustomEvent(name: "acknowledged", direction: .effect))
    }
}

/// Sends at most one request per 2-second cool-down.
private final class RateLimiter: CustomEventHandler, @unchecked Sendable {
    let platform: Platform
    private let lock = NSLock()
    private var coolingDown = false

    init(platform: Platform) { self.platform = platform }

    func didReceive(_ event: CustomEvent) {
        let start = lock.withLock {
            defer { coolingDown = true }
            return !coolingDown
        }
        guard start else { return }
        platform.custom.send(CustomEvent(name: "request", direction: .effect))
        let clock = platform.clock
        Task {
            try await clock.sleep(for: .seconds(2))
            self.lock.withLock { self.coolingDown = false }
        }
    }
}

/// Finishes when `done` arrives, unless its 5-second timer fired first.
private final class RaceAgainstTimeout: CustomEventHandler, @unchecked Sendable {
    let custom: any CustomSeam
    let onDone: @Sendable () -> Void
    private let lock = NSLock()
    private var settled = false

    init(platform: Platform, onDone: @escaping @Sendable () -> Void) {
        custom = platform.custom
        self.onDone = onDone
    }

    private func settle() -> Bool {
        lock.withLock {
            defer { settled = true }
            return !settled
        }
    }

    func didReceive(_ event: CustomEvent) {
        onDone()
        if settle() { custom.send(CustomEvent(name: "finished", direction: .effect)) }
    }

    func timeoutFired() {
        if settle() { custom.send(CustomEvent(name: "timedOut", direction: .effect)) }
    }
}

/// The echo bridge, plus a second, stray evaluation from an unstructured task.
private struct StrayEcho: ScriptMessageHandler {
    let webView: any WebView
    let delay: Duration?

    init(platform: Platform, delay: Duration? = .milliseconds(50)) {
        webView = platform.webView
        self.delay = delay
        platform.webView.add(self, name: "nativeProcess")
    }

    func didReceive(_ message: ScriptMessage) {
        guard case .string(let text) = message.body else { return }
        webView.evaluateJavaScript("changeEcho(\(JSONValue.string(text)))", completionHandler: nil)
        let webView = webView
        let delay = delay
        Task {
            if let delay { try? await Task.sleep(for: delay) }
            webView.evaluateJavaScript("trackEcho()", completionHandler: nil)
        }
    }
}

/// Whether a completion handler ran while the call that takes it was still running.
private final class ReentrancyProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = false
    private var completedInside = false
    private var count = 0

    func enter() { lock.withLock { inside = true } }
    func leave() { lock.withLock { inside = false } }
    func complete() {
        lock.withLock {
            count += 1
            if inside { completedInside = true }
        }
    }

    var completedInsideCall: Bool { lock.withLock { completedInside } }
    var completions: Int { lock.withLock { count } }
}

private final class Ticker: @unchecked Sendable {
    private let lock = NSLock()
    private var ticks = 0
    private var stopped = false

    func tick() { lock.withLock { ticks += 1 } }
    func stop() { lock.withLock { stopped = true } }
    var count: Int { lock.withLock { ticks } }
    var isStopped: Bool { lock.withLock { stopped } }
}

/// Logs the query to the page, then replies, both inside `didReceive`.
private struct SynchronousReplier: ScriptMessageHandlerWithReply {
    let webView: any WebView

    func didReceive(_ message: ScriptMessage, replyHandler: @escaping @Sendable (Outcome) -> Void) {
        webView.evaluateJavaScript("log('version')", completionHandler: nil)
        replyHandler(.value(.string("4.2.0")))
    }
}

/// Starts a job for each request, with the id `id` gives it.
private struct JobStarter: ScriptMessageHandler {
    let custom: any CustomSeam
    let id: @Sendable (String) -> String

    func didReceive(_ message: ScriptMessage) {
        guard case .object(let body) = message.body, case .string(let requestID)? = body["requestId"] else { return }
        custom.send(CustomEvent(name: "job", direction: .effect, fields: ["id": .string(id(requestID))]))
    }
}

/// Opens a session page under a fresh UUID and allows only navigations within it.
private final class SessionNavigator: NavigationDelegate, @unchecked Sendable {
    let session = UUID().uuidString.lowercased()

    init(platform: Platform) {
        platform.webView.setNavigationDelegate(self)
        platform.webView.load(NavigationLoad(url: "https://app.example.com/session/\(session)?lang=en"))
    }

    func decidePolicy(for action: NavigationAction, decisionHandler: @escaping @Sendable (NavigationPolicy) -> Void) {
        decisionHandler(action.url.hasPrefix("https://app.example.com/session/\(session)/") ? .allow : .cancel)
    }
}
