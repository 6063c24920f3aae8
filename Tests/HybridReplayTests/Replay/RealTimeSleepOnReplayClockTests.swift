import Foundation
import HybridReplayRuntimeWatch
import Testing

@testable import HybridReplay

/// A request raced against a timeout written as iOS code writes it, a
/// `Task.sleep` in real time rather than on the platform's clock. Under the
/// runtime watch (Linux, the testing glue) the sleeping task's wake-up job is
/// held on the replay's clock, so the race goes as recorded: the answer
/// recorded first wins, a timeout recorded first fires at once, and a
/// timeout shorter than the recorded answer fires before it.
@Suite("A timeout in real time raced against an answer replays as recorded")
struct RealTimeSleepOnReplayClockTests {
    /// The request answered at `answeredAt`, or cancelled at `cancelledAt` when the timeout won.
    static func cassette(answeredAt: Double? = nil, cancelledAt: Double? = nil) -> Cassette {
        var events = [
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "stock", body: .string("B7"))),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://api.example/stock/B7")),
        ]
        if let answeredAt {
            events += [
                Event(id: 3, at: answeredAt, answers: 2, payload: HTTPResponse(status: 200, body: .text("7"))),
                Event(id: 4, at: answeredAt, cause: 1, payload: JavaScriptEvaluation(script: "stockKnown()")),
                Event(id: 5, at: answeredAt, answers: 4, payload: JavaScriptResult(.value(.null))),
            ]
        } else if let cancelledAt {
            events += [
                Event(id: 3, at: cancelledAt, answers: 2, payload: HTTPTransportFailure(code: -999, message: "cancelled")),
                Event(id: 4, at: cancelledAt, cause: 1, payload: JavaScriptEvaluation(script: "stockUnknown()")),
                Event(id: 5, at: cancelledAt, answers: 4, payload: JavaScriptResult(.value(.null))),
            ]
        }
        return makeCassette(events)
    }

    /// How the app sleeps out its timeout, in real time.
    enum Sleep: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case taskSleepFor, taskSleepNanoseconds, continuousClock, suspendingClock
        /// Not held: the runtime hands a sleep with a tolerance to a Dispatch
        /// timer, which the watch does not see (see ``toleranceIsNotHeld()``).
        case withTolerance
        var testDescription: String { rawValue }
        static let held: [Sleep] = [.taskSleepFor, .taskSleepNanoseconds, .continuousClock, .suspendingClock]

        func sleep(_ duration: Duration) async throws {
            switch self {
            case .taskSleepFor: try await Task.sleep(for: duration)
            case .taskSleepNanoseconds:
                try await Task.sleep(nanoseconds: UInt64(duration.components.seconds) * 1_000_000_000
                    + UInt64(duration.components.attoseconds / 1_000_000_000))
            case .continuousClock: try await ContinuousClock().sleep(for: duration)
            case .suspendingClock: try await SuspendingClock().sleep(for: duration)
            case .withTolerance: try await Task.sleep(for: duration, tolerance: .milliseconds(100))
            }
        }
    }

    /// Races the request against `timeout` of real time, and cancels whichever loses.
    struct StockChecker: ScriptMessageHandler {
        let platform: Platform
        let timeout: Duration
        let sleep: Sleep

        func didReceive(_ message: ScriptMessage) {
            let (transport, webView, timeout, sleep) = (platform.transport, platform.webView, timeout, sleep)
            Task {
                let answered: Bool
                do {
                    answered = try await withThrowingTaskGroup(of: Bool.self) { group in
                        group.addTask {
                            _ = try await transport.send(HTTPRequest(url: "https://api.example/stock/B7"))
                            return true
                        }
                        group.addTask {
                            try await sleep.sleep(timeout)
                            return false
                        }
                        let first = try await group.next() ?? false
                        group.cancelAll()
                        return first
                    }
                } catch {
                    answered = false
                }
                _ = try? await webView.evaluateJavaScript(answered ? "stockKnown()" : "stockUnknown()")
            }
        }
    }

    static func replay(_ cassette: Cassette, timeout: Duration, sleep: Sleep = .taskSleepFor) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                platform.webView.add(StockChecker(platform: platform, timeout: timeout, sleep: sleep), name: "stock")
            }
        }
    }

    @Test(
        "the answer recorded before a one-second timeout wins, every run, on every clock",
        .enabled(if: WatchedJobsTests.watchesJobs), arguments: Sleep.held, 0..<5)
    func answerWins(sleep: Sleep, run: Int) async {
        let report = await Self.replay(Self.cassette(answeredAt: 0.3), timeout: .seconds(1), sleep: sleep)
        #expect(report.passed, "\(report)")
    }

    /// Waited out in real time, a sleep of 30 seconds would outlast the stall
    /// timeout (2 s) and fail the run; held on the replay's clock, it ends
    /// as soon as the replay has nothing recorded before it.
    @Test(
        "a timeout recorded as winning fires when the replay's clock gets there, however long it is in real time",
        .enabled(if: WatchedJobsTests.watchesJobs), arguments: Sleep.held)
    func timeoutWins(sleep: Sleep) async {
        let report = await Self.replay(Self.cassette(cancelledAt: 30), timeout: .seconds(30), sleep: sleep)
        #expect(report.passed, "\(report)")
    }

    /// The limit docs/writing-app-code-that-replays.md states: with a
    /// tolerance, the task is neither held nor seen asleep, so the replay
    /// finds the work idle and judges the recorded cancellation at once.
    @Test(
        "a sleep with a tolerance is not held: a timeout recorded as winning is reported as a request never cancelled",
        .enabled(if: WatchedJobsTests.watchesJobs),
        // Under ThreadSanitizer, whose interceptors stand in for Dispatch's, the same replay passes.
        .disabled(if: ThreadSanitizerScaling.threadSanitizerRuns, "the limit holds without ThreadSanitizer; under it the replay passes"))
    func toleranceIsNotHeld() async {
        let report = await Self.replay(Self.cassette(cancelledAt: 30), timeout: .seconds(30), sleep: .withTolerance)
        #expect(report.issues.first?.eventID == 3, "\(report)")
        #expect(report.issues.first?.message.contains("the app never cancelled that request") == true, "\(report)")
    }

    @Test(
        "a timeout shorter than the recorded answer fires first and fails the run, every time",
        .enabled(if: WatchedJobsTests.watchesJobs), arguments: 0..<5)
    func shorterTimeoutFails(run: Int) async {
        let report = await Self.replay(Self.cassette(answeredAt: 0.3), timeout: .milliseconds(200))
        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 4, "\(report)")
        #expect("\(report)".contains(#"script: expected "stockKnown()", found "stockUnknown()""#), "\(report)")
    }

    @Test(
        "a timeout longer than the recorded one fails the run where the recording cancelled",
        .enabled(if: WatchedJobsTests.watchesJobs))
    func longerTimeoutFails() async {
        let report = await Self.replay(Self.cassette(cancelledAt: 1), timeout: .seconds(5))
        #expect(!report.passed)
        #expect(report.issues.first?.eventID == 3, "\(report)")
    }

    /// The request fails with 503 once, and the app retries after a backoff in real time.
    struct RetryingLoader: ScriptMessageHandler {
        let transport: any HTTPTransport
        let backoff: Duration

        func didReceive(_ message: ScriptMessage) {
            let (transport, backoff) = (transport, backoff)
            Task {
                let first = try? await transport.send(HTTPRequest(url: "https://api.example/stock/B7"))
                guard first?.status == 503 else { return }
                try? await Task.sleep(for: backoff)
                _ = try? await transport.send(HTTPRequest(url: "https://api.example/stock/B7"))
            }
        }
    }

    /// The retry made at `retriedAt`: 0 in a simulated recording, whose
    /// `ManualClock` only the drive moves, and the backoff later in a live one.
    static func retried(at retriedAt: Double) -> Cassette {
        makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "stock", body: .string("B7"))),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://api.example/stock/B7")),
            Event(id: 3, at: 0, answers: 2, payload: HTTPResponse(status: 503)),
            Event(id: 4, at: retriedAt, cause: 3, payload: HTTPRequest(url: "https://api.example/stock/B7")),
            Event(id: 5, at: retriedAt, answers: 4, payload: HTTPResponse(status: 200, body: .text("7"))),
        ])
    }

    static func replayRetry(_ cassette: Cassette, backoff: Duration) async -> ReplayReport {
        await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                platform.webView.add(RetryingLoader(transport: platform.transport, backoff: backoff), name: "stock")
            }
        }
    }

    @Test(
        "a backoff in real time replays from a live recording and from a simulated one, whose clock it did not move",
        .enabled(if: WatchedJobsTests.watchesJobs), arguments: [1.0, 0])
    func backoffReplays(retriedAt: Double) async {
        let report = await Self.replayRetry(Self.retried(at: retriedAt), backoff: .seconds(1))
        #expect(report.passed, "\(report)")
    }

    @Test(
        "a backoff longer than a live recording's is reported as the retry missing, with the sleeper's deadline",
        .enabled(if: WatchedJobsTests.watchesJobs))
    func longerBackoffFails() async {
        let report = await Self.replayRetry(Self.retried(at: 1), backoff: .seconds(3))
        #expect(report.issues.first?.eventID == 4, "\(report)")
        #expect(report.issues.first?.kind == .missingEffect, "\(report)")
        let message = report.issues.first?.message ?? ""
        #expect(
            message.contains(
                "1 task of its work slept in real time (Task.sleep), held on the replay clock until its deadline, "
                    + "waiting on the replay clock until 3 s, later than the 1 s at which the recording has this effect"),
            "\(report)")
        #expect(!message.contains("for await"), "\(report)")
    }

    /// Read from its deadline, a sleep of 1 s is a few microseconds short; the replay counts it in whole milliseconds.
    @Test(
        "an answer recorded at the very instant the timeout was due wins, as a stimulus ties with a sleeper on the platform's clock",
        .enabled(if: WatchedJobsTests.watchesJobs), arguments: 0..<5)
    func answerAtTheDeadlineWins(run: Int) async {
        let report = await Self.replay(Self.cassette(answeredAt: 1), timeout: .seconds(1))
        #expect(report.passed, "\(report)")
    }

    @Test("a real-time delay is counted in whole milliseconds, rounded up")
    func delaysRoundUp() {
        #expect(ReplayEngine.wholeMilliseconds(roundingUp: .nanoseconds(1_999_997_000)) == .seconds(2))
        #expect(ReplayEngine.wholeMilliseconds(roundingUp: .seconds(2)) == .seconds(2))
        #expect(ReplayEngine.wholeMilliseconds(roundingUp: .microseconds(1_500)) == .milliseconds(2))
        #expect(ReplayEngine.wholeMilliseconds(roundingUp: .milliseconds(300)) == .milliseconds(300))
        #expect(ReplayEngine.wholeMilliseconds(roundingUp: .zero) == .zero)
    }

    /// Registers its handler only after a moment's sleep in real time, as code
    /// that waits for the page to settle does.
    struct LateRegistration {
        init(platform: Platform) {
            let webView = platform.webView
            let transport = platform.transport
            Task {
                try? await Task.sleep(for: .milliseconds(50))
                webView.add(RetryingLoader(transport: transport, backoff: .zero), name: "stock")
            }
        }
    }

    /// A live recording has the message after the sleep; a simulated one, whose clock the sleep did not move, at 0.
    @Test(
        "a handler registered after a sleep in real time receives the message recorded after it, live or simulated",
        .enabled(if: WatchedJobsTests.watchesJobs), arguments: [0.1, 0])
    func lateHandlerReceives(messageAt: Double) async {
        let cassette = makeCassette([
            Event(id: 1, at: messageAt, payload: ScriptMessage(handler: "stock", body: .string("B7"))),
            Event(id: 2, at: messageAt, cause: 1, payload: HTTPRequest(url: "https://api.example/stock/B7")),
            Event(id: 3, at: messageAt, answers: 2, payload: HTTPResponse(status: 200, body: .text("7"))),
        ])
        let report = await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                LateRegistration(platform: platform)
            }
        }
        #expect(report.passed, "\(report)")
    }

    /// Shows a banner a moment after the page says hello, and answers the page's next message at once.
    struct BannerAfterHello: ScriptMessageHandler {
        let webView: any WebView

        func didReceive(_ message: ScriptMessage) {
            let webView = webView
            if message.body == .string("hello") {
                Task {
                    try? await Task.sleep(for: .milliseconds(50))
                    _ = try? await webView.evaluateJavaScript("showBanner()")
                }
            } else {
                Task { _ = try? await webView.evaluateJavaScript("ack()") }
            }
        }
    }

    /// The page's second message was recorded after the banner: at 0.06 s
    /// live, at 0 in a simulated recording whose clock the sleep did not move.
    @Test(
        "an effect made after a sleep in real time comes before the next message recorded after it, live or simulated",
        .enabled(if: WatchedJobsTests.watchesJobs), arguments: [0.06, 0])
    func effectBeforeNextMessage(nextAt: Double) async {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "page", body: .string("hello"))),
            Event(id: 2, at: nextAt, cause: 1, payload: JavaScriptEvaluation(script: "showBanner()")),
            Event(id: 3, at: nextAt, answers: 2, payload: JavaScriptResult(.value(.null))),
            Event(id: 4, at: nextAt, payload: ScriptMessage(handler: "page", body: .string("next"))),
            Event(id: 5, at: nextAt, cause: 4, payload: JavaScriptEvaluation(script: "ack()")),
            Event(id: 6, at: nextAt, answers: 5, payload: JavaScriptResult(.value(.null))),
        ])
        let report = await RuntimeWatchInstallation.during {
            await Replayer(cassette: cassette, options: fastReplay).replay { platform in
                platform.webView.add(BannerAfterHello(webView: platform.webView), name: "page")
            }
        }
        #expect(report.passed, "\(report)")
    }
}
