import HybridReplay

/// What one run of a variant did, in 16 hex digits: a digest of its trace —
/// the stimuli as delivered, in order, and after each the effects it caused,
/// kind and payload, in the order they were made.
///
/// Replaying a variant by its id derives the same cassette again; the
/// fingerprint says whether the implementation then also did the same thing.
/// A failure report prints it, and a replay given it (`--fingerprint`,
/// ``ExplorationOptions/fingerprint``) says plainly when the run differs: the
/// implementation changed since, or it is not deterministic.
///
/// Times are left out, and so is how the effects of different stimuli
/// interleave (a concurrent bridge may answer two messages in either order);
/// of the same stimulus delivered twice in a row, which got which effects is
/// left out too; effects no stimulus caused count as a set.
public struct RunFingerprint: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// The digest.
    public let value: UInt64

    public init(value: UInt64) { self.value = value }

    /// The fingerprint of a run's trace.
    ///
    /// - Parameter trace: What happened in the run (``ReplayReport/trace``).
    public init(trace: Cassette) {
        var header = trace.header
        header.name = "run"
        header.description = nil
        header.recordedAt = nil
        let events = Self.normalized(trace.events).map(\.event)
        value = FNV1a.hash(CassetteWriter.canonicalBytes(of: Cassette(header: header, events: events)))
    }

    /// A trace's events in the order the fingerprint reads them — each
    /// stimulus followed by the effects it caused, then the effects nothing
    /// caused by kind and summary — renumbered in that order, with no times,
    /// each payload in the form a replay compares (``ComparedForm``); each
    /// with the id it had in the trace.
    static func normalized(_ events: [Event]) -> [(traceID: Int, event: Event)] {
        let stimuli = Set(events.filter { $0.direction == .stimulus }.map(\.id))
        var effectsByCause: [Int: [Event]] = [:]
        var uncaused: [Event] = []
        for event in events where event.direction == .effect {
            if let cause = event.cause, stimuli.contains(cause) {
                effectsByCause[cause, default: []].append(event)
            } else {
                uncaused.append(event)
            }
        }
        // Effects of concurrent tasks (a task group's children) come in the scheduler's order:
        // each run of a stimulus's effects that all have a strand is read in one order.
        for (cause, effects) in effectsByCause { effectsByCause[cause] = concurrentRunsSorted(effects) }
        // The same stimulus sent several times in a row (a page posting
        // twice) may be handled by concurrent work in either order, so which
        // of them caused which effect, and which request got the recorded
        // answer, is no part of the run: such a group is read as its stimuli,
        // then all their effects sorted, each caused by the group's first.
        let sequence = events.filter { $0.direction == .stimulus }
        var ordered: [Event] = []
        var groupedEffects: Set<Int> = []
        var start = 0
        while start < sequence.count {
            var end = start + 1
            while end < sequence.count, sequence[end].payload.isEqual(to: sequence[start].payload) { end += 1 }
            let group = sequence[start..<end]
            ordered += group
            if group.count == 1 {
                ordered += effectsByCause[group[start].id] ?? []
            } else {
                let effects = group.flatMap { effectsByCause[$0.id] ?? [] }
                groupedEffects.formUnion(effects.map(\.id))
                ordered += effects.map { effect in
                    var effect = effect
                    effect.cause = group[start].id
                    return effect
                }.sorted { ($0.kind.description, $0.payload.summary) < ($1.kind.description, $1.payload.summary) }
            }
            start = end
        }
        ordered += uncaused.sorted { ($0.kind.description, $0.payload.summary) < ($1.kind.description, $1.payload.summary) }
        var newID: [Int: Int] = [:]
        for (index, event) in ordered.enumerated() { newID[event.id] = index + 1 }
        return ordered.map { event in
            // An answer to one of a group's effects names none: which of them it answered is the group's order.
            let answers = event.answers.flatMap { groupedEffects.contains($0) ? nil : newID[$0] }
            // Each payload as a replay compares it: a script's JSON key order or string escapes are no part of the run.
            let renumbered = Event(
                id: newID[event.id] ?? 0, at: 0, cause: event.cause.flatMap { newID[$0] }, answers: answers,
                payload: ComparedForm.of(event.payload))
            return (event.id, renumbered)
        }
    }

    /// `effects` with each run of consecutive effects that have a strand in
    /// one order, the one a recording writes (``Strands/inOneOrder(_:)``).
    static func concurrentRunsSorted(_ effects: [Event]) -> [Event] {
        var result: [Event] = []
        var run: [Event] = []
        for effect in effects {
            guard effect.strand != nil else {
                result += Strands.inOneOrder(run) + [effect]
                run = []
                continue
            }
            run.append(effect)
        }
        return result + Strands.inOneOrder(run)
    }

    /// Reads 16 hex digits, as ``description`` writes them; `nil` when it is not that.
    public init?(_ text: String) {
        guard text.count == 16, let value = UInt64(text, radix: 16) else { return nil }
        self.value = value
    }

    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A variant replayed from its id that did not do what the run reported did.
public struct RunMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The variant replayed.
    public var variant: VariantID
    /// The fingerprint the report gave.
    public var expected: RunFingerprint
    /// This run's.
    public var found: RunFingerprint

    public init(variant: VariantID, expected: RunFingerprint, found: RunFingerprint) {
        self.variant = variant
        self.expected = expected
        self.found = found
    }

    public var description: String {
        "variant \(variant) ran differently from the run reported (fingerprint \(expected), this run \(found)): "
            + "the implementation changed since, or it does not do the same thing each time it is handed the same stimuli"
    }
}
