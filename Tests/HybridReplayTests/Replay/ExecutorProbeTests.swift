import Dispatch
import Foundation
@testable import HybridReplay
import Testing

/// What the stall watchdog counts of a tick, as a plain value, and a replay
/// whose implementation's executor is held back by other work.
@Suite("Executor probes")
struct ExecutorProbeTests {
    @Test("a tick whose probes ran at once and whose watchdog woke on time counts whole")
    func promptTickCounts() {
        let starved = ReplayWorkTracker.starvedTime(
            tick: .milliseconds(200), late: .zero, heldBack: [.zero, .milliseconds(1)])
        #expect(starved == .milliseconds(1))
    }

    @Test("the slowest probe's wait and the watchdog's lateness do not count")
    func heldBackAndLateTimeIsStarved() {
        let starved = ReplayWorkTracker.starvedTime(
            tick: .milliseconds(300), late: .milliseconds(100), heldBack: [.milliseconds(20), .milliseconds(150)])
        #expect(starved == .milliseconds(250))
    }

    @Test("a probe that has not run makes the whole tick starved")
    func unrunProbeStarvesTheTick() {
        let starved = ReplayWorkTracker.starvedTime(
            tick: .milliseconds(200), late: .zero, heldBack: [.zero, nil])
        #expect(starved == .milliseconds(200))
    }

    @Test("no more than the tick is starved, however long the probes waited")
    func starvedIsBoundedByTheTick() {
        let starved = ReplayWorkTracker.starvedTime(
            tick: .milliseconds(200), late: .milliseconds(150), heldBack: [.milliseconds(180)])
        #expect(starved == .milliseconds(200))
    }

    @Test("the priorities the implementation's work runs at are the ones probed")
    func workPrioritiesAreNoted() {
        var tracker = ReplayWorkTracker()
        tracker.noteWorkPriority(.high)
        tracker.noteWorkPriority(.low)
        tracker.noteWorkPriority(.high)
        #expect(tracker.workPriorities == [TaskPriority.high.rawValue, TaskPriority.low.rawValue])
    }

    /// Tells the test the priority its tasks run at, then starts its request in a `Task {}`.
    struct HeldBackBridge: ScriptMessageHandler {
        let transport: any HTTPTransport
        let occupy: @Sendable (TaskPriority) -> Void

        func didReceive(_ message: ScriptMessage) {
            // Work handed to the implementation's executor from here on waits behind the jobs that hold it.
            occupy(Task.currentPriority)
            let transport = transport
            Task { _ = try? await transport.send(HTTPRequest(url: "https://a.example/held")) }
        }
    }

    /// Holds the calling thread until `release` is signalled.
    static func hold(until release: DispatchSemaphore) { release.wait() }

    @Test("a correct replay whose tasks wait behind other work on their executor is waited for, not reported stalled")
    func heldBackExecutorIsNotAStall() async throws {
        let cassette = makeCassette([
            Event(id: 1, at: 0, payload: ScriptMessage(handler: "go", body: .string("go"))),
            Event(id: 2, at: 0, cause: 1, payload: HTTPRequest(url: "https://a.example/held")),
        ])
        var options = fastReplay
        // The hold below is five times the stall timeout, a third of what starvation may add to it.
        options.stallTimeout = .milliseconds(200)
        let hold = Duration.seconds(1)
        let release = DispatchSemaphore(value: 0)
        let width = ProcessInfo.processInfo.activeProcessorCount
        let report = await Replayer(cassette: cassette, options: options).replay { platform in
            platform.webView.add(
                HeldBackBridge(transport: platform.transport) { priority in
                    // As many jobs as the executor at that priority runs at once, each holding
                    // a thread until released: the same as other tests' long jobs under a sanitizer.
                    for _ in 0..<width {
                        Task.detached(priority: priority) { Self.hold(until: release) }
                    }
                    DispatchQueue.global().asyncAfter(deadline: .now() + hold.timeInterval) {
                        for _ in 0..<width { release.signal() }
                    }
                }, name: "go")
        }
        #expect(report.passed, "\(report)")
    }
}

extension Duration {
    fileprivate var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
