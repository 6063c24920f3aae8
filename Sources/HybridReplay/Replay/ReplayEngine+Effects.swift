/// The effects app code makes, handed to the matcher.
extension ReplayEngine {
    /// Matches an effect app code just made and returns the cassette event it matched.
    ///
    /// - Parameters:
    ///   - payload: What app code did.
    ///   - knownCause: The stimulus the effect certainly belongs to, such as
    ///     the navigation action whose decision handler was called.
    ///   - cancellation: What the platform does to the call when the task
    ///     awaiting its answer is cancelled (see ``effectAwaitingAnswer(_:whenCancelled:)``).
    ///   - onAnswer: Called exactly once: with the recorded answer when it is
    ///     delivered, or with `nil` when there is none or the effect diverged.
    /// - Returns: The id of the matched cassette event, or `nil`.
    @discardableResult
    func effect(
        _ payload: any EventPayload, knownCause: Int? = nil, cancellation: CallCancellation? = nil,
        onAnswer: (@Sendable (Event?) -> Void)? = nil
    ) -> Int? {
        let hint = ReplayContext.stimulus
        let tracked = currentLease
        if tracked != nil { claimCurrentTask() }
        let lease = onAnswer == nil ? nil : tracked
        // Built before taking the lock, which the scheduler and other tasks wait for.
        let tree = PayloadComparison.tree(of: ComparedForm.of(payload))
        let (outcome, waiter, afterEnd) = state.withLock { state -> (ReplayMatcher.Outcome, (@Sendable () -> Void)?, Bool) in
            let afterEnd = state.matcher.ended
            if tracked == nil, !state.matcher.ended {
                // Made from Task.detached, Dispatch or a thread: named if the replay stalls.
                state.work.noteUntracked(payload)
            }
            let outcome = state.matcher.effect(payload, tree: tree, knownCause: knownCause, hint: hint, at: state.clock.now)
            switch outcome {
            case .matched(let id):
                if let onAnswer {
                    state.answers[id] = AnswerHandler(
                        lease: lease, handler: onAnswer, executor: .forAnswer(to: payload), cancellation: cancellation)
                    state.work.beginWait(lease)
                }
                // Matched: the scheduler is woken only if this lets it move on.
                return (outcome, state.bumpForEffect(), afterEnd)
            case .unjudged:
                return (outcome, state.work.bump(), afterEnd)
            case .repeated, .diverged:
                // Counted now; the scheduler is woken by the failure, once the run has stopped.
                state.work.count()
                return (outcome, nil, afterEnd)
            }
        }
        waiter?()
        switch outcome {
        case .matched(let id):
            return id
        case .unjudged:
            break
        case .repeated(let settlement, let first, let cause, let unsettled):
            var issue = settlement.repeatedIssue(payload, first: first, cause: cause, unsettled: unsettled, in: script)
            // Made by work the replay follows once the end had failed its unanswered calls and cancelled
            // its waits: the second value may be the app's answer to that failure, not what it would send.
            issue.cameOnceWokenByEnd = afterEnd && tracked != nil
            fail(issue)
        case .diverged(let snapshot):
            // Made in a turn of the main queue: the run ends once that turn is done, before
            // anything enqueued after this moment (the answer this call now gets) runs.
            if MainQueue.isCurrent {
                let turn = MainTurnEnd()
                state.withLock { state in if state.stoppingTurn == nil { state.stoppingTurn = turn } }
                turn.markAfterCurrentTurn()
            }
            // Explained from the snapshot, outside the lock.
            fail(snapshot.divergence(for: payload, knownCause: knownCause, hint: hint))
        }
        // WebKit never calls a completion handler inside the call that takes it;
        // the task that calls it later is work of the implementation's, and calls
        // it where the platform calls back (the main actor for an evaluation),
        // as a matched call's answer is, wherever the call was made.
        if let onAnswer {
            let executor = DeliveryExecutor.forAnswer(to: payload)
            ReplayContext.$isEngineWork.withValue(true) {
                Task { await executor.run { ReplayContext.$isEngineWork.withValue(false) { onAnswer(nil) } } }
            }
        }
        return nil
    }

    /// Makes an effect whose recorded answer the caller awaits; `nil` when
    /// there is none or the effect diverged.
    ///
    /// - Parameter whenCancelled: For a seam whose platform fails a call
    ///   when the task awaiting it is cancelled, that failure (see
    ///   ``CallCancellation``); the task's cancellation is then followed.
    func effectAwaitingAnswer(_ payload: any EventPayload, whenCancelled: CallCancellation? = nil) async -> Event? {
        guard let cancellation = whenCancelled else {
            return await withCheckedContinuation { continuation in
                effect(payload) { continuation.resume(returning: $0) }
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                effect(payload, cancellation: cancellation) { continuation.resume(returning: $0) }
                // Sent from a task cancelled already: onCancel ran before the call was waiting.
                if cancellation.isCancelled { failCancelledCall(cancellation) }
            }
        } onCancel: {
            cancellation.cancel()
            failCancelledCall(cancellation)
            // A cancellation recorded as the answer may now be delivered.
            state.withLock { $0.work.bump() }?()
        }
    }

    /// Fails the call whose waiting task was cancelled with what the
    /// platform answers then, now, unless its recorded answer is that very
    /// failure (delivered in its turn) or it is no longer waiting; the
    /// recorded answer then reaches nobody, as an answer to a cancelled
    /// call does.
    private func failCancelledCall(_ cancellation: CallCancellation) {
        let cancelled = state.withLock { state -> (call: Int, handler: AnswerHandler)? in
            guard let (call, pending) = state.answers.first(where: { $0.value.cancellation === cancellation }) else {
                return nil
            }
            let recorded = script.answerForEffect[call].flatMap { script.event($0) }
            if let recorded, cancellation.isFailure(recorded.payload) { return nil }
            state.answers.removeValue(forKey: call)
            state.work.endWait(pending.lease)
            return (call, pending)
        }
        guard let cancelled else { return }
        let failure = Event(id: 0, at: 0, answers: cancelled.call, payload: cancellation.failure)
        // Resuming the task, as an answer does, is the engine's doing, and what it goes on to do is tracked work.
        ReplayContext.$isEngineWork.withValue(true) { withLease { cancelled.handler.handler(failure) } }
    }
}
