import CDispatchWatch
import HybridReplay

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The concurrency runtime's `swift_task_enqueueGlobal_hook`: a process-wide
/// slot the runtime calls, when it holds a hook, each time a job is handed to
/// the global executor, on the thread that hands it over.
///
/// Other code writes the same slot (TCA's `useMainSerialExecutor`, for one),
/// so ours calls the hook it found there, and taking ours out puts that one
/// back. Only ``RuntimeWatchInstallation`` calls these, under its lock.
enum EnqueueHook {
    typealias Enqueue = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Enqueue) -> Void

    /// The runtime's slot, or `nil` where the runtime exports none.
    nonisolated(unsafe) static let slot: UnsafeMutablePointer<Hook?>? = {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, "swift_task_enqueueGlobal_hook")?.assumingMemoryBound(to: Hook?.self)
    }()

    /// The hook found in the slot when ours went in, which ours calls.
    ///
    /// Written only while ours is out of the slot, and never cleared: a
    /// thread still inside ours after it was taken out calls the right one.
    /// Such a thread may read it while ours goes in again and writes it, so
    /// it is kept in an atomic (ThreadSanitizer reported the plain variable).
    private static var previous: Hook? {
        get { hr_enqueue_hook_previous().map { unsafeBitCast($0, to: Hook.self) } }
        set { hr_enqueue_hook_set_previous(newValue.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }) }
    }

    /// Ours: tells the replay, then hands the job on as the slot would have.
    nonisolated(unsafe) private static let ours: Hook = { job, original in
        // A recorder reads the thread's handoffs around a delivery (see UntrackedHandoffs).
        hr_dispatch_watch_note_handoff()
        GlobalEnqueueWatch.noteEnqueue(job)
        TaskHandoffs.noteEnqueue(unsafeBitCast(job, to: UnsafeRawPointer.self), onMain: false)
        if let previous = EnqueueHook.previous { previous(job, original) } else { original(job) }
    }

    /// Puts ours in the slot, chained to the hook there now.
    ///
    /// - Returns: Whether the runtime has the slot.
    static func install() -> Bool {
        guard let slot else { return false }
        let found = slot.pointee
        // Still in: a hook written over ours when it was last taken out has put ours back.
        if let found, isOurs(found) { return true }
        previous = found
        slot.pointee = ours
        return true
    }

    /// Puts back the hook ours found, if the slot still holds ours.
    ///
    /// A hook written over ours since is left where it is: the slot is its
    /// owner's to restore, and it may be calling ours.
    static func restore() {
        guard let slot, let found = slot.pointee, isOurs(found) else { return }
        slot.pointee = previous
    }

    private static func isOurs(_ hook: Hook) -> Bool {
        unsafeBitCast(hook, to: UnsafeRawPointer.self) == unsafeBitCast(ours, to: UnsafeRawPointer.self)
    }
}

/// The concurrency runtime's `swift_task_enqueueMainExecutor_hook`: the slot
/// the runtime calls each time a job is handed to the main actor, on the
/// thread that hands it over. Ours tells the recorder which task woke which
/// (``TaskHandoffs``) and hands the job on; it is chained and restored as
/// ``EnqueueHook`` is.
enum MainEnqueueHook {
    typealias Enqueue = EnqueueHook.Enqueue
    typealias Hook = EnqueueHook.Hook

    /// The runtime's slot, or `nil` where the runtime exports none.
    nonisolated(unsafe) static let slot: UnsafeMutablePointer<Hook?>? = {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, "swift_task_enqueueMainExecutor_hook")?.assumingMemoryBound(to: Hook?.self)
    }()

    private static var previous: Hook? {
        get { hr_main_enqueue_hook_previous().map { unsafeBitCast($0, to: Hook.self) } }
        set { hr_main_enqueue_hook_set_previous(newValue.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }) }
    }

    nonisolated(unsafe) private static let ours: Hook = { job, original in
        TaskHandoffs.noteEnqueue(unsafeBitCast(job, to: UnsafeRawPointer.self), onMain: true)
        if let previous = MainEnqueueHook.previous { previous(job, original) } else { original(job) }
    }

    /// Puts ours in the slot, chained to the hook there now.
    static func install() {
        guard let slot else { return }
        let found = slot.pointee
        if let found, isOurs(found) { return }
        previous = found
        slot.pointee = ours
    }

    /// Puts back the hook ours found, if the slot still holds ours.
    static func restore() {
        guard let slot, let found = slot.pointee, isOurs(found) else { return }
        slot.pointee = previous
    }

    private static func isOurs(_ hook: Hook) -> Bool {
        unsafeBitCast(hook, to: UnsafeRawPointer.self) == unsafeBitCast(ours, to: UnsafeRawPointer.self)
    }
}
