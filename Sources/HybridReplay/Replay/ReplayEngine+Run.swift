/// The scheduler: plays the cassette against the implementation until every
/// stimulus is delivered and every effect has happened, or it diverges.
extension ReplayEngine {
    /// Plays the cassette, then ends the run.
    func run() async {
        // Set-up may finish registering its handlers in tasks of its own.
        await settle()
        while !isStopped {
            // Read before looking for work: an effect that makes a stimulus ready
            // after the look must still count as activity to the waits below.
            let seen = activity
            if let stimulus = readyStimulus() {
                if stimulus.at > now {
                    // Timers the last stimulus started must register before time moves.
                    await yieldUntilStill()
                    if isStopped { break }
                    // A timer due before the stimulus fires first; one due at the same
                    // moment fires after it, since its effects were recorded later.
                    if let deadline = earliestSleeper, deadline < stimulus.at {
                        await settle()
                        if !isStopped { wakeEarliestSleepers() }
                        continue
                    }
                }
                deliver(stimulus)
                continue
            }
            for _ in 0..<20 { await Task.yield() }
            if activity != seen { continue }
            // With nothing left to happen the run is over: the clock no longer moves.
            guard hasObligations else { break }
            if let deadline = earliestSleeper, !hasDueEffect(recordedBefore: deadline) {
                await settle()
                if isStopped { break }
                if readyStimulus() == nil { wakeEarliestSleepers() }
                continue
            }
            if await failUnansweredCalls() { continue }
            if await waitForActivity(since: seen, timeout: options.stallTimeout) { continue }
            // When the machine is starved, the timer and the implementation's tasks
            // wake together: let those run before calling anything missing.
            await settle()
            if activity != seen || readyStimulus() != nil { continue }
            reportStuck()
        }
        await finish()
    }

    /// Whether an effect that is due was recorded before `deadline`: the
    /// clock must not jump past it while the implementation may still make it.
    private func hasDueEffect(recordedBefore deadline: Double) -> Bool {
        state.withLock { state in eligibleEffects(state: state).contains { $0.at < deadline } }
    }

    /// Fails the calls whose effects the cassette records without an answer —
    /// a request that failed while recording — once the implementation is
    /// idle, so it can go on as it did then. Returns whether there were any.
    private func failUnansweredCalls() async -> Bool {
        let pending = state.withLock { state in state.answerHandlers.keys.contains { answerForEffect[$0] == nil } }
        guard pending else { return false }
        await settle()
        let handlers = state.withLock { state -> [@Sendable (Event?) -> Void] in
            let unanswered = state.answerHandlers.keys.filter { answerForEffect[$0] == nil }
            state.activity += 1
            return unanswered.sorted().compactMap { state.answerHandlers.removeValue(forKey: $0) }
        }
        for handler in handlers { handler(nil) }
        return !handlers.isEmpty
    }

    /// Reports the effects that were due when the implementation went idle.
    private func reportStuck() {
        let (due, remaining, now) = state.withLock { state in
            // Unsettled decisions and replies come first: they are what WebKit would crash or hang on.
            let unsettled = effectIDs.compactMap { self.event($0) }.filter { effect in
                guard !state.matched.contains(effect.id), let cause = effect.cause, state.delivered.contains(cause) else {
                    return false
                }
                return effect.kind == NavigationDecision.eventKind && state.decisions[cause] == nil
                    || effect.kind == ScriptReply.eventKind && state.replies[cause] == nil
                    || effect.kind == NavigationResponseDecision.eventKind && state.responseDecisions[cause] == nil
            }
            let others = eligibleEffects(state: state).filter { effect in !unsettled.contains { $0.id == effect.id } }
            return (
                unsettled + others, (stimuli.count - state.nextStimulus) + (effectIDs.count - state.matched.count),
                state.now
            )
        }
        var waited = "the implementation was idle for \(options.stallTimeout) of real time at \(CanonicalNumber.text(now)) s on the cassette's clock"
        if let deadline = earliestSleeper {
            waited += ", waiting on the replay clock until \(CanonicalNumber.text(deadline)) s"
        }
        var issues: [ReplayIssue] = []
        for effect in due.prefix(3) {
            if let decision = effect.payload(as: NavigationDecision.self), let cause = effect.cause {
                issues.append(
                    ReplayIssue(
                        kind: .decisionMissing, eventID: cause, eventKind: NavigationAction.eventKind,
                        message: "Completion handler passed to decidePolicy(for:decisionHandler:) was not called for navigation action \(actionText(cause)); the recording decided \(decision.policy) in event \(effect.id)"))
            } else if let decision = effect.payload(as: NavigationResponseDecision.self), let cause = effect.cause {
                issues.append(missingResponseDecision(decision, eventID: effect.id, cause: cause))
            } else if let reply = effect.payload(as: ScriptReply.self), let cause = effect.cause {
                issues.append(
                    ReplayIssue(
                        kind: .replyMissing, eventID: cause, eventKind: ScriptMessage.eventKind,
                        message: "the page awaits a reply to this message and none was sent; the recording replied \(reply.summary) in event \(effect.id)"))
            } else {
                let after = effect.cause.map { " after \(describe($0))" } ?? ""
                issues.append(
                    ReplayIssue(
                        kind: .missingEffect, eventID: effect.id, eventKind: effect.kind,
                        message: "expected effect did not happen\(after): \(effect.payload.summary.isEmpty ? "\(effect.kind)" : effect.payload.summary); \(waited)"))
            }
        }
        if issues.isEmpty {
            issues.append(ReplayIssue(kind: .missingEffect, eventID: nil, eventKind: nil, message: "the replay stalled; \(waited)"))
        }
        let unreported = remaining - issues.count
        if unreported > 0 { issues[issues.count - 1].message += " (\(unreported) later events were not replayed)" }
        for issue in issues { fail(issue) }
    }

    /// Ends the run: fails calls still waiting for answers, wakes sleepers
    /// with cancellation, and waits a while for the implementation's tracked work.
    private func finish() async {
        // A stray effect made right after the last expected one still counts,
        // within the trailing quiet period.
        if !isStopped { await settle(quiet: options.trailingQuietPeriod) }
        let (handlers, sleepers, tasks) = state.withLock { state in
            state.ended = true
            let handlers = state.answerHandlers.sorted { $0.key < $1.key }.map(\.value)
            state.answerHandlers = [:]
            let sleepers = state.sleepers.map(\.continuation)
            state.sleepers = []
            return (handlers, sleepers, state.tasks)
        }
        for handler in handlers { handler(nil) }
        for sleeper in sleepers { sleeper.resume(throwing: CancellationError()) }
        for task in tasks { task.cancel() }
        await waitForTasks(tasks, atMost: options.stallTimeout)
    }

    /// Waits until `tasks` finish or `limit` passes, whichever comes first; a
    /// task that never returns is left behind rather than waited for.
    private func waitForTasks(_ tasks: [Task<Void, Never>], atMost limit: Duration) async {
        guard !tasks.isEmpty else { return }
        let once = Locked(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resume: @Sendable () -> Void = {
                if once.withLock({ done in defer { done = true }; return !done }) { continuation.resume() }
            }
            Task {
                for task in tasks { await task.value }
                resume()
            }
            Task {
                try? await Task.sleep(for: limit)
                resume()
            }
        }
    }

    /// What happened in this run, as a cassette: effects as the implementation
    /// made them, stimuli as they were delivered.
    func traceCassette() -> Cassette {
        let entries = state.withLock { $0.trace }
        var traceIDByEvent: [Int: Int] = [:]
        var events: [Event] = []
        for (index, entry) in entries.enumerated() {
            let id = index + 1
            var cause: Int?
            var answers: Int?
            if let eventID = entry.eventID {
                if entry.payload.direction == .stimulus || traceIDByEvent[eventID] == nil { traceIDByEvent[eventID] = id }
                let recorded = event(eventID)
                if let recordedCause = recorded?.cause { cause = traceIDByEvent[recordedCause] }
                if let answered = recorded?.answers { answers = traceIDByEvent[answered] }
            }
            if let knownCause = entry.knownCause { cause = traceIDByEvent[knownCause] }
            events.append(Event(id: id, at: entry.at, cause: cause, answers: answers, payload: entry.payload))
        }
        var header = cassette.header
        header.description = "What the implementation did when \(cassette.header.name) was replayed."
        header.recordedBy = RecordingTool(tool: "HybridReplay", engine: "replay")
        return Cassette(header: header, events: events)
    }
}
