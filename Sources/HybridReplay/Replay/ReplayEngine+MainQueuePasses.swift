/// Main-queue barriers handed over behind a delivery, so that the settling
/// before the next stimulus finds them passed.
///
/// Where main-queue blocks are not counted (the `cassette` tool, Apple
/// platforms), a settling passes ``ReplayEngine/quietMainQueuePasses``
/// barriers whenever the implementation has run since barriers last found
/// the main queue quiet, and each time that costs the scheduler a hand-off to
/// the main queue and one back. Right after a delivery on the main actor the
/// scheduler is there already: it hands the main queue the same chain of
/// barriers and goes on without waiting for them. If nothing of the
/// implementation happens until the chain has passed, the chain notes the
/// main queue quiet at that point exactly as a settling's passes would, and
/// the next settling, finding nothing run since, passes none. If anything
/// happens first, the chain notes nothing and the settling passes its own;
/// if the settling comes before the chain has passed, its own passes follow
/// the chain on a main queue that is still awake, which saves the wake-up of
/// a parked thread (measured in docs/performance.md).
extension ReplayEngine {
    /// Hands the main queue, behind what the delivery just handed it, the
    /// barriers a settling would pass next, when the tracked work is idle and
    /// the main queue was not found quiet at this point yet.
    ///
    /// Called on the main actor at the end of a delivery; it never waits.
    func passMainQueueBehindDelivery() {
        guard MainQueueBarrier.enqueued == nil else { return }
        let mark = state.withLock { state in
            state.work.isIdle() && state.work.mark != state.work.quietMainQueue ? state.work.mark : nil
        }
        guard let mark else { return }
        MainQueueBarrier.enqueue(Self.quietMainQueuePasses) {
            // As a settling's passes: quiet only if no work of the implementation ran meanwhile.
            self.state.withLock { state in
                if state.work.mark == mark { state.work.quietMainQueue = mark }
            }
        }
    }
}
