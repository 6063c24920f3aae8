import CDispatchWatch
import HybridReplay

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One of the concurrency runtime's process-wide enqueue hooks: a slot the
/// runtime calls, when it holds a hook, each time a job is handed to an
/// executor, on the thread that hands it over.
///
/// Other code writes the same slots (TCA's `useMainSerialExecutor` writes the
/// global one), so ours calls the hook it found there, and taking ours out
/// puts that one back. Only ``RuntimeWatchInstallation`` installs and
/// restores them, under its lock.
struct EnqueueHook: @unchecked Sendable {
    typealias Enqueue = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Enqueue) -> Void

    /// `swift_task_enqueueGlobal_hook`: jobs handed to the global executor.
    /// Ours tells the replay, and the recorder, then hands the job on.
    static let global: EnqueueHook = EnqueueHook(
        symbol: "swift_task_enqueueGlobal_hook",
        ours: { job, original in
            // A recorder reads the thread's handoffs around a delivery (see UntrackedHandoffs).
            hr_dispatch_watch_note_handoff()
            GlobalEnqueueWatch.noteEnqueue(job)
            TaskHandoffs.noteEnqueue(unsafeBitCast(job, to: UnsafeRawPointer.self), onMain: false)
            EnqueueHook.global.handOn(job, original)
        },
        previous: hr_enqueue_hook_previous, setPrevious: hr_enqueue_hook_set_previous)

    /// `swift_task_enqueueMainExecutor_hook`: jobs handed to the main actor.
    /// Ours tells the recorder which task woke which (``TaskHandoffs``), then hands the job on.
    static let main: EnqueueHook = EnqueueHook(
        symbol: "swift_task_enqueueMainExecutor_hook",
        ours: { job, original in
            TaskHandoffs.noteEnqueue(unsafeBitCast(job, to: UnsafeRawPointer.self), onMain: true)
            EnqueueHook.main.handOn(job, original)
        },
        previous: hr_main_enqueue_hook_previous, setPrevious: hr_main_enqueue_hook_set_previous)

    /// The runtime's slot, or `nil` where the runtime exports none.
    let slot: UnsafeMutablePointer<Hook?>?
    private let ours: Hook
    /// The hook found in the slot when ours went in, which ours calls.
    ///
    /// Written only while ours is out of the slot, and never cleared: a
    /// thread still inside ours after it was taken out calls the right one.
    /// Such a thread may read it while ours goes in again and writes it, so
    /// it is kept in a C atomic (ThreadSanitizer reported a plain variable).
    private let previous: @convention(c) () -> UnsafeRawPointer?
    private let setPrevious: @convention(c) (UnsafeRawPointer?) -> Void

    private init(
        symbol: String, ours: Hook, previous: @escaping @convention(c) () -> UnsafeRawPointer?,
        setPrevious: @escaping @convention(c) (UnsafeRawPointer?) -> Void
    ) {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        slot = dlsym(everywhere, symbol)?.assumingMemoryBound(to: Hook?.self)
        self.ours = ours
        self.previous = previous
        self.setPrevious = setPrevious
    }

    /// Hands `job` to the hook ours found, or to the runtime, as the slot would have.
    private func handOn(_ job: UnownedJob, _ original: Enqueue) {
        if let found = previous() { unsafeBitCast(found, to: Hook.self)(job, original) } else { original(job) }
    }

    /// Puts ours in the slot, chained to the hook there now.
    ///
    /// - Returns: Whether the runtime has the slot.
    @discardableResult
    func install() -> Bool {
        guard let slot else { return false }
        let found = slot.pointee
        // Still in: a hook written over ours when it was last taken out has put ours back.
        if let found, isOurs(found) { return true }
        setPrevious(found.map { unsafeBitCast($0, to: UnsafeRawPointer.self) })
        slot.pointee = ours
        return true
    }

    /// Puts back the hook ours found, if the slot still holds ours.
    ///
    /// A hook written over ours since is left where it is: the slot is its
    /// owner's to restore, and it may be calling ours.
    func restore() {
        guard let slot, let found = slot.pointee, isOurs(found) else { return }
        slot.pointee = previous().map { unsafeBitCast($0, to: Hook.self) }
    }

    private func isOurs(_ hook: Hook) -> Bool {
        unsafeBitCast(hook, to: UnsafeRawPointer.self) == unsafeBitCast(ours, to: UnsafeRawPointer.self)
    }
}
