@testable import HybridReplay
import Testing

/// The sleeper queue the replay's clock and the manual clock share.
@Suite("Sleeper queue")
struct SleeperQueueTests {
    /// Registers sleeper `id` until `deadline` and returns what the queue said, ending the sleep at once.
    static func register(_ id: Int, until deadline: Duration, in queue: inout SleeperQueue) async -> SleeperQueue.Registration {
        var registration = SleeperQueue.Registration.wait
        try? await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            registration = queue.register(id, until: deadline, continuation: continuation)
            if registration == .wait, let sleeper = queue.cancel(id) {
                sleeper.continuation.resume(throwing: CancellationError())
            } else {
                continuation.resume()
            }
        }
        return registration
    }

    @Test("a sleeper cancelled between taking its id and registering is told to throw")
    func cancelledBeforeRegistering() async {
        var queue = SleeperQueue()
        let id = queue.arrive()
        #expect(queue.cancel(id) == nil)
        #expect(await Self.register(id, until: .seconds(1), in: &queue) == .cancel)
        #expect(queue.count == 0)
    }

    @Test("a sleeper whose deadline the clock already shows returns at once")
    func deadlineReachedWakes() async {
        var queue = SleeperQueue(now: .seconds(2))
        let id = queue.arrive()
        #expect(await Self.register(id, until: .seconds(1), in: &queue) == .wake)
        #expect(queue.earliestDeadline == nil)
    }

    @Test("moving the clock without waking leaves no sleeper woken, and it never runs backwards")
    func moveNeverRunsBackwards() {
        var queue = SleeperQueue(now: .seconds(3))
        queue.move(to: .seconds(1))
        #expect(queue.now == .seconds(3))
        #expect(queue.advance(to: .seconds(5)).isEmpty)
        #expect(queue.now == .seconds(5))
        #expect(queue.wakeEarliest().isEmpty)
    }
}
