import Foundation
import HybridReplayRuntimeWatch
@testable import HybridReplay
import Testing

@Suite("Strict playback")
struct ReplayerStrictnessTests {
    @Test("an effect the implementation never makes is reported missing, with its cause")
    func missingEffect() async throws {
        let report = try await replayExample("bridge/echo.json") { platform in
            platform.webView.add(ReplayerBridgeTests.NoReply(), name: "nativeProcess")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect)
        #expect(issue.eventID == 2)
        #expect(issue.cause?.id == 1 && issue.cause?.summary == "nativeProcess \"Hello from the page\"", "\(issue)")
        #expect(issue.unreplayedEvents == 1, "\(issue)")
        #expect(report.issues.count == 1)
    }

    /// A handler that fetches `/data` and forgets the `/log` call the recording made after it.
    ///
    /// It fetches from a main-actor task: the verdict needs that task to have made its request
    /// (and to wait on the replay for the answer) before the stall timeout ends. A task on the
    /// global executor waits there behind the whole suite's work, which on two loaded cores held
    /// it past 15 bounds of 1 s (`swift test` under load, once in about nine runs: "still busy");
    /// the main queue is not where the suite's work waits, so the request is made at once.
    struct ForgetsTheLog: ScriptMessageHandler {
        let transport: any HTTPTransport
        func didReceive(_ message: ScriptMessage) {
            let transport = transport
            Task { @MainActor in _ = try? await transport.send(HTTPRequest(url: "https://a.example/data")) }
        }
    }

    @Test("a missing effect while part of the implementation waits on the replay is reported, saying the replay waited for work it cannot see")
    func missingEffectBesideAWait() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://a.example/data")),
            Event(id: 3, at: 0, cause: 1, payload: HTTPRequest(url: "https://a.example/log")),
            // The answer to /data comes after /log, so the task that awaits it waits on the replay.
            Event(id: 4, at: 0.1, answers: 2, payload: HTTPResponse(status: 200)),
        ])
        var options = fastReplay
        // The report comes only after the whole bound, so it is short; but not 50 ms. Time the
        // machine was busy elsewhere is not counted, up to 15 bounds: in the first seconds of the
        // whole suite on two cores, the task that sends /data waited for longer than 15 × 50 ms
        // (CI, once), and the report read "still busy" instead. 15 × 1 s is far beyond that.
        options.stallTimeout = .seconds(1)
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            platform.webView.add(ForgetsTheLog(transport: platform.transport), name: "go")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect)
        #expect(issue.eventID == 3)
        #expect(issue.stall?.stillWaitedOnReplay == true, "\(issue)")
        #expect(issue.stall?.stallTimeout == .seconds(1) * ThreadSanitizerScaling.factor)
    }

    @Test("a replay still busy after the stall timeout names the effects that came from work it cannot see", .hangGuard(minutes: 1))
    func busyReportNamesUntrackedEffects() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: CustomEvent(name: "ready", direction: .effect)),
            Event(id: 2, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
            Event(id: 3, at: 0, cause: 2, payload: HTTPRequest(url: "https://a.example/b")),
        ])
        var options = fastReplay
        options.stallTimeout = .milliseconds(50)
        let gate = AsyncStream.makeStream(of: Void.self)
        defer { gate.continuation.finish() }
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            // Made from a Task.detached, which inherits no lease; awaited, so it is made before the replay starts.
            let custom = platform.custom
            await Task.detached { custom.send(CustomEvent(name: "ready", direction: .effect)) }.value
            platform.webView.add(BlockedHandler(gate: gate.stream), name: "go")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .missingEffect)
        #expect(issue.eventID == 3, "\(issue)")
        #expect(issue.stall?.wasBusy == true, "\(issue)")
        #expect(issue.stall?.untrackedEffects == 1, "\(issue)")
        #expect(issue.stall?.firstUntrackedEffect?.hasPrefix("custom.ready") == true, "\(issue)")
    }

    @Test("a replay still busy after the stall timeout with every effect made by tracked work names none")
    func busyReportWithoutUntrackedEffects() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://a.example/b")),
        ])
        var options = fastReplay
        options.stallTimeout = .milliseconds(50)
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            platform.webView.add(SleepsInRealTime(), name: "go")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.stall?.wasBusy == true, "\(issue)")
        #expect(issue.stall?.untrackedEffects == 0 && issue.stall?.firstUntrackedEffect == nil, "\(issue)")
        // The handler's task waits on something other than the replay: tracked work, named as such.
        #expect(issue.stall?.busyTrackedWork == 1, "\(issue)")
        #expect(issue.stall?.parkedWork == 0, "\(issue)")
        #expect(!issue.message.contains("cannot see"), "\(issue)")
    }

    /// A handler whose task sleeps an hour of real time: busy, however slow the machine.
    struct SleepsInRealTime: ScriptMessageHandler {
        func didReceive(_ message: ScriptMessage) {
            Task { try? await Task.sleep(for: .seconds(3_600)) }
        }
    }

    /// Where the runtime watch sees that nothing of the task is on its way
    /// (Linux, a replay under the watch), a task waiting on a stream nothing
    /// yields into can only be woken by the replay, which will not: the
    /// effect is missing at once, with the waiting work named.
    @Test(
        "a missing effect whose work waits on a stream nothing yields into is reported at once, naming that work",
        .enabled(if: WatchedJobsTests.watchesJobs))
    func parkedWorkIsNamed() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://a.example/b")),
        ])
        // Long enough that a replay which waited for the task would be seen to have stalled.
        let options = ReplayOptions(stallTimeout: .seconds(30))
        let gate = AsyncStream.makeStream(of: Void.self)
        defer { gate.continuation.finish() }
        let engine = ReplayEngine(cassette: cassette, options: options)
        await RuntimeWatchInstallation.during {
            await Replayer.run(engine) { platform in
                platform.webView.add(BlockedHandler(gate: gate.stream), name: "go")
            }
        }
        let issue = try #require(engine.issues.first)
        #expect(issue.kind == .missingEffect && issue.eventID == 2, "\(issue)")
        #expect(issue.stall?.wasBusy == false && issue.stall?.parkedWork == 1, "\(issue)")
        #expect(issue.message.contains("1 piece of its work waited on nothing the replay plays"), "\(issue)")
        #expect(!engine.isStalled, "the replay waited the stall timeout for a task only the replay could wake")
    }

    /// A retry that backs off with `Task.sleep` of real time before its request:
    /// an hour, so the request never comes within the test, however slow the machine.
    struct BacksOffInRealTime: ScriptMessageHandler {
        let transport: any HTTPTransport
        func didReceive(_ message: ScriptMessage) {
            let transport = transport
            Task {
                try? await Task.sleep(for: .seconds(3600))
                _ = try? await transport.send(HTTPRequest(url: "https://a.example/b"))
            }
        }
    }

    @Test("a request behind a Task.sleep of real time longer than the stall timeout is reported as tracked work that did not wait on the replay, pointing to the platform's clock")
    func realTimeSleepIsNamed() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
            Event(id: 2, at: 1, cause: 1, payload: HTTPRequest(url: "https://a.example/b")),
        ])
        var options = fastReplay
        options.stallTimeout = .milliseconds(100)
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            platform.webView.add(BacksOffInRealTime(transport: platform.transport), name: "go")
        }
        let issue = try #require(report.issues.first)
        #expect(issue.eventID == 2, "\(issue)")
        #expect(issue.stall?.wasBusy == true && issue.stall?.busyTrackedWork == 1, "\(issue)")
        #expect(issue.message.contains("Task.sleep or clock wait of real time (sleep on the platform's clock instead)"), "\(issue)")
        #expect(!issue.message.contains("work the replay cannot see"), "\(issue)")
    }

    /// Keeps a task blocked until the test opens `gate`, and makes nothing.
    struct BlockedHandler: ScriptMessageHandler {
        let gate: AsyncStream<Void>
        func didReceive(_ message: ScriptMessage) {
            let gate = gate
            Task { for await _ in gate { break } }
        }
    }

    @Test("a missing effect after the implementation finished is reported without mentioning the stall timeout")
    func missingEffectAfterFinishing() async throws {
        let report = try await replayExample("bridge/echo.json") { platform in
            platform.webView.add(ReplayerBridgeTests.NoReply(), name: "nativeProcess")
        }
        let issue = try #require(report.issues.first)
        let stall = try #require(issue.stall, "\(issue)")
        #expect(!stall.wasBusy && !stall.waitedForUnseenWork && !stall.stillWaitedOnReplay, "\(issue)")
    }

    @Test("an implementation whose set-up throws fails with the error")
    func setUpThrows() async throws {
        struct Broken: Error {}
        let report = try await replayExample("bridge/echo.json") { _ in throw Broken() }
        #expect(report.issues.map(\.kind) == [.setUpFailed])
    }

    @Test("an effect with no recorded answer fails the waiting call when the replay ends, instead of hanging")
    func unansweredCall() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: JavaScriptEvaluation(script: "ready()")),
        ])
        let outcome = OutcomeBox()
        let report = await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            platform.webView.evaluateJavaScript("ready()") { outcome.set($0) }
        }
        #expect(report.passed, "\(report)")
        guard case .failure(let error)? = outcome.value else {
            Issue.record("the completion handler was not called")
            return
        }
        #expect(error.message.hasPrefix("HybridReplay: this JavaScript call does not match the cassette"))
    }

    final class OutcomeBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result<JSONValue, JavaScriptError>?
        var value: Result<JSONValue, JavaScriptError>? { lock.withLock { stored } }
        func set(_ result: Result<JSONValue, JavaScriptError>) { lock.withLock { stored = result } }
    }

    @Test("the report of a repeated replay names the first run that failed")
    func repeatedRunFails() async throws {
        var options = fastReplay
        options.repetitions = 5
        let runs = Counter()
        let report = try await replayExample("router/present-yellow.json", options: options) { platform in
            ExampleRouter(platform: platform, fault: runs.next() == 3 ? .allowsEverything : .none)
        }
        #expect(report.run == 3)
        #expect(report.runs == 5)
        #expect(report.issues.count == 1, "\(report)")
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.withLock { count += 1; return count } }
    }

    @Test("a relaxed channel accepts one cause's effects in any order; the default does not")
    func relaxedOrdering() async throws {
        var options = fastReplay
        options.ordering[.navigation] = .unordered
        let relaxed = try await replayExample("router/present-yellow.json", options: options) {
            ExampleRouter(platform: $0, fault: .decidesBeforeRouting)
        }
        #expect(relaxed.passed, "\(relaxed)")
        let strict = try await replayExample("router/present-yellow.json") {
            ExampleRouter(platform: $0, fault: .decidesBeforeRouting)
        }
        #expect(strict.issues.first?.kind == .effectOutOfOrder)
    }

    @Test("a passing report says so, with the number of identical runs")
    func passingReport() async throws {
        var options = fastReplay
        options.repetitions = 3
        let report = try await replayExample("router/present-yellow.json", options: options) { ExampleRouter(platform: $0) }
        #expect("\(report)" == "Fixtures/examples/router/present-yellow.json: replay passed (3 runs, identical traces)")
    }

    @Test("the trace of a failed run is a cassette of what happened, with causes and answers linked")
    func traceIsACassette() async throws {
        let report = try await replayExample("bridge/promise-random-user.json") {
            ExamplePromiseBridge(platform: $0, fault: .answersWithNewGUID)
        }
        #expect(!report.passed)
        let trace = report.trace
        // Required, not expected: the lines after it index the trace, and a shorter one must fail, not crash.
        try #require(trace.events.map(\.kind) == [ScriptMessage.eventKind, HTTPRequest.eventKind, HTTPResponse.eventKind, JavaScriptEvaluation.eventKind], "\(report)")
        #expect(trace.events[1].cause == 1)
        #expect(trace.events[2].answers == 2)
        let reread = try CassetteReader().read(CassetteWriter.canonicalBytes(of: trace), path: "trace.json")
        #expect(reread == trace)
    }
}

@Suite("One divergence, one issue")
struct OneDivergenceTests {
    static let cassette = Cassette(
        header: CassetteHeader(name: "sign-in"),
        events: [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "signIn", body: ["user": "ada"])),
            Event(id: 2, at: 0, cause: 1, payload: JavaScriptEvaluation(script: "signedIn('ada')")),
            Event(id: 3, at: 0, cause: 1, payload: NativeRoute(name: "home")),
        ])

    /// Signs in: optionally logs to the console first, optionally greets someone else.
    @MainActor final class SignIn: NSObject, ScriptMessageHandler {
        let platform: Platform
        let logsFirst: Bool
        let greets: String

        init(platform: Platform, logsFirst: Bool = false, greets: String = "ada") {
            self.platform = platform
            self.logsFirst = logsFirst
            self.greets = greets
            super.init()
            platform.webView.add(self, name: "signIn")
        }

        func didReceive(_ message: ScriptMessage) {
            if logsFirst { platform.webView.evaluateJavaScript("console.log('signing in')", completionHandler: nil) }
            platform.webView.evaluateJavaScript("signedIn('\(greets)')", completionHandler: nil)
            platform.routes.show(NativeRoute(name: greets == "ada" ? "home" : "guest"))
        }
    }

    static func replay(logsFirst: Bool = false, greets: String = "ada") async -> ReplayReport {
        await Replayer(cassette: cassette, options: fastReplay).replay { platform in
            await SignIn(platform: platform, logsFirst: logsFirst, greets: greets)
        }
    }

    @Test("an extra evaluation before the expected one is an unexpected effect, not a difference from the next one")
    func extraEffect() async throws {
        let report = await Self.replay(logsFirst: true)
        #expect(report.issues.count == 1, "\(report)")
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == nil)
        #expect(issue.differences.isEmpty)
        #expect(issue.actual == #"javascript.evaluate "console.log('signing in')""#)
        #expect(issue.nearestCandidate?.hasPrefix("event 2 (javascript.evaluate") == true, "\(issue)")
    }

    @Test("a changed effect is one issue with its differences; what follows from it is not reported again")
    func changedEffect() async throws {
        let report = await Self.replay(greets: "bob")
        #expect(report.issues.count == 1, "\(report)")
        let issue = try #require(report.issues.first)
        #expect(issue.kind == .unexpectedEffect)
        #expect(issue.eventID == 2)
        #expect(issue.differences.map(\.path) == ["script"])
    }

    @Test("the correct sign-in replays green")
    func correct() async {
        let report = await Self.replay()
        #expect(report.passed, "\(report)")
    }
}
