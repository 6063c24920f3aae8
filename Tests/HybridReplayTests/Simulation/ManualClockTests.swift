import HybridReplay
import HybridReplaySimulation
import Testing

@Suite("ManualClock")
struct ManualClockTests {
    @Test("stands still until advanced, and never runs backwards")
    func advancing() {
        let clock = ManualClock()
        #expect(clock.now.offset == .zero)
        clock.advance(by: .milliseconds(120))
        clock.advance(by: .seconds(2))
        #expect(clock.now.offset == .milliseconds(2_120))
        clock.advance(by: .seconds(-1))
        #expect(clock.now.offset == .milliseconds(2_120))
        #expect(ManualClock(startingAt: .seconds(5)).now.offset == .seconds(5))
    }

    @Test("times a recorder's events exactly")
    func recorderTimes() {
        let clock = ManualClock()
        let recorder = Recorder(name: "timed", clock: clock)
        let platform = recorder.platform(wrapping: .simulated(cookieStore: InMemoryCookieStore()))
        clock.advance(by: .milliseconds(250))
        platform.routes.show(NativeRoute(name: "a"))
        clock.advance(by: .milliseconds(120))
        platform.routes.show(NativeRoute(name: "b"))
        #expect(recorder.events.map(\.at) == [0.25, 0.37])
    }

    @Test("wakes a sleeper once advanced to its deadline, and not before", .hangGuard(minutes: 1))
    func sleeping() async throws {
        let clock = ManualClock()
        let deadline = ManualClock.Instant(offset: .seconds(30))
        let sleeper = Task {
            try await clock.sleep(until: deadline)
            return clock.now.offset
        }
        // Known registered, not assumed to be after some real time.
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(10))
        #expect(clock.sleeperCount == 1, "woken before its deadline")
        clock.advance(by: .seconds(20))
        #expect(clock.sleeperCount == 0)
        #expect(try await sleeper.value == .seconds(30))
    }

    @Test("returns at once for a deadline already reached")
    func pastDeadline() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(1))
        try await clock.sleep(until: ManualClock.Instant(offset: .milliseconds(500)))
        try await clock.sleep(for: .zero)
    }

    @Test("ends a sleep with CancellationError when its task is cancelled")
    func cancelled() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("a drive waits until the app's task sleeps on the clock, then advances it past the deadline")
    func waitsForSleepers() async throws {
        let clock = ManualClock()
        let debounced = Task {
            try await clock.sleep(for: .milliseconds(300))
            return clock.now.offset
        }
        try await clock.waitForSleepers()
        clock.advance(by: .milliseconds(300))
        #expect(try await debounced.value == .milliseconds(300))
    }

    @Test("a sleeper that never comes ends the wait with an error saying how many sleep")
    func waitForSleepersTimesOut() async {
        let clock = ManualClock()
        let error = await #expect(throws: WaitTimeout.self) { try await clock.waitForSleepers(count: 1, patience: .milliseconds(5)) }
        #expect(error?.description.contains("1 task sleeping on the clock") == true, "\(String(describing: error))")
        #expect(error?.description.contains("asleep now: 0") == true, "\(String(describing: error))")
    }

    @Test("counts the tasks asleep now: a sleeper that woke or was cancelled no longer counts", .hangGuard(minutes: 1))
    func countsSleepersAsleepNow() async throws {
        let clock = ManualClock()
        var sleepers: [Task<Void, any Error>] = []
        // Keystrokes 120 ms apart, each starting a 300 ms sleep that nothing cancels.
        for key in 1...3 {
            sleepers.append(Task { try await clock.sleep(for: .milliseconds(300)) })
            try await clock.waitForSleepers(count: key)
            clock.advance(by: .milliseconds(120))
        }
        // At 360 ms the first sleep (until 300 ms) has ended: with the fourth, three sleep.
        sleepers.append(Task { try await clock.sleep(for: .milliseconds(300)) })
        try await clock.waitForSleepers(count: 3)
        let four = await #expect(throws: WaitTimeout.self) { try await clock.waitForSleepers(count: 4, patience: .milliseconds(20)) }
        #expect(four?.awaited == "4 tasks sleeping on the clock")
        #expect(four?.progress == "asleep now: 3")
        try await sleepers[0].value

        let second = sleepers[1]
        second.cancel()   // its sleep ends at once
        await #expect(throws: CancellationError.self) { try await second.value }
        let three = await #expect(throws: WaitTimeout.self) { try await clock.waitForSleepers(count: 3, patience: .milliseconds(20)) }
        #expect(three?.progress == "asleep now: 2")

        clock.advance(by: .seconds(1))
        for sleeper in sleepers[2...] { try await sleeper.value }
    }
}
