/// The scheduler: plays the cassette against the implementation until every
/// stimulus is delivered and every effect has happened, or it diverges.
extension ReplayEngine {
    /// Plays the cassette, then ends the run.
    func run() async {
        while !isStopped {
            if let stimulus = readyStimulus() {
                if let deadline = earliestSleeper, deadline <= stimulus.at {
                    // Let what runs now settle before time moves, so wake-ups happen in one order.
                    await settle()
                    if !isStopped { wakeEarliestSleepers() }
                    continue
                }
                deliver(stimulus)
                continue
            }
            let seen = activity
            for _ in 0..<20 { await Task.yield() }
            if activity != seen { continue }
            if let deadline = earliestSleeper, deadline <= virtualLimit {
                await settle()
                if isStopped { break }
                if readyStimulus() == nil { wakeEarliestSleepers() }
                continue
            }
            guard hasObligations else { break }
            if await waitForActivity(since: seen, timeout: options.stallTimeout) { continue }
            reportStuck()
        }
        await finish()
    }

    /// The virtual time past which the clock no longer moves for sleepers:
    /// an hour after the cassette's last event, so polling loops end.
    private var virtualLimit: Double { (cassette.events.last?.at ?? 0) + 3600 }

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
            }
            let others = eligibleEffects(state: state).filter { effect in !unsettled.contains { $0.id == effect.id } }
            return (
                unsettled + others, (stimuli.count - state.nextStimulus) + (effectIDs.count - state.matched.count),
                state.now
            )
        }
        let waited = "the implementation was idle for \(options.stallTimeout) of real time at \(CanonicalNumber.text(now)) s on the cassette's clock"
        var issues: [ReplayIssue] = []
        for effect in due.prefix(3) {
            if let decision = effect.payload(as: NavigationDecision.self), let cause = effect.cause {
                issues.append(
                    ReplayIssue(
                        kind: .decisionMissing, eventID: cause, eventKind: NavigationAction.eventKind,
                        message: "Completion handler passed to decidePolicy(for:decisionHandler:) was not called for navigation action \(actionText(cause)); the recording decided \(decision.policy) in event \(effect.id)"))
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
    /// with cancellation, and waits for the implementation's tracked work.
    private func finish() async {
        if !isStopped { await settle() }
        let (handlers, sleepers, tasks) = state.withLock { state in
            state.ended = true
            let handlers = Array(state.answerHandlers.values)
            state.answerHandlers = [:]
            let sleepers = state.sleepers.map(\.continuation)
            state.sleepers = []
            return (handlers, sleepers, state.tasks)
        }
        for handler in handlers { handler(nil) }
        for sleeper in sleepers { sleeper.resume(throwing: CancellationError()) }
        for task in tasks { task.cancel() }
        let stall = options.stallTimeout
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for task in tasks { await task.value }
            }
            group.addTask { try? await Task.sleep(for: stall) }
            await group.next()
            group.cancelAll()
        }
        if issues.isEmpty { await settle() }
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

    /// The run's effects in cassette order with volatile values put back to
    /// their recorded form: equal for two runs that behaved the same.
    func traceSignature() -> [String] {
        state.withLock { state in
            let effects = state.trace.filter { $0.payload.direction == .effect }
            let ordered = effects.enumerated().sorted { left, right in
                (left.element.eventID ?? Int.max, left.offset) < (right.element.eventID ?? Int.max, right.offset)
            }
            return ordered.map { _, entry in
                let text = CanonicalPrinter.compactText(PayloadComparison.tree(of: entry.payload).json)
                return "\(entry.eventID.map(String.init) ?? "unmatched") \(entry.payload.kind) \(state.bindings.normalize(text))"
            }
        }
    }
}
