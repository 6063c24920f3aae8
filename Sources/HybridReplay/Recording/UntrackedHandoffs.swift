/// Counts the work the calling thread hands off to run later: blocks given
/// to a Dispatch queue (`DispatchQueue.main.async`, `asyncAfter`, a global
/// queue), tasks enqueued on the main actor (`Task { … }` from main-actor
/// code, whose work may hop on without a cause later) and on the global
/// executor (`Task.detached`).
///
/// The recorder reads it before and after it delivers a navigation
/// lifecycle notification: when the count did not move, nothing the app did
/// later without a cause can be its reaction, so ``RecordingOrder`` may write
/// the notification after such work. The count comes from the runtime watch
/// (``RuntimeWatch``), which the testing glue installs while it records and
/// replays; where it cannot be seen (Apple platforms, a recording build of
/// the app, or an executable that does not take `dispatch_async` calls),
/// ``count()`` is `nil` and nothing is assumed.
enum UntrackedHandoffs {
    /// The calling thread's handoffs so far, or `nil` when they cannot be counted.
    static func count() -> UInt? {
        RuntimeWatch.current.threadHandoffs()
    }

    /// Runs `body` and tells whether it handed off no work that could be counted.
    ///
    /// - Returns: `true` only when the count was seen and did not move.
    static func noneLeft(by body: () -> Void) -> Bool {
        let before = count()
        body()
        guard let before, let after = count() else { return false }
        return before == after
    }
}
