/// Why an effect matched nothing due, explained from a copy of the
/// matcher's progress taken when it failed to match, outside every lock.
extension ReplayMatcher {
    /// What a divergence is explained from: the progress and bindings when the effect failed to match.
    struct Snapshot: Sendable {
        let script: ReplayScript
        let progress: ReplayProgress
        let bindings: PlaceholderBindings

        /// Explains an effect that matched nothing due: out of order, before its
        /// cause, or different from the nearest recorded candidate.
        func divergence(for payload: any EventPayload, knownCause: Int?, hint: Int?) -> ReplayIssue {
            let options = script.options
            let actual = "\(payload.kind) \(payload.summary)"
            let unmatched = script.effectIDs.lazy.filter { !progress.matched.contains($0) }.compactMap { script.event($0) }
            let sameKind = unmatched.filter { $0.kind == payload.kind && (knownCause == nil || $0.cause == knownCause) }
            let eligible = progress.eligibleEffects(script, cause: knownCause)
            func matches(_ candidate: Event) -> Bool {
                var scratch = bindings
                return PayloadComparison(placeholders: options.placeholders, eventID: candidate.id)
                    .differences(expected: candidate.payload, actual: payload, bindings: &scratch).isEmpty
            }
            let repeated = script.effectIDs.lazy.filter({ progress.matched.contains($0) }).compactMap({ script.event($0) })
                .filter({ $0.kind == payload.kind && (knownCause == nil || $0.cause == knownCause) }).prefix(200)
                .first(where: matches)
            let repetition = repeated.map { repeated in
                ReplayIssue(
                    kind: .unexpectedEffect, eventID: nil, eventKind: payload.kind, statement: .repeats,
                    cause: hint.map(script.reference), relatedEvent: script.reference(repeated.id), actual: actual,
                    nearestCandidate: script.describe(repeated.id))
            }
            // A call repeated by the work of the same stimulus is a repeat, whatever comes later.
            let dueOfKind = eligible.filter { $0.kind == payload.kind }
            if let repeated, let repetition, let hint, script.rootCause(of: repeated) == hint,
                !dueOfKind.contains(where: { script.rootCause(of: $0) == hint })
            {
                return repetition
            }
            if let later = sameKind.prefix(200).first(where: matches) {
                if let cause = later.cause, !progress.delivered.contains(cause) {
                    if let repetition { return repetition }
                    // What this run made it in reaction to, when that is known and not its recorded cause,
                    // is where to look: the callback that made it too early.
                    return ReplayIssue(
                        kind: .effectBeforeCause, eventID: later.id, eventKind: later.kind, statement: .beforeCause,
                        cause: script.reference(cause), relatedEvent: hint.flatMap { $0 == cause ? nil : script.reference($0) },
                        actual: actual, missingCall: unmadeCall(answeredBy: cause))
                }
                let earlier = eligible.filter { $0.cause == later.cause && $0.id < later.id }
                // When an earlier effect of the same kind is due, the call more likely differs from
                // it than jumped the queue: that is reported below, field by field.
                if let first = earlier.first, !earlier.contains(where: { $0.kind == payload.kind }) {
                    return ReplayIssue(
                        kind: .effectOutOfOrder, eventID: later.id, eventKind: later.kind,
                        statement: .beforeEarlierOfSameCause, cause: later.cause.map(script.reference),
                        relatedEvent: script.reference(first.id), actual: actual)
                }
                if earlier.isEmpty {
                    if let repetition { return repetition }
                    return ReplayIssue(
                        kind: .effectBeforeCause, eventID: later.id, eventKind: later.kind,
                        statement: .beforeStimuliAhead, actual: actual)
                }
            }
            let pool = eligible.contains { $0.kind == payload.kind } ? eligible : Array(sameKind.prefix(200)) + eligible
            let nearest = pool.min { left, right in
                let comparison = PayloadComparison(placeholders: options.placeholders, eventID: 0)
                let leftDistance = comparison.distance(expected: left.payload, actual: payload, bindings: bindings)
                let rightDistance = comparison.distance(expected: right.payload, actual: payload, bindings: bindings)
                return (leftDistance, left.id) < (rightDistance, right.id)
            }
            if let nearest, nearest.kind == payload.kind {
                var scratch = bindings
                let differences = PayloadComparison(placeholders: options.placeholders, eventID: nearest.id)
                    .differences(expected: nearest.payload, actual: payload, bindings: &scratch)
                if let settlement = Settlement.of(payload.kind), let cause = nearest.cause,
                    let issue = settlement.differentIssue(
                        payload, recorded: nearest, cause: cause, differences: differences, in: script)
                {
                    return issue
                }
                // Exactly a call that already happened, and unlike every call due in more than one
                // field: a second token refresh reads as a repeat, not as the next request changed.
                if let repetition, differences.count > 1 { return repetition }
                // The nearest comes only after the answer to a call of the same chain, which has
                // not come: this effect is one the recording does not have here (an answer
                // sent before the user answered a prompt), not a changed version of that one.
                if let ahead = answerAhead(of: nearest) {
                    // Exactly a call that already happened, while the nearest recorded one still waits
                    // for an answer: a render repeated after a `304`, not the next render come early.
                    if let repetition { return repetition }
                    // The call it answers was made: what holds it back is an effect recorded before it.
                    let unmade = unmadeCall(answeredBy: ahead.id)
                    let holding = unmade == nil ? unmadeEffect(before: ahead.id) : nil
                    return ReplayIssue(
                        kind: .unexpectedEffect, eventID: nearest.id, eventKind: nearest.kind,
                        statement: holding == nil ? .aheadOfStimulus : .aheadOfHeldStimulus,
                        relatedEvent: script.reference(ahead.id), differences: differences, actual: actual,
                        missingCall: unmade ?? holding)
                }
                // Made in reaction to a stimulus delivered, while the nearest recorded call of its kind
                // follows another not delivered yet, and the first did not expect it: it stands in for
                // what that stimulus's work should have made (a receipt loaded in place of the sheet
                // route), not a changed version of a call that is not due.
                if let hint, let nearestCause = nearest.cause, nearestCause != hint,
                    !progress.delivered.contains(nearestCause), progress.delivered.contains(hint),
                    let due = eligible.first(where: { $0.cause == hint })
                {
                    return ReplayIssue(
                        kind: .unexpectedEffect, eventID: nil, eventKind: payload.kind, statement: .nothingExpects,
                        cause: script.reference(hint), actual: actual,
                        nearestCandidate: "\(script.describe(due.id)), due after it, has not happened; "
                            + "\(script.describe(nearest.id)) follows event \(nearestCause), not delivered yet")
                }
                // What happened is exactly a call recorded later for the same cause: the two came in
                // the other order, which reads as a changed call unless the issue says so.
                let swapped = sameKind.prefix(200).first { $0.id > nearest.id && $0.cause == nearest.cause && matches($0) }
                return ReplayIssue(
                    kind: .unexpectedEffect, eventID: nearest.id, eventKind: nearest.kind, statement: .differs,
                    cause: swapped == nil ? nil : nearest.cause.map(script.reference),
                    relatedEvent: swapped.map { script.reference($0.id) }, differences: differences, actual: actual)
            }
            if let repetition { return repetition }
            // Nothing due is of this kind: the nearest may be one that already happened, which this repeats.
            let alreadyMatched = script.effectIDs.lazy.filter { progress.matched.contains($0) }.compactMap { script.event($0) }
                .filter { $0.kind == payload.kind }.prefix(200)
            let comparison = PayloadComparison(placeholders: options.placeholders, eventID: 0)
            let closest = alreadyMatched.min { left, right in
                (comparison.distance(expected: left.payload, actual: payload, bindings: bindings), left.id)
                    < (comparison.distance(expected: right.payload, actual: payload, bindings: bindings), right.id)
            }
            let candidate = closest.map { script.describe($0.id) + ", which already happened" } ?? nearest.map { script.describe($0.id) }
            // Name the stimulus the implementation was reacting to, when it is known, and the last one
            // delivered when that is another: a task started long before (a stream's consumer, woken by
            // the latest fix) makes its effects under the stimulus that started it.
            let cause = knownCause ?? hint
            let last = progress.delivered.max()
            return ReplayIssue(
                kind: .unexpectedEffect, eventID: nil, eventKind: payload.kind, statement: .nothingExpects,
                cause: cause.map(script.reference), relatedEvent: last.flatMap { $0 == cause ? nil : script.reference($0) },
                actual: actual, nearestCandidate: candidate)
        }
    }
}

extension ReplayMatcher.Snapshot {
    /// The first stimulus not yet delivered that is recorded ahead of
    /// `effect` and answers a call of the same chain (the same root cause):
    /// what the recording's `effect` waited for, such as the authorization a
    /// prompt was answered with.
    /// The call `answer` answers, when the implementation has not made it:
    /// an effect that came before `answer` then follows from that call gone missing.
    func unmadeCall(answeredBy answer: Int) -> ReplayIssue.EventReference? {
        guard let call = script.event(answer)?.answers, !progress.matched.contains(call) else { return nil }
        return script.reference(call)
    }

    /// The first effect recorded before `stimulus` whose cause has been
    /// delivered (or that has none) and that has not happened: what holds a
    /// stimulus back once the call it answers was made.
    func unmadeEffect(before stimulus: Int) -> ReplayIssue.EventReference? {
        script.effectIDs.lazy.prefix { $0 < stimulus }
            .first { id in
                guard !progress.matched.contains(id), let effect = script.event(id) else { return false }
                return effect.cause.map(progress.delivered.contains) ?? true
            }
            .map(script.reference)
    }

    func answerAhead(of effect: Event) -> Event? {
        let root = script.rootCause(of: effect)
        var index = progress.nextStimulus
        while index < script.stimuli.count, script.stimuli[index].id < effect.id {
            let stimulus = script.stimuli[index]
            if let call = stimulus.answers, let called = script.event(call), script.rootCause(of: called) == root {
                return stimulus
            }
            index += 1
        }
        return nil
    }
}
