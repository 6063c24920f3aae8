@testable import HybridReplay
import HybridReplaySimulation
import Testing

/// The web half's patience on a manual clock: a verdict here never depends on the machine's speed.
@Suite("Web-half patience")
@MainActor
struct WebHalfPatienceTests {
    static let duration = Duration.seconds(10)

    @Test("a wait ends as soon as the page acts, and its timer stops")
    func pageActingEndsTheWait() async {
        let clock = ManualClock()
        let patience = WebHalfPatience(Self.duration, clock: clock)
        let wait = Task { @MainActor in await patience.wait(engineBusy: false) }
        while clock.sleeperCount == 0 { await Task.yield() }
        patience.pageActed()
        #expect(clock.sleeperCount == 0)
        #expect(await wait.value)
        #expect(!patience.isWaiting)
    }

    @Test("a wait ends unanswered once the patience has run out with the engine idle")
    func patienceRunsOut() async {
        let clock = ManualClock()
        let patience = WebHalfPatience(Self.duration, clock: clock)
        let wait = Task { @MainActor in await patience.wait(engineBusy: false) }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: Self.duration - .nanoseconds(1))
        #expect(clock.sleeperCount == 1, "a moment short of the patience, it still waits")
        clock.advance(by: .nanoseconds(1))
        #expect(await wait.value == false)
        #expect(!patience.cancelled)
    }

    @Test("the patience does not run while the engine works, and starts whole each time it falls idle")
    func engineWorkStopsThePatience() async {
        let clock = ManualClock()
        let patience = WebHalfPatience(Self.duration, clock: clock)
        let wait = Task { @MainActor in await patience.wait(engineBusy: true) }
        while !patience.isWaiting { await Task.yield() }
        #expect(clock.sleeperCount == 0, "no timer while the engine works")
        patience.update(engineBusy: false)
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(9))
        patience.update(engineBusy: true)
        #expect(clock.sleeperCount == 0, "the timer stops when the engine works again")
        patience.update(engineBusy: false)
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1, "9 seconds into a fresh patience, it still waits")
        clock.advance(by: .seconds(1))
        #expect(await wait.value == false)
    }

    @Test("a cancelled wait ends unanswered and says it was cancelled, with no timer left")
    func cancellationEndsTheWait() async {
        let clock = ManualClock()
        let patience = WebHalfPatience(Self.duration, clock: clock)
        let wait = Task { @MainActor in await patience.wait(engineBusy: true) }
        while !patience.isWaiting { await Task.yield() }
        wait.cancel()
        #expect(await wait.value == false)
        #expect(patience.cancelled)
        #expect(clock.sleeperCount == 0)
    }
}
