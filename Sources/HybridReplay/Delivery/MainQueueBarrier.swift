import Dispatch

/// Waits until the main queue has run what was enqueued on it before.
///
/// The main queue is first in, first out, and the main actor's jobs go
/// through it too: when a block enqueued now runs, every block and main-actor
/// job enqueued before it has run. That is how a replay sees work app code
/// handed to `DispatchQueue.main.async`, `OperationQueue.main` or a
/// main-queue notification observer without a window of wall-clock time.
enum MainQueueBarrier {
    /// Returns once everything enqueued on the main queue before the call has run.
    static func pass() async {
        let watch = RuntimeWatch.current
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // The replay's own block, which the count of main-queue blocks leaves out.
            watch.leavingUncounted { DispatchQueue.main.async { continuation.resume() } }
        }
    }

    /// Returns once `count` barriers have passed in a row, each enqueued by the
    /// one before it from the main queue, or sooner, once `stop` is true after one.
    ///
    /// Each block runs only after everything enqueued before it, so a chain of
    /// `count` main-queue blocks that each only enqueue the next has run when
    /// this returns, as with `count` calls of ``pass()``; but the replay hands
    /// off to the main queue and back once instead of `count` times.
    static func pass(_ count: Int, stoppingWhen stop: @escaping @Sendable () -> Bool) async {
        let watch = RuntimeWatch.current
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            @Sendable func barrier(_ remaining: Int) {
                // The replay's own blocks, which the count of main-queue blocks leaves out.
                watch.leavingUncounted {
                    DispatchQueue.main.async {
                        if remaining <= 1 || stop() { return continuation.resume() }
                        barrier(remaining - 1)
                    }
                }
            }
            barrier(count)
        }
    }

    /// Hands the main queue `count` blocks in a row, each enqueued by the one
    /// before it from the main queue, and runs `then` in the last, without
    /// waiting: `then` runs once a chain of `count` passes has passed.
    static func enqueue(_ count: Int, then: @escaping @Sendable () -> Void) {
        let watch = RuntimeWatch.current
        @Sendable func barrier(_ remaining: Int) {
            // The replay's own blocks, which the count of main-queue blocks leaves out.
            watch.leavingUncounted {
                DispatchQueue.main.async { remaining <= 1 ? then() : barrier(remaining - 1) }
            }
        }
        barrier(count)
    }

    /// How many blocks app code has handed to the main queue so far, where the
    /// installed ``RuntimeWatch`` counts them (Linux, in a replay the testing
    /// glue runs); `nil` where it cannot tell.
    static var enqueued: UInt? { RuntimeWatch.current.mainQueueEnqueues() }
}

/// The end of one turn of the main queue: a barrier placed from within the
/// turn and waited for later (``MainQueueBarrier/pass()`` places one and
/// waits at once). Its block runs right after the turn, before anything
/// enqueued later.
final class MainTurnEnd: Sendable {
    private let state = Locked<(ended: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Enqueues, from the current main-queue turn, the block that marks its end.
    func markAfterCurrentTurn() {
        // The replay's own block, which the count of main-queue blocks leaves out.
        RuntimeWatch.current.leavingUncounted {
            DispatchQueue.main.async { [self] in
                let waiter = state.withLock { state in
                    state.ended = true
                    defer { state.waiter = nil }
                    return state.waiter
                }
                waiter?.resume()
            }
        }
    }

    /// Returns once the turn is over.
    func ended() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let over = state.withLock { state in
                if state.ended { return true }
                state.waiter = continuation
                return false
            }
            if over { continuation.resume() }
        }
    }
}
