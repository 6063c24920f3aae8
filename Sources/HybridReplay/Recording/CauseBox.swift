/// The stimulus that app code is currently reacting to, shared by every task
/// the reaction spawns.
///
/// When the recorder delivers a stimulus into app code it binds a fresh box
/// holding the stimulus's id to ``current`` for the duration of the call;
/// tasks the app code starts inherit the binding, so effects they make,
/// however late, are recorded with that stimulus as their `cause`. When a
/// seam call hands an answer back to app code (a JavaScript result, an HTTP
/// response, a cookie list), the box's value moves to the answer: what the
/// code does next is a reaction to the answer. A box is a reference so
/// that move is seen by the code that made the call, which a task-local
/// value alone cannot offer.
final class CauseBox: Sendable {
    /// The box bound to the current task, if a recorder delivered a stimulus into it.
    @TaskLocal static var current: CauseBox?

    /// The recorder whose event ids the box holds; a box of another
    /// recorder is ignored, since its ids mean nothing here. `nil` for a
    /// recorder's root box, which is never bound to a task.
    let owner: ObjectIdentifier?
    private let stimulus: Locked<Int?>

    /// - Parameters:
    ///   - owner: The recorder the ids belong to.
    ///   - stimulusID: The stimulus being reacted to; `nil` for app code's own initiative.
    init(owner: ObjectIdentifier?, stimulusID: Int?) {
        self.owner = owner
        self.stimulus = Locked(stimulusID)
    }

    /// The id of the stimulus effects are attributed to.
    var stimulusID: Int? {
        get { stimulus.current }
        set { stimulus.withLock { $0 = newValue } }
    }
}
