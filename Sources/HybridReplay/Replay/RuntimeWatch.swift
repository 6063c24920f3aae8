/// What a replay can learn from the runtime about work it cannot track — how
/// many blocks app code has handed to the main queue — and how it holds the
/// jobs a turn of the main actor hands to the global executor.
///
/// The engine interposes on nothing itself. A watch that sees into the
/// runtime (`HybridReplayRuntimeWatch`, which the testing glue installs for the
/// duration of a replay on Linux) sets ``current`` while it is installed, and
/// reports what it sees through ``GlobalEnqueueWatch``. Everywhere else —
/// the `cassette` tool, a recording build, Apple platforms — a replay sees
/// with ``blind``: it counts no main-queue blocks, so it passes a fixed number
/// of main-queue barriers, and it learns of unseen work only from effects made
/// outside every tracked task.
package struct RuntimeWatch: Sendable {
    /// How many blocks app code has handed to the main queue so far, or `nil`
    /// where the watch cannot count them.
    package var mainQueueEnqueues: @Sendable () -> UInt?
    /// Runs its argument, whose main-queue blocks are the replay's own
    /// barriers and left out of the count.
    package var leavingUncounted: @Sendable (() -> Void) -> Void
    /// How much work the calling thread has handed off to run later (Dispatch
    /// blocks, enqueued tasks), or `nil` where the watch cannot count it; a
    /// recorder reads it around a delivery (see ``UntrackedHandoffs``).
    package var threadHandoffs: @Sendable () -> UInt?
    /// Runs its argument, a turn of the main actor in which the engine calls
    /// app code, holding the jobs that app code hands to the global executor
    /// (a `Task.detached`) until the turn is done, where the watch can (see
    /// docs/writing-app-code-that-replays.md, "Races through `Task.detached`").
    package var holdingHandoffs: @Sendable (() -> Void) -> Void
    /// Hands the blocks the replay keyed by its argument delayed in real time
    /// (`DispatchQueue.asyncAfter`), held until it ended, to Dispatch (see
    /// ``GlobalEnqueueWatch/holdDelayedBlock()``); called once its run is over.
    package var releasingDelayedBlocks: @Sendable (UInt) -> Void
    /// Hands the held job of a task asleep in real time (its first argument)
    /// to run now, watched under the key (its second; see ``WatchedJobs/wakeHeld(_:for:)``).
    package var wakingDelayedJob: @Sendable (UInt, UInt) -> Void
    /// Hands the held job of a task asleep in real time to Dispatch with the
    /// deadline it was given, unwatched: its task went on without it, or the run is over.
    package var releasingDelayedJob: @Sendable (UInt) -> Void
    /// Hands the block delayed with `asyncAfter` that the watch holds (its
    /// handle) to `dispatch_async`, which carries the calling code's context into it.
    package var wakingDelayedBlock: @Sendable (UInt) -> Void
    /// Hands a held delayed block to Dispatch with the deadline it was given: the run is over.
    package var releasingDelayedBlock: @Sendable (UInt) -> Void

    /// Whether the replay starting in this task runs under a watch that
    /// orders its real-time work: set by `RuntimeWatchInstallation.during` for
    /// the replays it runs, read once by each replay as it starts. The watch
    /// is the process's, while any replay runs under it; a replay another
    /// test started beside it without the watch is not held to its orders.
    @TaskLocal package static var ordersThisReplay = false

    package init(
        mainQueueEnqueues: @escaping @Sendable () -> UInt?,
        leavingUncounted: @escaping @Sendable (() -> Void) -> Void,
        threadHandoffs: @escaping @Sendable () -> UInt? = { nil },
        holdingHandoffs: @escaping @Sendable (() -> Void) -> Void = { $0() },
        releasingDelayedBlocks: @escaping @Sendable (UInt) -> Void = { _ in },
        wakingDelayedJob: @escaping @Sendable (UInt, UInt) -> Void = { _, _ in },
        releasingDelayedJob: @escaping @Sendable (UInt) -> Void = { _ in },
        wakingDelayedBlock: @escaping @Sendable (UInt) -> Void = { _ in },
        releasingDelayedBlock: @escaping @Sendable (UInt) -> Void = { _ in }
    ) {
        self.mainQueueEnqueues = mainQueueEnqueues
        self.leavingUncounted = leavingUncounted
        self.threadHandoffs = threadHandoffs
        self.holdingHandoffs = holdingHandoffs
        self.releasingDelayedBlocks = releasingDelayedBlocks
        self.wakingDelayedJob = wakingDelayedJob
        self.releasingDelayedJob = releasingDelayedJob
        self.wakingDelayedBlock = wakingDelayedBlock
        self.releasingDelayedBlock = releasingDelayedBlock
    }

    /// Sees nothing of the runtime: what a replay knows with no watch installed.
    package static let blind = RuntimeWatch(
        mainQueueEnqueues: { nil }, leavingUncounted: { $0() }, threadHandoffs: { nil }, holdingHandoffs: { $0() })

    private static let installed = Locked(RuntimeWatch.blind)

    /// The watch replays consult now; ``blind`` unless a watch is installed.
    package static var current: RuntimeWatch {
        get { installed.current }
        set { installed.withLock { $0 = newValue } }
    }
}
