import CDispatchWatch
import HybridReplay

/// Switches the runtime watch on for the duration of a replay: the testing
/// glue's replays see `Task.detached`, and on Linux blocks handed to Dispatch
/// queues, which a replay cannot otherwise track (docs/writing-app-code-that-replays.md).
///
/// The first replay to begin installs the watch — ours in the runtime's
/// `swift_task_enqueueGlobal_hook`, chained to the hook there before, and the
/// Dispatch watch — and the last to end puts back what was there. A process
/// that runs no replay through it, such as the `cassette` tool, never
/// changes the slot.
package enum RuntimeWatchInstallation {
    private struct State {
        /// Replays running under the watch.
        var replays = 0
        /// What replays consulted before the first of them began.
        var before = RuntimeWatch.blind
    }

    private static let state = Locked(State())

    /// Runs `body` with the watch installed.
    ///
    /// - Parameter body: Runs one replay (or several, in turn).
    /// - Returns: What `body` returns.
    package static func during<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        begin()
        defer { end() }
        return try await RuntimeWatch.$ordersThisReplay.withValue(true) { try await body() }
    }

    /// Whether the runtime has the enqueue hook the watch goes into, so that
    /// it sees tasks handed to the global executor.
    package static var seesTasks: Bool { EnqueueHook.global.slot != nil }

    /// Whether `dispatch_async` in this process reaches the Dispatch watch
    /// (Linux, in an executable that exports the package's definition).
    package static var seesDispatch: Bool { DispatchWatch.seesDispatch }

    /// How many jobs the calling thread's current turn of the main actor
    /// holds until it is done (0 outside one, and where the watch cannot hold).
    package static var jobsHeldHere: Int { DispatchWatch.jobsHeldHere }

    /// How many hops to the main queue, from the replay's work on another
    /// queue, stopped waiting for the main-queue block before it had run (its
    /// thread found blocked, or a second gone) since the process started.
    package static var mainHopWaitsCutShort: Int { Int(hr_main_hop_waits_cut_short()) }

    private static func begin() {
        state.withLock { state in
            state.replays += 1
            guard state.replays == 1 else { return }
            state.before = RuntimeWatch.current
            EnqueueHook.global.install()
            EnqueueHook.main.install()
            DispatchWatch.install()
            RuntimeWatch.current = DispatchWatch.runtimeWatch
        }
    }

    private static func end() {
        state.withLock { state in
            state.replays -= 1
            guard state.replays == 0 else { return }
            RuntimeWatch.current = state.before
            DispatchWatch.remove()
            EnqueueHook.main.restore()
            EnqueueHook.global.restore()
        }
    }
}
