#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The identity of the task running the caller, unique for the life of the process.
///
/// The recorder keys per-task causes by it. `UnsafeCurrentTask` compares
/// tasks by address, and a task that has ended may leave its address to a
/// new one, which would inherit the old task's answers; the concurrency
/// runtime numbers every task instead (`swift_task_getJobTaskId`, exported
/// since Swift 5.9, the number `UnownedJob.description` prints). The two
/// entry points are looked up once at run time, so a runtime without them
/// (Apple platforms before macOS 14 and iOS 17, a statically linked Linux
/// executable that does not export them) falls back to the address, with
/// that limitation.
enum CurrentTask {
    /// A task's number, or its address hashed where the runtime does not number tasks.
    struct ID: Hashable, Sendable {
        let value: UInt64
    }

    /// Whether tasks are told apart by the runtime's numbers rather than by address.
    static var isNumberedByRuntime: Bool { RuntimeTaskIDs.shared != nil }

    /// The current task's identity; `nil` on a thread that runs no task.
    static var id: ID? {
        if let runtime = RuntimeTaskIDs.shared {
            guard let task = runtime.current() else { return nil }
            return ID(value: runtime.taskID(task))
        }
        return withUnsafeCurrentTask { task in task.map { ID(value: UInt64(UInt(bitPattern: $0.hashValue))) } }
    }

    /// The current task's identity when it is a structured child task (an
    /// `async let`, a child of a task group), which runs at the same time as
    /// its siblings; `nil` for any other task, outside a task, or where the
    /// runtime's task header cannot be read.
    ///
    /// Swift has no API for this. The runtime's job header is ABI: after the
    /// heap object header (two words) come two words private to the
    /// scheduler, then the job's 32-bit flags and its 32-bit number. The
    /// flags' low byte is the job's kind (0 for a task) and bit 24 marks a
    /// child task (`JobFlags::Task_IsChildTask` in the runtime's
    /// `MetadataValues.h`). The number read there is checked against the one
    /// `swift_task_getJobTaskId` returns, so a runtime laid out otherwise
    /// reads as "not a child" (effects keep their recorded order) rather than
    /// as garbage.
    static var structuredChild: ID? {
        guard let task = RuntimeTaskIDs.shared?.current(), let header = header(ofJob: task), header.isChild else {
            return nil
        }
        return header.task
    }

    /// Whether `job`, a job being handed to an executor, is a structured
    /// child task's; `false` where that cannot be read (see ``structuredChild``).
    static func isStructuredChild(_ job: UnsafeRawPointer) -> Bool {
        header(ofJob: job)?.isChild == true
    }

    /// What the job header of `job` says (see ``structuredChild``): the
    /// identity of its task, and whether that is a structured child task;
    /// `nil` when the job is not a task's (an actor's, a continuation's) or
    /// the header cannot be read.
    static func header(ofJob job: UnsafeRawPointer) -> (task: ID, isChild: Bool)? {
        guard let runtime = RuntimeTaskIDs.shared else { return nil }
        let word = MemoryLayout<UnsafeRawPointer>.size
        let flags = job.load(fromByteOffset: 4 * word, as: UInt32.self)
        // The low byte is the job's kind: only a task (0) has a number and child flags.
        guard flags & 0xFF == 0 else { return nil }
        let number = runtime.taskID(UnsafeMutableRawPointer(mutating: job))
        guard job.load(fromByteOffset: 4 * word + 4, as: UInt32.self) == UInt32(truncatingIfNeeded: number) else {
            return nil
        }
        return (ID(value: number), flags & (1 << 24) != 0)
    }
}

/// The concurrency runtime's entry points for the current task and its number.
///
/// Both are `SWIFT_CC(swift)` functions of one pointer argument returning a
/// pointer or an integer, which the C convention passes in the same registers.
private struct RuntimeTaskIDs: Sendable {
    typealias Current = @convention(c) () -> UnsafeMutableRawPointer?
    typealias TaskID = @convention(c) (UnsafeMutableRawPointer) -> UInt64

    let current: Current
    let taskID: TaskID

    static let shared: RuntimeTaskIDs? = {
        guard let current = processSymbol("swift_task_getCurrent"), let taskID = processSymbol("swift_task_getJobTaskId")
        else { return nil }
        return RuntimeTaskIDs(
            current: unsafeBitCast(current, to: Current.self), taskID: unsafeBitCast(taskID, to: TaskID.self))
    }()
}

/// The address of `name` wherever the process defines it (`RTLD_DEFAULT`), or `nil`.
func processSymbol(_ name: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin)
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    return dlsym(everywhere, name)
}
