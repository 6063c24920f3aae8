/// What a replay decides, as a plain value: which recorded effect each call
/// of the implementation matches, which stimulus is next, what settled twice,
/// what the run found wrong, and the trace of what happened.
///
/// It holds no lock and starts no task: every change is a synchronous call,
/// so it is tested by calling it (see `ReplayMatcherTests`). The engine keeps
/// one behind its lock and turns what it returns into issues outside it.
struct ReplayMatcher: Sendable {
    /// One call the implementation made or one stimulus it was handed, in the order they happened.
    struct TraceEntry: Sendable {
        var payload: any EventPayload
        var at: Duration
        /// The cassette event it matched or was delivered as.
        var eventID: Int?
        var knownCause: Int?
        /// Made after the run ended, in reaction to its calls being failed: not judged.
        var afterEnd = false
    }

    /// What became of an effect.
    enum Outcome {
        /// It matched the recorded effect with this id.
        case matched(Int)
        /// It came after the run ended, or it is one the run already reported missing: not judged again.
        case unjudged
        /// It settles `cause` a second time; `first` settled it first.
        /// `unsettled` is the earliest stimulus delivered before that the
        /// recording settles and this run has not: where the second call may have been meant.
        case repeated(Settlement, first: any EventPayload, cause: Int, unsettled: Int?)
        /// It matched nothing due; the snapshot explains why (see ``Snapshot/divergence(for:knownCause:hint:)``).
        case diverged(Snapshot)
    }

    /// The most issues one run collects; the first is the one that matters.
    static let issueLimit = 20

    let script: ReplayScript
    private(set) var progress: ReplayProgress
    private(set) var bindings = PlaceholderBindings()
    private(set) var trace: [TraceEntry] = []
    private(set) var issues: [ReplayIssue] = []
    /// The first settlement of each stimulus settled so far.
    private(set) var settled: [SettlementKey: any EventPayload] = [:]
    /// The recorded effects the run reported missing, with the event their issue names.
    private(set) var judgedMissing: [Int: Int] = [:]
    /// Whether a divergence stopped the delivery of stimuli.
    private(set) var stopped = false
    /// The first effect that matched nothing, as compared.
    private var firstDivergence: PayloadComparison.Tree?
    /// Whether the run is over: effects are traced, not judged.
    private(set) var ended = false

    init(_ script: ReplayScript) {
        self.script = script
        progress = ReplayProgress(script)
    }

    /// Records `issue` and stops delivering stimuli: the first divergence is
    /// what a report is about, and what follows it is mostly its echo.
    mutating func fail(_ issue: ReplayIssue) {
        if issues.count < Self.issueLimit { issues.append(issue) }
        stopped = true
    }

    mutating func end() { ended = true }

    /// Adds `call` to the issue that already reports a call on the scheme
    /// task of `requestID` after the page stopped it, and returns whether
    /// there is one: WebKit raises at the first such call, so the later ones
    /// are told under it, not as issues of their own.
    mutating func addCallAfterStop(_ call: String, task requestID: Int) -> Bool {
        for index in issues.indices where issues[index].eventID == requestID {
            guard case .schemeTaskCalledAfterStop(let first, let later) = issues[index].statement else { continue }
            issues[index].statement = .schemeTaskCalledAfterStop(first: first, later: later + [call])
            return true
        }
        return false
    }

    /// Exploring: changes the progress as ``ReplayProgress/giveUpBlockingEffects(_:)`` and
    /// ``ReplayProgress/skip(_:_:)`` do, since a recorded effect the run may never make
    /// must not hold back the stimuli after it.
    mutating func explore<R>(_ change: (inout ReplayProgress, ReplayScript) -> R) -> R { change(&progress, script) }

    /// The next stimulus, when the run goes on and every effect recorded before it has happened.
    var readyStimulus: Event? {
        guard !stopped, progress.nextStimulusIsReady(script) else { return nil }
        return script.stimuli[progress.nextStimulus]
    }

    /// Delivers `stimulus`, the ready one, at `now`, and returns the payload
    /// it is played back with; `nil` when the run has stopped meanwhile.
    mutating func deliver(_ stimulus: Event, at now: Duration) -> (any EventPayload)? {
        guard !stopped else { return nil }
        progress.markDelivered(stimulus, script)
        let payload = script.playedBack(stimulus, bindings: &bindings)
        trace.append(TraceEntry(payload: payload, at: now, eventID: stimulus.id, knownCause: nil))
        return payload
    }

    /// Judges an effect the implementation made at `now`.
    ///
    /// - Parameters:
    ///   - tree: `payload` as compared, built before the caller took its lock.
    ///   - knownCause: The stimulus the effect certainly belongs to.
    ///   - hint: The stimulus whose delivery started the task that made it.
    mutating func effect(
        _ payload: any EventPayload, tree: PayloadComparison.Tree, knownCause: Int?, hint: Int?, at now: Duration
    ) -> Outcome {
        trace.append(TraceEntry(payload: payload, at: now, eventID: nil, knownCause: knownCause, afterEnd: ended))
        // A second settlement is judged before anything else, whenever it comes: the platform
        // acts on the first and raises an exception on the second (WebKit's decisionHandler),
        // so it is its own issue even after a first one that differed stopped the run, or
        // after the run ended, and it is never the one matched against the recording.
        if let knownCause, let settlement = Settlement.of(payload.kind) {
            let key = SettlementKey(kind: settlement.effectKind, cause: knownCause)
            if let first = settled[key] {
                // Exploring: a second settlement is collected, and the platform's rules judge it.
                if script.explores { return .unjudged }
                return .repeated(settlement, first: first, cause: knownCause, unsettled: unsettled(settlement, besides: knownCause))
            }
            settled[key] = payload
        }
        if stopped || ended, noteLate(payload, tree: tree, woken: ended && hint != nil) { return .unjudged }
        if ended {
            noteOvertaken(payload, tree: tree)
            return .unjudged
        }
        if stopped, noteExtra(payload, tree: tree) { return .unjudged }
        if let id = match(payload, tree: tree, knownCause: knownCause, hint: hint) {
            trace[trace.count - 1].eventID = id
            return .matched(id)
        }
        // After the first divergence the run has stopped: what else fails to match is
        // mostly its consequence, and stays in the trace, not in the issues.
        if stopped || script.explores { return .unjudged }
        if firstDivergence == nil { firstDivergence = tree }
        return .diverged(snapshot)
    }

    /// The earliest stimulus of `settlement`'s cause kind delivered before
    /// `cause` that the recording settles and this run has not settled yet:
    /// a reply handler kept in a property and called for the next message
    /// replies twice to that one and never to this.
    private func unsettled(_ settlement: Settlement, besides cause: Int) -> Int? {
        progress.delivered.filter { id in
            guard id < cause, let stimulus = script.event(id), stimulus.kind == settlement.causeKind,
                settled[SettlementKey(kind: settlement.effectKind, cause: id)] == nil
            else { return false }
            return script.effectsByCause[id]?.contains { script.event($0)?.kind == settlement.effectKind } == true
        }.min()
    }

    /// Whether `payload`, made after the run stopped at a difference, is the
    /// very effect that difference was compared to: then the effect that
    /// differed was one the recording does not have — an extra call before
    /// the expected one — and its issue says so instead of reporting a
    /// difference from the next expected effect.
    private mutating func noteExtra(_ payload: any EventPayload, tree: PayloadComparison.Tree) -> Bool {
        guard issues.count == 1, issues[0].kind == .unexpectedEffect, !issues[0].differences.isEmpty,
            let expectedID = issues[0].eventID, !progress.matched.contains(expectedID),
            let index = script.index(of: expectedID), let recorded = script.event(expectedID), recorded.kind == payload.kind,
            let expected = script.prepared.expected(at: index)
        else { return false }
        var scratch = bindings
        let comparison = PayloadComparison(placeholders: script.options.placeholders, eventID: expectedID)
        guard comparison.differences(expected: expected, actual: tree, bindings: &scratch).isEmpty,
            !nextOfSameCause(after: recorded, takes: tree)
        else { return false }
        let first = issues[0]
        // The effect that differed may be a later recorded one that came first: out of order, not extra.
        let matched = progress.matched
        let currentBindings = bindings
        if let diverged = firstDivergence,
            let later = script.effectIDs.lazy.filter({ $0 > expectedID && !matched.contains($0) }).prefix(200)
                .first(where: { id in
                    guard let index = script.index(of: id), let event = script.event(id), event.kind == payload.kind,
                        let expected = script.prepared.expected(at: index)
                    else { return false }
                    var scratch = currentBindings
                    return PayloadComparison(placeholders: script.options.placeholders, eventID: id)
                        .differences(expected: expected, actual: diverged, bindings: &scratch).isEmpty
                })
        {
            issues[0] = ReplayIssue(
                kind: .effectOutOfOrder, eventID: later, eventKind: first.eventKind, statement: .beforeRecordedAhead,
                relatedEvent: script.reference(expectedID), actual: first.actual)
            return true
        }
        issues[0] = ReplayIssue(
            kind: .unexpectedEffect, eventID: nil, eventKind: first.eventKind, statement: .extraBefore,
            relatedEvent: script.reference(expectedID), actual: first.actual, nearestCandidate: script.describe(expectedID))
        return true
    }

    /// Whether the recorded effect right after `recorded` for the same cause,
    /// not yet matched, would take `tree` too: then `tree` says nothing about
    /// whether the effect that differed from `recorded` was extra or
    /// `recorded` changed — two like pieces of a scheme answer, cut at the
    /// recorded sizes, or a call recorded twice in a row — and the
    /// difference, which names `recorded` field by field, stands.
    private func nextOfSameCause(after recorded: Event, takes tree: PayloadComparison.Tree) -> Bool {
        guard let group = script.effectsByCause[recorded.cause ?? 0], let position = group.firstIndex(of: recorded.id),
            position + 1 < group.count
        else { return false }
        let next = group[position + 1]
        guard !progress.matched.contains(next), let index = script.index(of: next), let event = script.event(next),
            event.kind == recorded.kind, let expected = script.prepared.expected(at: index)
        else { return false }
        var scratch = bindings
        return PayloadComparison(placeholders: script.options.placeholders, eventID: next)
            .differences(expected: expected, actual: tree, bindings: &scratch).isEmpty
    }

    /// The effect the first issue says was overtaken — an effect came before
    /// it, recorded after it for the same cause — when that issue is the run's.
    private var overtaken: Event? {
        guard let first = issues.first, first.kind == .effectOutOfOrder, first.statement == .beforeEarlierOfSameCause,
            let id = first.relatedEvent?.id
        else { return nil }
        return script.event(id)
    }

    /// Whether the effect the first issue says was overtaken came after the run ended.
    private var overtakenCameLate = false

    /// Notes whether `payload`, made after the run ended, is the effect the
    /// first issue says was overtaken: then it did come, only out of order.
    private mutating func noteOvertaken(_ payload: any EventPayload, tree: PayloadComparison.Tree) {
        guard !overtakenCameLate, let effect = overtaken, effect.kind == payload.kind, let index = script.index(of: effect.id),
            let expected = script.prepared.expected(at: index)
        else { return }
        var scratch = bindings
        overtakenCameLate = PayloadComparison(placeholders: script.options.placeholders, eventID: effect.id)
            .differences(expected: expected, actual: tree, bindings: &scratch).isEmpty
    }

    /// Once the run has ended and the implementation is idle: when the first
    /// issue says an effect came before an earlier one of the same cause, and
    /// that earlier one never came at all, the issue is that it is missing
    /// (`clearWatch` answered without `stopUpdatingLocation()`), not an order.
    /// Notes, for an effect reported as coming ahead of a stimulus whose call
    /// had not happened, whether that call was made later in the run: then the
    /// call was not missing, and the issue says the effect came early (a reply
    /// sent before the request whose answer it reports) or was one the
    /// recording does not have (a placeholder shown before the request).
    mutating func judgeEarly() {
        func made(_ id: Int) -> Bool {
            guard let recorded = script.event(id) else { return false }
            let comparison = PayloadComparison(placeholders: script.options.placeholders, eventID: id)
            return trace.contains { entry in
                guard entry.payload.direction == .effect, entry.payload.kind == recorded.kind else { return false }
                var scratch = bindings
                return comparison.differences(expected: recorded.payload, actual: entry.payload, bindings: &scratch).isEmpty
            }
        }
        for index in issues.indices {
            guard issues[index].statement == .aheadOfStimulus, let call = issues[index].missingCall else { continue }
            issues[index].missingCallCameLater = made(call.id)
        }
    }

    mutating func judgeOvertaken() {
        guard let effect = overtaken, !progress.matched.contains(effect.id), !overtakenCameLate, let first = issues.first
        else { return }
        issues[0] = ReplayIssue(
            kind: .missingEffect, eventID: effect.id, eventKind: effect.kind, statement: .skipped,
            cause: effect.cause.map(script.reference), relatedEvent: first.eventID.map(script.reference),
            expected: effect.payload.summary.isEmpty ? "\(effect.kind)" : effect.payload.summary,
            actual: first.actual)
    }

    /// What a divergence is explained from.
    var snapshot: Snapshot { Snapshot(script: script, progress: progress, bindings: bindings) }

    private mutating func match(_ payload: any EventPayload, tree: PayloadComparison.Tree, knownCause: Int?, hint: Int?) -> Int? {
        var candidates = progress.eligibleEffects(script, cause: knownCause).filter { $0.kind == payload.kind }
        if let hint, script.explores {
            // Exploring: of the same stimulus delivered more than once (a `duplicate` or
            // `same-turn` variant), a task started for one delivery never takes an effect
            // recorded for another, so which delivery's calls get the recorded answers is
            // not the scheduler's choice (whichever task came first took them before).
            candidates = candidates.filter { !script.isAnotherDelivery(of: hint, rootCauseOf: $0) }
        }
        if let hint, candidates.count > 1 {
            // Prefer the effects that follow from the stimulus this task was started for.
            candidates = candidates.filter { script.rootCause(of: $0) == hint } + candidates.filter { script.rootCause(of: $0) != hint }
        }
        let placeholders = script.options.placeholders
        for candidate in candidates {
            let comparison = PayloadComparison(placeholders: placeholders, eventID: candidate.id)
            let expected =
                script.index(of: candidate.id).flatMap(script.prepared.expected(at:))
                ?? PayloadComparison.Expected(of: ComparedForm.of(candidate.payload), placeholders: placeholders)
            if comparison.differences(expected: expected, actual: tree, bindings: &bindings).isEmpty {
                progress.markMatched(candidate, script)
                return candidate.id
            }
        }
        return nil
    }

    /// Whether `payload` is an effect the run already reported missing: its
    /// issue then says that it came late, so the verdict never contradicts the trace.
    ///
    /// - Parameter woken: Whether work the replay follows made it after the run
    ///   ended, which woke what still waited on the replay with cancellations.
    private mutating func noteLate(_ payload: any EventPayload, tree: PayloadComparison.Tree, woken: Bool) -> Bool {
        for (effectID, issueEventID) in judgedMissing.sorted(by: { $0.key < $1.key }) {
            guard let index = script.index(of: effectID), let recorded = script.event(effectID), recorded.kind == payload.kind,
                let expected = script.prepared.expected(at: index)
            else { continue }
            var scratch = bindings
            let comparison = PayloadComparison(placeholders: script.options.placeholders, eventID: effectID)
            guard comparison.differences(expected: expected, actual: tree, bindings: &scratch).isEmpty else { continue }
            judgedMissing[effectID] = nil
            guard let position = issues.firstIndex(where: { Settlement.missingIssues.contains($0.kind) && $0.eventID == issueEventID })
            else { return true }
            issues[position].reportedAs = issues[position].kind
            issues[position].kind = .lateEffect
            issues[position].cameOnceWokenByEnd = woken
            return true
        }
        return false
    }

    // MARK: Judging what never came

    /// The effects that were due when the implementation stopped making
    /// them: unsettled decisions and replies first, since they are what
    /// WebKit would crash or hang on, then the others.
    ///
    /// One divergence, one issue: a settlement recorded after a stimulus not
    /// delivered yet waits for it, so when an effect of the same chain that is
    /// due now is missing (the retry whose answer the reply reports), that
    /// effect is the issue and the settlement not made is its consequence.
    func dueEffects() -> [Event] {
        let eligible = progress.eligibleEffects(script)
        let chains = Set(eligible.compactMap { script.rootCause(of: $0) })
        // The first answer not delivered yet in each chain that has a due effect: a settlement of that
        // chain recorded after it waits for it.
        var firstUndelivered: [Int: Int] = [:]
        for stimulus in script.stimuli where !progress.delivered.contains(stimulus.id) {
            guard let call = stimulus.answers.flatMap(script.event), let chain = script.rootCause(of: call), chains.contains(chain)
            else { continue }
            firstUndelivered[chain] = min(firstUndelivered[chain] ?? stimulus.id, stimulus.id)
        }
        let unsettled = script.effectIDs.compactMap { script.event($0) }.filter { effect in
            guard !progress.matched.contains(effect.id), let cause = effect.cause, progress.delivered.contains(cause),
                let settlement = Settlement.of(effect.kind)
            else { return false }
            if let chain = script.rootCause(of: effect), let waitsFor = firstUndelivered[chain], waitsFor < effect.id { return false }
            return settled[SettlementKey(kind: settlement.effectKind, cause: cause)] == nil
        }
        let unsettledIDs = Set(unsettled.map(\.id))
        return unsettled + eligible.filter { !unsettledIDs.contains($0.id) }
    }

    /// Notes that `effects` were reported missing, so a late one is reported as late.
    mutating func judgeMissing(_ effects: some Sequence<Event>) {
        for effect in effects {
            judgedMissing[effect.id] = Settlement.of(effect.kind) != nil ? effect.cause : effect.id
        }
    }
}
