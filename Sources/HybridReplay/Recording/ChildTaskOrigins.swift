/// The task that created each structured child task, seen where a runtime
/// watch is in (``GlobalEnqueueWatch``'s hook), while a recorder is alive.
///
/// A child task (`async let`, a task group's child) is handed to the
/// global executor by the task that creates it, on that task's thread, so
/// the hook sees both: the child's job, marked a child in its header
/// (``CurrentTask/structuredChild``), and the current task, its parent.
/// The recorder uses it for a parent that makes a call after creating a
/// child and before that child's last call (``Strands``): the parent has not
/// had the child's result yet, so the two ran at the same time even when
/// every answer came at once and no call was ever in flight beside another.
///
/// Each creation gets a number from one sequence, and the recorder notes the
/// sequence's value with each effect, so it can tell a parent's calls made
/// after a creation from those made before it. Nothing is kept while no
/// recorder is alive.
package enum ChildTaskOrigins {
    /// Where a child task came from.
    struct Origin: Sendable, Equatable {
        /// The task that created it.
        let parent: CurrentTask.ID
        /// The sequence's value when it was created.
        let stamp: UInt64
    }

    private struct State {
        var recorders = 0
        var sequence: UInt64 = 0
        var origins: [CurrentTask.ID: Origin] = [:]
    }

    private static let state = Locked(State())

    /// Notes that `job` is being handed to an executor by the current task.
    ///
    /// Called from inside the runtime's enqueue, on the enqueuing thread: it
    /// takes only this type's lock. Only a child task's first enqueue counts
    /// (later ones are resumptions), and only while a recorder is alive.
    package static func noteEnqueue(_ job: UnsafeRawPointer) {
        guard state.withLock({ $0.recorders > 0 }), let child = CurrentTask.structuredChild(ofJob: job),
            let parent = CurrentTask.id, parent != child
        else { return }
        state.withLock { state in
            guard state.recorders > 0, state.origins[child] == nil else { return }
            state.sequence += 1
            state.origins[child] = Origin(parent: parent, stamp: state.sequence)
        }
    }

    /// The sequence's value now: every creation noted so far has a stamp at or below it.
    static var stamp: UInt64 { state.withLock { $0.sequence } }

    /// Where each of `tasks` came from, for those that are children seen created.
    static func origins(of tasks: some Sequence<CurrentTask.ID>) -> [CurrentTask.ID: Origin] {
        state.withLock { state in
            var found: [CurrentTask.ID: Origin] = [:]
            for task in tasks { if let origin = state.origins[task] { found[task] = origin } }
            return found
        }
    }

    /// A recorder began: creations are noted from now on.
    static func recorderBegan() {
        state.withLock { $0.recorders += 1 }
    }

    /// A recorder ended; when it was the last, what was noted is let go.
    static func recorderEnded() {
        state.withLock { state in
            state.recorders -= 1
            if state.recorders <= 0 {
                state.recorders = 0
                state.origins = [:]
            }
        }
    }
}
