/// What the task making an effect was started for, and the work it belongs to.
enum ReplayContext {
    /// The stimulus whose delivery started the current task, if any, so
    /// effects of different causes with equal payloads are matched to the
    /// cause that made them.
    @TaskLocal static var stimulus: Int?
    /// The work of the implementation the current task belongs to; see ``WorkLease``.
    @TaskLocal static var lease: WorkLease?
    /// Whether the current code is the engine's own, which enqueues tasks
    /// that are not the implementation's (see ``GlobalEnqueueWatch``).
    @TaskLocal static var isEngineWork = false
}
