/// How far a run has got through its cassette: which effects have happened,
/// which stimuli have been delivered, and so which effects may happen next.
///
/// A plain value: the ``ReplayMatcher`` changes it, and a copy of it is what
/// a divergence is explained from.
struct ReplayProgress: Sendable {
    var matched: Set<Int> = []
    var delivered: Set<Int> = []
    /// Index into the script's stimuli of the next stimulus to deliver.
    var nextStimulus = 0
    /// Index into the script's effect ids below which every effect has happened.
    var firstUnmatchedEffect = 0
    /// Index of the first effect not yet matched in each cause's group.
    var groupCursor: [Int: Int] = [:]
    /// The causes (0 for none) whose groups have effects left and may have some due.
    var openGroups: Set<Int> = []
    /// The set-up effects that happened before stimuli recorded ahead of them
    /// were delivered (see ``ReplayScript/setsUpAhead``).
    var cameAhead: Set<Int> = []

    init(_ script: ReplayScript) {
        if script.effectsByCause[0] != nil { openGroups.insert(0) }
    }

    /// Whether a stimulus is left and every effect recorded before it has happened.
    func nextStimulusIsReady(_ script: ReplayScript) -> Bool {
        guard nextStimulus < script.stimuli.count else { return false }
        return firstUnmatchedEffect >= script.effectIDs.count
            || script.effectIDs[firstUnmatchedEffect] > script.stimuli[nextStimulus].id
    }

    /// Whether every stimulus has been delivered.
    func deliveredAll(_ script: ReplayScript) -> Bool { nextStimulus >= script.stimuli.count }

    /// Whether stimuli remain to deliver or effects remain to happen.
    func hasObligations(_ script: ReplayScript) -> Bool {
        nextStimulus < script.stimuli.count || firstUnmatchedEffect < script.effectIDs.count
    }

    /// How many recorded events have not been played: stimuli not delivered and effects not matched.
    func remaining(_ script: ReplayScript) -> Int {
        (script.stimuli.count - nextStimulus) + (script.effectIDs.count - matched.count)
    }

    /// Notes that `stimulus`, the next one, is delivered: the effects it causes may happen.
    mutating func markDelivered(_ stimulus: Event, _ script: ReplayScript) {
        nextStimulus += 1
        delivered.insert(stimulus.id)
        if script.effectsByCause[stimulus.id] != nil { openGroups.insert(stimulus.id) }
    }

    mutating func markMatched(_ effect: Event, _ script: ReplayScript) {
        matched.insert(effect.id)
        if effect.cause == nil, !isRecordedPlace(effect, script) { cameAhead.insert(effect.id) }
        let group = effect.cause ?? 0
        if let ids = script.effectsByCause[group] {
            var cursor = groupCursor[group] ?? 0
            while cursor < ids.count, matched.contains(ids[cursor]) { cursor += 1 }
            groupCursor[group] = cursor
            if cursor == ids.count { openGroups.remove(group) }
        }
        while firstUnmatchedEffect < script.effectIDs.count, matched.contains(script.effectIDs[firstUnmatchedEffect]) {
            firstUnmatchedEffect += 1
        }
    }

    /// Whether effect `id` may happen now: its cause has been delivered, or,
    /// without a cause, every unsolicited stimulus recorded before it has.
    ///
    /// An answer recorded before an effect without a cause does not hold the
    /// effect back: the effect did not follow from it (the recorder would
    /// have named it as the cause), and when the platform answers — a new
    /// location delegate hearing the authorization, say — is up to the
    /// platform, not to the order app code works in.
    ///
    /// A set-up effect without a cause (``ReplayScript/setsUpAhead``: a
    /// location delegate set) is due from the start: app code that sets up
    /// earlier than it did while recording — a `Task.detached` in `init` that
    /// lost the race to the page's first message then, and wins it in a
    /// replay — does what the platform cannot tell from the recorded order
    /// unless what follows differs, and what follows is still checked: the
    /// authorization the delegate hears is delivered in its recorded place,
    /// after the calls recorded before it. A set-up effect *with* a cause (a
    /// delegate set on the page's first ask) keeps its place among its
    /// cause's effects, so setting it after the authorization request still fails.
    ///
    /// An effect without a cause that is the next effect recorded, with only
    /// unsolicited stimuli the replay could deliver at once (nothing held
    /// them back, and the clock need not move) between it and what was
    /// delivered, is due too: app code that drains what the page sent — a
    /// consumer task reading an `AsyncStream` the message handler yields
    /// into — may act on the first message before the replay hands over the
    /// next, where the recording happened to deliver all of them first. The
    /// stimuli are delivered right after it, and what follows them is checked
    /// in its place.
    func isDue(_ effect: Event, _ script: ReplayScript) -> Bool {
        if let cause = effect.cause { return delivered.contains(cause) }
        return isRecordedPlace(effect, script) || script.setsUpAhead.contains(effect.id)
            || isNextAheadOfReadyStimuli(effect, script)
    }

    /// Whether `effect` is the first effect not yet matched, and every
    /// stimulus recorded before it that is not delivered yet is unsolicited
    /// and recorded no later than the last one delivered.
    private func isNextAheadOfReadyStimuli(_ effect: Event, _ script: ReplayScript) -> Bool {
        guard nextStimulus > 0, firstUnmatchedEffect < script.effectIDs.count,
            script.effectIDs[firstUnmatchedEffect] == effect.id
        else { return false }
        let reached = script.stimuli[nextStimulus - 1].time
        var index = nextStimulus
        while index < script.stimuli.count, script.stimuli[index].id < effect.id {
            let stimulus = script.stimuli[index]
            guard stimulus.cause == nil, stimulus.answers == nil, stimulus.time <= reached else { return false }
            index += 1
        }
        return true
    }

    /// Whether every unsolicited stimulus recorded before `effect`, which has no cause, has been delivered.
    private func isRecordedPlace(_ effect: Event, _ script: ReplayScript) -> Bool {
        script.firstUnsolicitedID[min(nextStimulus, script.stimuli.count)] > effect.id
    }

    /// The effects that may happen next: in each due cause's group, the first
    /// not yet matched, any later one on a channel whose order is relaxed,
    /// and any later one of another ``Event/strand`` than every effect
    /// still waiting before it (concurrent child tasks: each keeps its own
    /// order, and an effect without a strand keeps its place against all).
    func eligibleEffects(_ script: ReplayScript, cause: Int? = nil) -> [Event] {
        var eligible: [Event] = []
        let groups = cause.map { [$0] } ?? Array(openGroups)
        let options = script.options
        for group in groups {
            guard let ids = script.effectsByCause[group] else { continue }
            // Which ordered effects still wait ahead: any at all, any without a strand, and the strands waiting.
            var anyWaiting = false
            var unstrandedWaiting = false
            var strandsWaiting: Set<Int> = []
            for id in ids[(groupCursor[group] ?? 0)...] where !matched.contains(id) {
                guard let effect = script.event(id), isDue(effect, script) else { break }
                if options.ordering(for: effect.channel) == .unordered {
                    eligible.append(effect)
                    continue
                }
                let blocked: Bool
                if let strand = effect.strand {
                    blocked = unstrandedWaiting || strandsWaiting.contains(strand)
                    strandsWaiting.insert(strand)
                } else {
                    blocked = anyWaiting
                    unstrandedWaiting = true
                }
                if !blocked { eligible.append(effect) }
                anyWaiting = true
                if unstrandedWaiting && options.ordering.isEmpty { break }
            }
        }
        return eligible.sorted { $0.id < $1.id }
    }
}
