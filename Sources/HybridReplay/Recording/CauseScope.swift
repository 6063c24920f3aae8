/// The stimulus app code is reacting to, bound to the task (or thread) that
/// runs the reaction; immutable, so every task sees the binding it was started with.
///
/// When the recorder delivers a stimulus into app code (a message, a
/// navigation action, a fix, an answer passed to a completion handler or a
/// redirect delegate) it binds a fresh scope naming that stimulus to
/// ``current`` for the duration of the call. Effects made inside the call,
/// and in tasks started inside it (`Task {}`, `async let`, task groups, which
/// inherit task-locals), are caused by that stimulus. A detached task
/// inherits nothing: its effects have no cause until it awaits an answer.
///
/// An answer a seam call *returns* to the task that awaited it (an HTTP
/// response, a cookie list, a JavaScript result) cannot rebind the caller's
/// task-locals, so the recorder keeps it per task and per scope
/// (``Recorder/answered(_:by:)``): the awaiting task's later effects in that
/// scope are caused by the answer, and no other task's are.
final class CauseScope: Sendable {
    /// The scope bound to the current task, if a recorder delivered a stimulus into it.
    @TaskLocal static var current: CauseScope?

    /// The recorder whose event ids the scope holds; a scope of another
    /// recorder is ignored, since its ids mean nothing here.
    let owner: ObjectIdentifier
    /// The stimulus being reacted to.
    let stimulusID: Int
    /// The task the stimulus was delivered in, if any: its effects during the
    /// delivery are the handler's own, never a concurrent child's.
    let deliveringTask: CurrentTask.ID?

    /// When it was bound: a ``TaskHandoffs`` stamp, compared with the task's
    /// later wake-ups and answers (``Recorder/currentCause``).
    let stamp: UInt64

    /// The recorder, while it records: asked for the cause a block handed to
    /// Dispatch carries (see ``carried()``).
    private weak let recorder: Recorder?

    init(owner: Recorder, stimulusID: Int, deliveringTask: CurrentTask.ID? = nil) {
        self.owner = ObjectIdentifier(owner)
        self.recorder = owner
        self.stimulusID = stimulusID
        self.deliveringTask = deliveringTask
        self.stamp = TaskHandoffs.nextStamp()
    }

    /// The scope a block handed to Dispatch here runs in (see ``CarriedWork``):
    /// the current scope, or, where the current task has since awaited an
    /// answer or been woken by another stimulus, a scope for what it reacts
    /// to now — the render a task hands to `DispatchQueue.main.async` after
    /// awaiting a price is caused by the price, as it is when the task makes
    /// the call itself.
    ///
    /// A task with no scope (a `Task.detached`) that awaited an answer hands
    /// on that answer too: the recorder that answered it says so.
    static func carried() -> CauseScope? {
        guard CurrentTask.id != nil else { return current }
        guard let scope = current else {
            for recorder in TaskHandoffs.recorders {
                if let cause = recorder.currentCause { return CauseScope(owner: recorder, stimulusID: cause) }
            }
            return nil
        }
        guard let recorder = scope.recorder, let cause = recorder.currentCause, cause != scope.stimulusID
        else { return scope }
        return CauseScope(owner: recorder, stimulusID: cause)
    }
}

/// Where app code made a seam call whose answer it awaits: the task and the
/// scope it was in, so the answer becomes the cause of what that task does
/// next in that scope.
struct CallSite: Sendable {
    /// The calling task; `nil` when the call was not made from a task.
    var task: CurrentTask.ID?
    /// The scope the call was made in; `nil` for app code's own initiative.
    var scope: CauseScope?
}

/// Per task and scope, the last answer a seam call returned there.
struct AwaitedAnswers: Sendable {
    private struct Key: Hashable {
        var task: CurrentTask.ID
        var scope: ObjectIdentifier?
    }

    private struct Entry {
        /// Kept so that the scope's identity cannot be reused while the entry exists.
        var scope: CauseScope?
        var answerID: Int
        var stamp: UInt64
    }

    private var entries: [Key: Entry] = [:]

    /// The answer the task last awaited in `scope`, if any, with the
    /// ``TaskHandoffs`` stamp of when it reached the task.
    func answer(task: CurrentTask.ID, scope: CauseScope?) -> (id: Int, stamp: UInt64)? {
        entries[Key(task: task, scope: scope.map(ObjectIdentifier.init))].map { ($0.answerID, $0.stamp) }
    }

    /// Notes that the task of `site` received `answerID` (at `stamp`).
    mutating func note(_ answerID: Int, at site: CallSite, stamp: UInt64 = 0) {
        guard let task = site.task else { return }
        entries[Key(task: task, scope: site.scope.map(ObjectIdentifier.init))] =
            Entry(scope: site.scope, answerID: answerID, stamp: stamp)
    }
}
