/// Matching the effects app code makes against the effects the cassette expects.
extension ReplayEngine {
    /// Matches an effect app code just made and returns the cassette event it matched.
    ///
    /// - Parameters:
    ///   - payload: What app code did.
    ///   - knownCause: The stimulus the effect certainly belongs to, such as
    ///     the navigation action whose decision handler was called.
    ///   - onAnswer: Called exactly once: with the recorded answer when it is
    ///     delivered, or with `nil` when there is none or the effect diverged.
    /// - Returns: The id of the matched cassette event, or `nil`.
    @discardableResult
    func effect(_ payload: any EventPayload, knownCause: Int? = nil, onAnswer: (@Sendable (Event?) -> Void)? = nil)
        -> Int?
    {
        let hint = ReplayContext.stimulus
        let tracked = currentLease
        if tracked != nil { claimCurrentTask() }
        let lease = onAnswer == nil ? nil : tracked
        // Built before taking the lock, which the scheduler and other tasks wait for.
        let tree = PayloadComparison.tree(of: ComparedForm.of(payload))
        let (matchedID, issue, waiter, answerNow) = state.withLock { state in
            state.trace.append(
                TraceEntry(payload: payload, at: state.now, eventID: nil, knownCause: knownCause, afterEnd: state.ended))
            if tracked == nil, !state.ended {
                // Made from Task.detached, Dispatch or a thread: named if the replay stalls.
                state.untrackedEffects += 1
                if state.firstUntrackedEffect == nil {
                    state.firstUntrackedEffect = "\(payload.kind)" + (payload.summary.isEmpty ? "" : " \(payload.summary)")
                }
            }
            if state.stopped || state.ended, noteLate(payload, tree: tree, state: &state) {
                return (Int?.none, ReplayIssue?.none, Self.bumpActivity(&state), true)
            }
            if state.ended { return (Int?.none, ReplayIssue?.none, Self.bumpActivity(&state), true) }
            if let knownCause, let repeated = repeatedSettlement(of: payload, cause: knownCause, state: &state) {
                return (nil, Optional(repeated), Self.bumpActivity(&state), true)
            }
            if let id = match(payload, tree: tree, knownCause: knownCause, hint: hint, state: &state) {
                state.trace[state.trace.count - 1].eventID = id
                if let onAnswer {
                    state.answerHandlers[id] = AnswerHandler(
                        lease: lease, handler: onAnswer, executor: .forAnswer(to: payload))
                    Self.beginWait(lease, &state)
                }
                // Matched: the scheduler is woken only if this lets it move on.
                return (Optional(id), nil, bumpActivityForEffect(&state), false)
            }
            let issue = divergence(for: payload, knownCause: knownCause, hint: hint, state: state)
            return (nil, issue, Self.bumpActivity(&state), true)
        }
        waiter?()
        if let issue { fail(issue) }
        // WebKit never calls a completion handler inside the call that takes it;
        // the task that calls it later is work of the implementation's.
        if answerNow, let onAnswer {
            ReplayContext.$isEngineWork.withValue(true) {
                Task { ReplayContext.$isEngineWork.withValue(false) { onAnswer(nil) } }
            }
        }
        return matchedID
    }

    /// Whether `payload` is an effect the run already reported missing: its
    /// issue then says that it came late, so the verdict never contradicts the trace.
    private func noteLate(_ payload: any EventPayload, tree: PayloadComparison.Tree, state: inout State) -> Bool {
        for (effectID, issueEventID) in state.judgedMissing.sorted(by: { $0.key < $1.key }) {
            guard let index = index(of: effectID), let recorded = event(effectID), recorded.kind == payload.kind,
                let expected = prepared.expected(at: index)
            else { continue }
            var scratch = state.bindings
            let comparison = PayloadComparison(placeholders: options.placeholders, eventID: effectID)
            guard comparison.differences(expected: expected, actual: tree, bindings: &scratch).isEmpty else { continue }
            state.judgedMissing[effectID] = nil
            let missingKinds: Set<ReplayIssue.Kind> = [.missingEffect, .decisionMissing, .replyMissing]
            guard let position = state.issues.firstIndex(where: { missingKinds.contains($0.kind) && $0.eventID == issueEventID })
            else { return true }
            state.issues[position].kind = .lateEffect
            state.issues[position].message =
                "the effect came after the replay had reported it missing, from work the replay could not see; it was reported as: "
                + state.issues[position].message
            return true
        }
        return false
    }

    /// Makes an effect whose recorded answer the caller awaits; `nil` when
    /// there is none or the effect diverged.
    func effectAwaitingAnswer(_ payload: any EventPayload) async -> Event? {
        await withCheckedContinuation { continuation in
            effect(payload) { continuation.resume(returning: $0) }
        }
    }

    /// A second decision for one navigation action, or a second reply to one message.
    private func repeatedSettlement(of payload: any EventPayload, cause: Int, state: inout State) -> ReplayIssue? {
        if let decision = payload as? NavigationResponseDecision {
            return repeatedResponseDecision(decision, cause: cause, state: &state)
        }
        if let decision = payload as? NavigationDecision {
            guard let first = state.decisions[cause] else {
                state.decisions[cause] = decision.policy
                return nil
            }
            return ReplayIssue(
                kind: .decisionRepeated, eventID: cause, eventKind: NavigationAction.eventKind,
                message: "the navigation action \(actionText(cause)) was decided twice: first \(first), then \(decision.policy); call decisionHandler exactly once",
                actual: "\(decision.kind) \(decision.summary)")
        }
        if let reply = payload as? ScriptReply {
            guard let first = state.replies[cause] else {
                state.replies[cause] = reply.outcome
                return nil
            }
            return ReplayIssue(
                kind: .replyRepeated, eventID: cause, eventKind: ScriptMessage.eventKind,
                message: "the message was replied to twice: first \(ScriptReply(first).summary), then \(reply.summary); a reply handler must be called at most once",
                actual: "\(reply.kind) \(reply.summary)")
        }
        return nil
    }

    func actionText(_ id: Int) -> String {
        guard let action = event(id)?.payload(as: NavigationAction.self) else { return "event \(id)" }
        return "event \(id) (\(action.summary))"
    }

    /// Whether effect `id` may happen now: its cause has been delivered, or,
    /// without a cause, every stimulus recorded before it has.
    func isDue(_ effect: Event, state: State) -> Bool {
        if let cause = effect.cause { return state.delivered.contains(cause) }
        return state.nextStimulus >= stimuli.count || stimuli[state.nextStimulus].id > effect.id
    }

    /// The effects that may happen next: in each due cause's group, the first
    /// not yet matched, and any later one on a channel whose order is relaxed.
    func eligibleEffects(state: State, cause: Int? = nil) -> [Event] {
        var eligible: [Event] = []
        let groups = cause.map { [$0] } ?? Array(state.openGroups)
        for group in groups {
            guard let ids = effectsByCause[group] else { continue }
            var orderedBlocked = false
            for id in ids[(state.groupCursor[group] ?? 0)...] where !state.matched.contains(id) {
                guard let effect = event(id), isDue(effect, state: state) else { break }
                let unordered = options.ordering(for: effect.channel) == .unordered
                if unordered || !orderedBlocked { eligible.append(effect) }
                if !unordered { orderedBlocked = true }
                if orderedBlocked && options.ordering.isEmpty { break }
            }
        }
        return eligible.sorted { $0.id < $1.id }
    }

    private func match(
        _ payload: any EventPayload, tree: PayloadComparison.Tree, knownCause: Int?, hint: Int?, state: inout State
    ) -> Int? {
        var candidates = eligibleEffects(state: state, cause: knownCause).filter { $0.kind == payload.kind }
        if let hint, candidates.count > 1 {
            // Prefer the effects that follow from the stimulus this task was started for.
            candidates = candidates.filter { rootCause(of: $0) == hint } + candidates.filter { rootCause(of: $0) != hint }
        }
        for candidate in candidates {
            let comparison = PayloadComparison(placeholders: options.placeholders, eventID: candidate.id)
            let expected =
                index(of: candidate.id).flatMap(prepared.expected(at:))
                ?? PayloadComparison.Expected(of: ComparedForm.of(candidate.payload), placeholders: options.placeholders)
            if comparison.differences(expected: expected, actual: tree, bindings: &state.bindings).isEmpty {
                markMatched(candidate, state: &state)
                return candidate.id
            }
        }
        return nil
    }

    /// The unsolicited stimulus an effect ultimately follows from: its cause,
    /// or, when that is an answer, the cause of the call it answers, and so on.
    func rootCause(of effect: Event) -> Int? {
        var cause = effect.cause
        var steps = 0
        while let current = cause, let call = answered(by: current), steps < 64 {
            cause = self.cause(of: call) ?? current
            if cause == current { break }
            steps += 1
        }
        return cause
    }

    private func markMatched(_ effect: Event, state: inout State) {
        state.matched.insert(effect.id)
        let group = effect.cause ?? 0
        if let ids = effectsByCause[group] {
            var cursor = state.groupCursor[group] ?? 0
            while cursor < ids.count, state.matched.contains(ids[cursor]) { cursor += 1 }
            state.groupCursor[group] = cursor
            if cursor == ids.count { state.openGroups.remove(group) }
        }
        while state.firstUnmatchedEffect < effectIDs.count, state.matched.contains(effectIDs[state.firstUnmatchedEffect]) {
            state.firstUnmatchedEffect += 1
        }
    }

    /// Explains an effect that matched nothing due: out of order, before its
    /// cause, or different from the nearest recorded candidate.
    private func divergence(for payload: any EventPayload, knownCause: Int?, hint: Int?, state: State) -> ReplayIssue {
        let actual = "\(payload.kind) \(payload.summary)"
        let unmatched = effectIDs.lazy.filter { !state.matched.contains($0) }.compactMap { self.event($0) }
        let sameKind = unmatched.filter { $0.kind == payload.kind && (knownCause == nil || $0.cause == knownCause) }
        let eligible = eligibleEffects(state: state, cause: knownCause)
        func matches(_ candidate: Event) -> Bool {
            var scratch = state.bindings
            return PayloadComparison(placeholders: options.placeholders, eventID: candidate.id)
                .differences(expected: candidate.payload, actual: payload, bindings: &scratch).isEmpty
        }
        let repeated = effectIDs.lazy.filter({ state.matched.contains($0) }).compactMap({ self.event($0) })
            .filter({ $0.kind == payload.kind && (knownCause == nil || $0.cause == knownCause) }).prefix(200)
            .first(where: matches)
        let repetition = repeated.map { repeated in
            ReplayIssue(
                kind: .unexpectedEffect, eventID: nil, eventKind: payload.kind,
                message: "unexpected effect: it repeats \(describe(repeated.id)), which already happened",
                actual: actual, nearestCandidate: describe(repeated.id))
        }
        // A call repeated by the work of the same stimulus is a repeat, whatever comes later.
        let dueOfKind = eligible.filter { $0.kind == payload.kind }
        if let repeated, let repetition, let hint, rootCause(of: repeated) == hint,
            !dueOfKind.contains(where: { rootCause(of: $0) == hint })
        {
            return repetition
        }
        if let later = sameKind.prefix(200).first(where: matches) {
            if let cause = later.cause, !state.delivered.contains(cause) {
                if let repetition { return repetition }
                return ReplayIssue(
                    kind: .effectBeforeCause, eventID: later.id, eventKind: later.kind,
                    message: "happened before its cause, \(describe(cause)), was delivered",
                    actual: actual)
            }
            let earlier = eligible.filter { $0.cause == later.cause && $0.id < later.id }
            // When an earlier effect of the same kind is due, the call more likely differs from
            // it than jumped the queue: that is reported below, field by field.
            if let first = earlier.first, !earlier.contains(where: { $0.kind == payload.kind }) {
                let causeText = later.cause.map { "both follow \(describe($0))" } ?? "neither has a cause"
                return ReplayIssue(
                    kind: .effectOutOfOrder, eventID: later.id, eventKind: later.kind,
                    message: "happened before \(describe(first.id)); \(causeText) and were recorded in that order",
                    actual: actual)
            }
            if earlier.isEmpty {
                if let repetition { return repetition }
                return ReplayIssue(
                    kind: .effectBeforeCause, eventID: later.id, eventKind: later.kind,
                    message: "happened before the stimuli recorded ahead of it were delivered", actual: actual)
            }
        }
        let pool = eligible.contains { $0.kind == payload.kind } ? eligible : Array(sameKind.prefix(200)) + eligible
        let nearest = pool.min { left, right in
            let comparison = PayloadComparison(placeholders: options.placeholders, eventID: 0)
            let leftDistance = comparison.distance(expected: left.payload, actual: payload, bindings: state.bindings)
            let rightDistance = comparison.distance(expected: right.payload, actual: payload, bindings: state.bindings)
            return (leftDistance, left.id) < (rightDistance, right.id)
        }
        if let nearest, nearest.kind == payload.kind {
            var scratch = state.bindings
            let differences = PayloadComparison(placeholders: options.placeholders, eventID: nearest.id)
                .differences(expected: nearest.payload, actual: payload, bindings: &scratch)
            let message: String
            if let decision = payload as? NavigationDecision, let cause = nearest.cause {
                message = "the decision for navigation action \(actionText(cause)) differs from the recording: expected \(nearest.payload.summary), found \(decision.summary)"
            } else if let decision = payload as? NavigationResponseDecision, let cause = nearest.cause {
                message = "the decision for navigation response \(responseText(cause)) differs from the recording: expected \(nearest.payload.summary), found \(decision.policy)"
            } else {
                message = "the effect that happened differs from the recording"
            }
            return ReplayIssue(
                kind: .unexpectedEffect, eventID: nearest.id, eventKind: nearest.kind, message: message,
                differences: differences, actual: actual)
        }
        if let repetition { return repetition }
        // Nothing due is of this kind: the nearest may be one that already happened, which this repeats.
        let alreadyMatched = effectIDs.lazy.filter { state.matched.contains($0) }.compactMap { self.event($0) }
            .filter { $0.kind == payload.kind }.prefix(200)
        let comparison = PayloadComparison(placeholders: options.placeholders, eventID: 0)
        let closest = alreadyMatched.min { left, right in
            (comparison.distance(expected: left.payload, actual: payload, bindings: state.bindings), left.id)
                < (comparison.distance(expected: right.payload, actual: payload, bindings: state.bindings), right.id)
        }
        let candidate = closest.map { describe($0.id) + ", which already happened" } ?? nearest.map { describe($0.id) }
        // Name the stimulus the implementation was reacting to, when it is known.
        let reaction = (knownCause ?? hint).map { " in reaction to \(describe($0))" } ?? " here"
        return ReplayIssue(
            kind: .unexpectedEffect, eventID: nil, eventKind: payload.kind,
            message: "unexpected effect: nothing in the cassette expects \(payload.kind)\(reaction)",
            actual: actual, nearestCandidate: candidate)
    }
}
