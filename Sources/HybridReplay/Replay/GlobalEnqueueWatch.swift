/// Where a runtime watch reports work app code hands to what a replay cannot
/// track, from the thread that hands it over.
///
/// A detached task inherits no task-local values, so the replay cannot track
/// it (see ``WorkLease``). What it can see is the moment one is enqueued: the
/// concurrency runtime calls `swift_task_enqueueGlobal_hook`, when one is
/// installed, on the thread that enqueues, where the enqueuing task's lease
/// is still readable. The replay then knows that work it cannot see may still
/// make an effect, and a verdict that depends on absence waits for it within
/// the stall timeout (see ``ReplayEngine/noteEnqueue(_:)``).
///
/// The engine installs no hook: `HybridReplayRuntimeWatch` does, for the
/// duration of a replay the testing glue runs, and calls these. Enqueues the
/// engine makes itself, and a task enqueuing itself again after a
/// suspension, are not counted; nor is anything outside a replay's work.
package enum GlobalEnqueueWatch {
    /// Notes that `job` is being handed to the global executor.
    ///
    /// Called from inside the runtime's enqueue: it takes only the engine's
    /// lock for unseen work.
    package static func noteEnqueue(_ job: UnownedJob) {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return }
        let enqueued = unsafeBitCast(job, to: UnsafeRawPointer.self)
        let current = withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
        // A task resuming itself is work the lease already covers.
        guard current != enqueued else { return }
        lease.engine.noteEnqueue(enqueued)
    }

    /// Notes that a block is being handed to a Dispatch queue other than the
    /// main queue, which no lease follows.
    package static func noteDispatchedBlock() {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return }
        lease.engine.noteDispatchedBlock()
    }
}
