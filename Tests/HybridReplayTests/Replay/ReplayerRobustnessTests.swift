import Foundation
@testable import HybridReplay
import HybridReplaySimulation
import Testing

/// Scenarios from a review of the replayer that once hung, failed a correct
/// implementation or kept work running: each pins the fix.
@Suite("Replay robustness")
struct ReplayerRobustnessTests {

    @Test("an AsyncNavigationDelegate that never returns is reported as a missing decision, without hanging")
    func asyncDelegateThatNeverReturnsDoesNotHang() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: NavigationAction(url: "https://example.com/next", navigationType: .linkActivated, targetFrame: .main())),
            Event(id: 2, at: 0.001, cause: 1, payload: NavigationDecision(.allow)),
        ])
        let parked = Parked<NavigationPolicy>()
        // The limit only tells a hung replay from one that ends: the replay itself
        // waits out its 2 s stall timeout (20 s under ThreadSanitizer), which time its
        // executors were held back draws out by up to two minutes on a starved machine
        // (the whole suite under ThreadSanitizer beside two busy loops ended it after 137 s
        // with a 60 s limit).
        let report = await withRealTimeLimit(.seconds(300)) {
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


    @Test("a request that failed while recording (recorded as http.error) fails on replay with the recorded error")
    func transportErrorReplays() async throws {
        let page = SimulatedWebView()
        let recorder = Recorder(name: "offline")
        let bridge = RejectingBridge(platform: recorder.platform(wrapping: .simulated(webView: page, transport: OfflineTransport())))
        try page.postMessage(.object(["guid": .string(UUID().uuidString.lowercased())]), to: "nativeProcess")
        try await recorder.waitForEvents(JavaScriptResult.eventKind)
        withExtendedLifetime(bridge) {}
        let cassette = recorder.cassette()
        // The recorder's documented encoding of a transport error: an http.error answers the request.
        #expect(
            cassette.events.map(\.kind.description) == [
                "script.message", "http.request", "http.error", "javascript.evaluate", "javascript.result",
            ])
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
        // The task is tracked, so the replay waits for it however late it runs; the stall
        // timeout only bounds that wait, and a starved machine (the whole suite under
        // ThreadSanitizer) can hold a task back for more than the default 2 s.
        var patient = fastReplay
        patient.stallTimeout = .seconds(60)
        let report = try await replayExample("bridge/echo.json", options: patient) { platform in
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
            Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "loadConfig()")),
            Event(id: 2, at: 0, payload: JavaScriptEvaluation(script: "loadFlags()")),
            Event(id: 3, at: 0.1, answers: 1, payload: JavaScriptResult(.value(.null))),
            Event(id: 4, at: 0.1, answers: 2, payload: JavaScriptResult(.value(.null))),
        ])
        func replay(_ options: ReplayOptions) async -> ReplayReport {
            await Replayer(cassette: cassette, options: options).replay { platform in
                // Two independent calls started together; this time the second one leaves first.
                // Completion-handler calls are made in the order written, however the machine runs.
                platform.webView.evaluateJavaScript("loadFlags()") { _ in }
                platform.webView.evaluateJavaScript("loadConfig()") { _ in }
            }
        }
        let strict = await replay(fastReplay)
        // loadFlags() was recorded second and came first: out of order, named at the effect that came early.
        #expect(strict.issues.map(\.kind) == [.effectOutOfOrder], "\(strict)")
        #expect(strict.issues.first?.eventID == 2, "\(strict)")
        var relaxed = fastReplay
        relaxed.ordering[.javascript] = .unordered
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

    @Test(
        "a call that matches after the replay gave up is still answered, instead of waiting forever",
        .hangGuard(minutes: 1))
    func lateMatchedCallIsAnswered() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "ready()")),
            Event(id: 2, at: 0.01, answers: 1, payload: JavaScriptResult(.value(.bool(true)))),
        ])
        // The call is held until the replay has reported: it cannot come early, however the machine runs.
        let gate = AsyncStream.makeStream(of: Void.self)
        let late = Locked<Task<Bool, Never>?>(nil)
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            let webView = platform.webView
            late.withLock {
                $0 = Task.detached {
                    for await _ in gate.stream { break }
                    // Answered with a value or an error, it returns: what matters is that it is not left waiting.
                    _ = try? await webView.evaluateJavaScript("ready()")
                    return true
                }
            }
        }
        #expect(report.issues.first?.kind == .missingEffect, "\(report)")
        gate.continuation.yield()
        gate.continuation.finish()
        let returned = await late.withLock { $0 }?.value
        #expect(returned == true, "evaluateJavaScript never returned: its effect matched after finish() had answered every waiting call")
    }


    @Test(
        "a sleep on the replay clock after the replay has ended parks until cancelled, so a polling loop does not spin",
        .hangGuard(minutes: 1))
    func noBusyLoopAfterTheEnd() async throws {
        let cassette = makeCassette([Event(id: 1, at: 0, payload: CustomEvent(name: "ready", direction: .effect))])
        let clock = Locked<(any Clock<Duration>)?>(nil)
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.custom.send(CustomEvent(name: "ready", direction: .effect))
            clock.withLock { $0 = platform.clock }
        }
        #expect(report.passed, "\(report)")
        let replayClock = try #require(clock.withLock { $0 })
        let entered = AsyncStream.makeStream(of: Void.self)
        // A sleep that returned instead of parking would end this task normally, cancelled or not.
        let sleeper = Task {
            entered.continuation.yield()
            do {
                try await replayClock.sleep(for: .seconds(1000))
                return false
            } catch {
                return error is CancellationError
            }
        }
        for await _ in entered.stream { break }
        sleeper.cancel()
        #expect(await sleeper.value, "a sleep on the ended replay's clock returned instead of parking until cancelled")
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
}
