import CDispatchWatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Sees app code hand a task to the global executor from a replay's work
/// without the replay's lease: `Task.detached`, and `Task {}` started from a
/// nonisolated context.
///
/// A detached task inherits no task-local values, so the replay cannot track
/// it (see ``WorkLease``). What it can see is the moment one is enqueued: the
/// concurrency runtime calls `swift_task_enqueueGlobal_hook`, when one is
/// installed, on the thread that enqueues, where the enqueuing task's lease
/// is still readable. The replay then knows that work it cannot see may still
/// make an effect, and a verdict that depends on absence waits for it within
/// the stall timeout (see ``ReplayEngine/noteEnqueue(_:)``).
///
/// The hook is installed once per process and calls any hook installed
/// before it. Enqueues the engine makes itself, and a task enqueuing itself
/// again after a suspension, are not counted.
enum GlobalEnqueueWatch {
    private typealias Enqueue = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Enqueue) -> Void

    /// The hook found before ours, called after ours. Written once, before ours is installed.
    nonisolated(unsafe) private static var previous: Hook?

    /// Whether the hook is installed; evaluated once, on the first replay.
    /// The Dispatch watch (Linux) is installed with it.
    static let isInstalled: Bool = {
        hr_dispatch_watch_install { GlobalEnqueueWatch.noteDispatch() }
        return install()
    }()

    /// What the Dispatch watch reports: work under a lease handed a block to a
    /// queue other than the main queue, which no lease follows.
    private static func noteDispatch() {
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return }
        lease.engine.noteDispatchedBlock()
    }

    private static func install() -> Bool {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, "swift_task_enqueueGlobal_hook") else { return false }
        let slot = symbol.assumingMemoryBound(to: Hook?.self)
        previous = slot.pointee
        slot.pointee = { job, original in
            GlobalEnqueueWatch.note(job)
            if let previous = GlobalEnqueueWatch.previous { previous(job, original) } else { original(job) }
        }
        return true
    }

    private static func note(_ job: UnownedJob) {
        // A recorder reads the count around a delivery (see UntrackedHandoffs).
        hr_dispatch_watch_note_handoff()
        guard let lease = ReplayContext.lease, !ReplayContext.isEngineWork else { return }
        let enqueued = unsafeBitCast(job, to: UnsafeRawPointer.self)
        let current = withUnsafeCurrentTask { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
        // A task resuming itself is work the lease already covers.
        guard current != enqueued else { return }
        lease.engine.noteEnqueue(enqueued)
    }
}
