/// Which task created or woke which, seen where a runtime watch is in (the
/// concurrency runtime's enqueue hooks, for the global executor and the main
/// actor), while a recorder is alive.
///
/// A task is handed to an executor on the thread of whatever makes it run:
/// the code that creates it (`Task {}`, `Task.detached`, an `async let`),
/// and later whatever resumes it (a continuation resumed, an
/// `AsyncStream` element yielded to a task waiting in `for await`). The
/// hook sees the task being handed over, the task running on that thread,
/// and that thread's ``CauseScope``. The recorder uses both:
///
/// - **Wake-ups**: a task woken by code reacting to a stimulus reacts to
///   that stimulus next, until it awaits an answer of its own or a scope is
///   bound to it later (being created is not a wake-up: a task inherits its
///   creator's scope, a detached one none). A
///   consumer started in `init` that drains an `AsyncStream` the message
///   handler yields into is woken by each message's delivery, so what it
///   does next is caused by that message, not by the answer it awaited for
///   the message before (``Recorder/currentCause``).
/// - **Origins**: which task created a task, in which scope, and whether it
///   is a structured child. ``Strands`` lets a parent's effects made after
///   creating a child (and before the child's last effect) interleave with
///   the child's, and unstructured tasks created side by side in one
///   delivery off the main actor interleave with each other.
///
/// Each note gets a number from one sequence (its *stamp*), and the recorder
/// stamps what it needs to compare with them: the effects it records, the
/// answers tasks await. Nothing is kept while no recorder is alive.
package enum TaskHandoffs {
    /// Where a task came from: the first time it was handed to an executor.
    struct Origin: Sendable {
        /// The task that created it; `nil` when it was created outside a task.
        let creator: CurrentTask.ID?
        /// The scope of the code that created it, if a recorder was delivering a stimulus there.
        let scope: CauseScope?
        /// Whether it is a structured child task (`async let`, a task group's child).
        let isChild: Bool
        /// Whether it was first handed to the main actor rather than the global executor.
        let onMain: Bool
        let stamp: UInt64
    }

    /// The last time code reacting to a stimulus handed a task it had not created to an executor.
    struct Wakeup: Sendable {
        let scope: CauseScope
        let stamp: UInt64
    }

    private struct WeakRecorder: Sendable {
        weak var recorder: Recorder?
    }

    private struct State {
        /// The recorders alive now, by identity.
        var recorders: [ObjectIdentifier: WeakRecorder] = [:]
        var sequence: UInt64 = 0
        var origins: [CurrentTask.ID: Origin] = [:]
        var wakeups: [CurrentTask.ID: Wakeup] = [:]
    }

    private static let state = Locked(State())

    /// Notes that `job` is being handed to an executor (the main actor when
    /// `onMain`) by the current thread.
    ///
    /// Called from inside the runtime's enqueue, on the enqueuing thread: it
    /// reads the thread's task-local scope and takes only this type's lock.
    /// A task handing itself on (after a suspension) is not a handoff.
    package static func noteEnqueue(_ job: UnsafeRawPointer, onMain: Bool) {
        guard state.withLock({ !$0.recorders.isEmpty }), let (task, isChild) = CurrentTask.header(ofJob: job) else { return }
        let current = CurrentTask.id
        guard current != task else { return }
        let scope = CauseScope.current
        state.withLock { state in
            guard !state.recorders.isEmpty else { return }
            state.sequence += 1
            guard state.origins[task] != nil else {
                // Created: it inherits its creator's scope (a detached task, none), which says the rest.
                state.origins[task] = Origin(
                    creator: current, scope: scope, isChild: isChild, onMain: onMain, stamp: state.sequence)
                return
            }
            if let scope { state.wakeups[task] = Wakeup(scope: scope, stamp: state.sequence) }
        }
    }

    /// The sequence's value now: every note made so far has a stamp at or below it.
    static var stamp: UInt64 { state.withLock { $0.sequence } }

    /// A stamp above every note made so far, for something that happens now,
    /// such as an answer reaching the task that awaited it.
    static func nextStamp() -> UInt64 {
        state.withLock { state in
            state.sequence += 1
            return state.sequence
        }
    }

    /// The last wake-up of `task` by code reacting to a stimulus, if any.
    static func wakeup(of task: CurrentTask.ID) -> Wakeup? {
        state.withLock { $0.wakeups[task] }
    }

    /// Where each of `tasks` came from, for those seen created.
    static func origins(of tasks: some Sequence<CurrentTask.ID>) -> [CurrentTask.ID: Origin] {
        state.withLock { state in
            var found: [CurrentTask.ID: Origin] = [:]
            for task in tasks { if let origin = state.origins[task] { found[task] = origin } }
            return found
        }
    }

    /// `recorder` began: handoffs are noted from now on.
    static func recorderBegan(_ recorder: Recorder) {
        state.withLock { $0.recorders[ObjectIdentifier(recorder)] = WeakRecorder(recorder: recorder) }
    }

    /// The recorder `identity` ended; when it was the last, what was noted is let go.
    static func recorderEnded(_ identity: ObjectIdentifier) {
        state.withLock { state in
            state.recorders[identity] = nil
            if state.recorders.isEmpty {
                state.origins = [:]
                state.wakeups = [:]
            }
        }
    }

    /// The recorders alive now.
    static var recorders: [Recorder] {
        state.withLock { $0.recorders.values.compactMap(\.recorder) }
    }
}
