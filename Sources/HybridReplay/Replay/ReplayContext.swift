/// What the task making an effect was started for, so effects of different
/// causes with equal payloads are matched to the cause that made them.
enum ReplayContext {
    /// The stimulus whose delivery started the current task, if any.
    @TaskLocal static var stimulus: Int?
}
