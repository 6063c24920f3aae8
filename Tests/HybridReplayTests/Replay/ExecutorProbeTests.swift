@testable import HybridReplay
import Testing

/// What the stall watchdog counts of a tick, as a plain value, and an
/// engine's look at its run driven tick by tick on a fake clock.
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

    @Test("a global-executor probe's wait counts only while the run has tracked work queued")
    func globalProbeCountsOnlyWithQueuedWork() {
        let start = ContinuousClock.now
        let tick = WatchdogTick(
            began: start, due: start.advanced(by: .milliseconds(200)), mainQueue: .milliseconds(10),
            globalExecutor: [TaskPriority.medium.rawValue: nil, TaskPriority.high.rawValue: .milliseconds(150)])
        var tracker = ReplayWorkTracker()
        let end = start.advanced(by: .milliseconds(200))
        #expect(tracker.starvedTime(in: tick, endingAt: end, queuedGlobalWork: true) == .milliseconds(200))
        #expect(tracker.starvedTime(in: tick, endingAt: end, queuedGlobalWork: false) == .milliseconds(10))
        // High is not a priority of this run's work until it runs there.
        var high = tick
        high.globalExecutor[TaskPriority.medium.rawValue] = .milliseconds(20)
        #expect(tracker.starvedTime(in: high, endingAt: end, queuedGlobalWork: true) == .milliseconds(20))
        tracker.noteWorkPriority(.high)
        #expect(tracker.starvedTime(in: high, endingAt: end, queuedGlobalWork: true) == .milliseconds(150))
    }

    @Test("a run watched from the middle of a tick is not credited the time before")
    func watchedMidTickIsCreditedFromThen() {
        let start = ContinuousClock.now
        let tick = WatchdogTick(
            began: start, due: start.advanced(by: .milliseconds(200)), mainQueue: nil, globalExecutor: [:])
        let tracker = ReplayWorkTracker()
        let starved = tracker.starvedTime(
            in: tick, endingAt: start.advanced(by: .milliseconds(200)), queuedGlobalWork: true,
            since: start.advanced(by: .milliseconds(150)))
        #expect(starved == .milliseconds(50))
    }

    /// Drives an engine's watchdog looks with ticks of a fake clock in which
    /// the main queue runs at once and the global executor at the default
    /// priority never runs its probe, for `ticks` ticks or until the wait ends.
    ///
    /// - Parameter queuedBefore: What the look before `start` saw queued.
    /// - Returns: How long the wait lasted before it stalled, or `nil` if it did not within `ticks`.
    static func drive(
        _ engine: ReplayEngine, from start: ContinuousClock.Instant, ticks: Int,
        queuedBefore: Bool = false
    ) -> Duration? {
        var now = start
        var queued = queuedBefore
        let length = Duration.milliseconds(200)
        for _ in 0..<ticks {
            let tick = WatchdogTick(
                began: now, due: now.advanced(by: length), mainQueue: .zero,
                globalExecutor: [TaskPriority.medium.rawValue: nil])
            now = now.advanced(by: length)
            let look = engine.lookForStall(at: now, tick: tick, queuedBefore: queued, since: nil)
            queued = look.queued
            if look.next == nil { return start.duration(to: now) }
        }
        return nil
    }

    /// Waits on `engine` with a stall timeout of 2 s from `start`, while `body` drives its watchdog.
    static func wait(
        on engine: ReplayEngine, from start: ContinuousClock.Instant, _ body: @escaping @Sendable () -> Void
    ) async -> ReplayEngine.Wait {
        await withCheckedContinuation { (continuation: CheckedContinuation<ReplayEngine.Wait, Never>) in
            engine.state.withLock { state in
                let token = state.work.token()
                state.work.waiter = ReplayWorkTracker.ActivityWaiter(
                    token: token, continuation: continuation, deadline: start.advanced(by: .seconds(2)),
                    seen: state.work.activity, restartsOnActivity: true)
            }
            body()
            // Not stalled: the test has recorded why; end the wait.
            let left = engine.state.withLock { state in
                defer { state.work.waiter = nil }
                return state.work.waiter?.continuation
            }
            left?.resume(returning: .idle)
        }
    }

    @Test("a replay whose queued work its executor holds back is waited for, and once none is queued it is judged on time")
    func heldBackQueuedWorkIsWaitedForThenJudgedOnTime() async {
        let engine = ReplayEngine(cassette: makeCassette([]), options: ReplayOptions(stallTimeout: .seconds(2)))
        let start = ContinuousClock.now
        let outcome = await Self.wait(on: engine, from: start) {
            // A job of the run's work handed to the global executor, which other work holds.
            #expect(engine.beginWatchedJob(1))
            let held = Self.drive(engine, from: start, ticks: 40)
            #expect(held == nil, "stalled after \(held.map { "\($0)" } ?? "") although its work waited its turn")
            // The job has run; the run now waits for nothing of its own that is queued.
            _ = engine.endWatchedJob()
            let judged = Self.drive(
                engine, from: start.advanced(by: .seconds(8)), ticks: 40, queuedBefore: true)
            // 2 s of real time, plus the one tick that began while the job was still queued.
            #expect(judged == .milliseconds(2200))
        }
        #expect(outcome == .busy)
    }

    @Test("tracked work that is neither finished nor waiting counts as queued: something the replay does not follow may have resumed it")
    func blindRunCountsLiveWorkAsQueued() async {
        let engine = ReplayEngine(cassette: makeCassette([]), options: ReplayOptions(stallTimeout: .seconds(2)))
        let start = ContinuousClock.now
        let outcome = await Self.wait(on: engine, from: start) {
            let lease = engine.state.withLock { $0.work.beginLease() }
            let held = Self.drive(engine, from: start, ticks: 40)
            #expect(held == nil, "stalled although its live work waited its turn")
            // The work now waits on the replay: what is left is work the replay cannot see.
            engine.state.withLock { $0.work.beginWait(lease) }
            let judged = Self.drive(
                engine, from: start.advanced(by: .seconds(8)), ticks: 40, queuedBefore: true)
            #expect(judged == .milliseconds(2200))
        }
        #expect(outcome == .busy)
    }

    @Test("a main queue that does not run the watchdog's probe holds the run back whatever is queued")
    func heldMainQueueAlwaysCounts() async {
        let engine = ReplayEngine(cassette: makeCassette([]), options: ReplayOptions(stallTimeout: .seconds(2)))
        let start = ContinuousClock.now
        let outcome = await Self.wait(on: engine, from: start) {
            var now = start
            for _ in 0..<40 {
                let tick = WatchdogTick(began: now, due: now.advanced(by: .milliseconds(200)), mainQueue: nil, globalExecutor: [:])
                now = now.advanced(by: .milliseconds(200))
                let look = engine.lookForStall(at: now, tick: tick, queuedBefore: false, since: nil)
                #expect(look.next != nil, "stalled after \(start.duration(to: now)) with the main queue held")
                if look.next == nil { return }
            }
        }
        #expect(outcome == .idle)
    }
}

