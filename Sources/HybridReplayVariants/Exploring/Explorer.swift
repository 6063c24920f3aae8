import HybridReplay

/// Explores the variants of a cassette against an implementation: each
/// variant's stimuli are delivered, what the implementation does is collected
/// without judging it against the recording, and the platform's rules judge
/// it. A variant that breaks a rule is shrunk to the fewest stimuli that still
/// break it.
public struct Explorer: Sendable {
    /// Which variants, how long, and which rules.
    public var options: ExplorationOptions

    public init(options: ExplorationOptions = ExplorationOptions()) {
        self.options = options
    }

    /// Explores `cassette`'s variants (or the one ``ExplorationOptions/variant`` names).
    ///
    /// - Parameters:
    ///   - cassette: The recording the variants are derived from.
    ///   - setUp: Builds the implementation on each variant's platform.
    ///   - willExplore: Called before each variant runs, with its id: print
    ///     the line that replays it here, so a crash still leaves it.
    /// - Returns: What was explored and every failure, shrunk.
    /// - Throws: ``VariantLookupError`` when ``ExplorationOptions/variant`` names no variant of the cassette.
    public func explore(
        _ cassette: Cassette, willExplore: (VariantID) -> Void = { _ in },
        setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) async throws(VariantLookupError) -> Exploration {
        let generator = VariantGenerator()
        let all: [Variant]
        if let only = options.variant {
            all = [try generator.variant(only, of: cassette)]
        } else {
            all = generator.variants(of: cassette).filter { options.shard.contains($0.id) }
        }
        var exploration = Exploration(cassetteName: cassette.header.name, total: all.count)
        let started = ContinuousClock.now
        for variant in all {
            if let budget = options.budget, ContinuousClock.now - started >= budget {
                exploration.stoppedByBudget = true
                break
            }
            willExplore(variant.id)
            let run = await self.run(variant.cassette, setUp: setUp)
            exploration.explored += 1
            if let expected = options.fingerprint, options.variant == variant.id {
                let found = RunFingerprint(trace: run.trace)
                if found != expected { exploration.mismatch = RunMismatch(variant: variant.id, expected: expected, found: found) }
            }
            guard !run.violations.isEmpty else { continue }
            let fingerprint = RunFingerprint(trace: run.trace)
            // The same variant again: a failure that does not come back the same way is said to be so.
            let again = await self.run(variant.cassette, setUp: setUp)
            let shrunk = await shrink(variant.cassette, breaking: Set(run.violations.map(\.rule)), setUp: setUp)
            exploration.failures.append(
                ExplorationFailure(
                    variant: variant, violations: run.violations, shrunk: shrunk.cassette, shrinkSteps: shrunk.steps,
                    shrunkViolations: shrunk.violations, fingerprint: fingerprint,
                    isDeterministic: RunFingerprint(trace: again.trace) == fingerprint))
        }
        return exploration
    }

    /// Replays `cassette` in exploring mode and judges the trace by the rules,
    /// and by the reference's run of it when ``ExplorationOptions/reference`` names one.
    ///
    /// - Returns: The violations; empty when the implementation kept every rule.
    public func judge(_ cassette: Cassette, setUp: @escaping @Sendable (Platform) async throws -> any Sendable) async -> [RuleViolation] {
        await run(cassette, setUp: setUp).violations
    }

    /// Replays `cassette` in exploring mode: what the implementation did, and the rules it broke.
    func run(
        _ cassette: Cassette, setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) async -> (trace: Cassette, violations: [RuleViolation]) {
        let report = await Replayer(cassette: cassette, options: options.replay).explore(setUp)
        var violations = RuleViolation.fromReport(report) + options.rules.violations(in: report.trace)
        if let reference = options.reference {
            let expected = await Replayer(cassette: cassette, options: options.replay).explore(reference.setUp)
            if let difference = ReferenceImplementation.difference(of: report.trace, from: expected.trace, reference: reference.name) {
                violations.append(difference)
            }
        }
        return (report.trace, violations)
    }

    /// Removes stimuli one at a time, last first, with what follows from them,
    /// keeping each removal after which a rule of `rules` is still broken.
    private func shrink(
        _ cassette: Cassette, breaking rules: Set<PlatformRule>, setUp: @escaping @Sendable (Platform) async throws -> any Sendable
    ) async -> (cassette: Cassette, steps: Int, violations: [RuleViolation]) {
        var current = cassette
        var steps = 0
        var lastViolations: [RuleViolation] = []
        var candidate = current.events.count - 1
        while candidate >= 0 {
            defer { candidate -= 1 }
            guard candidate < current.events.count, current.events[candidate].direction == .stimulus,
                current.events[candidate].answers == nil
            else { continue }
            var smaller = current
            smaller.events = Self.removing(current.events[candidate].id, from: current.events)
            guard smaller.events.contains(where: { $0.direction == .stimulus }) else { continue }
            let violations = await judge(smaller, setUp: setUp).filter { rules.contains($0.rule) }
            guard !violations.isEmpty else { continue }
            current = smaller
            steps += 1
            lastViolations = violations
        }
        if lastViolations.isEmpty { lastViolations = await judge(current, setUp: setUp) }
        return (current, steps, lastViolations)
    }

    /// `events` without the stimulus `id` and what follows from it: the
    /// effects it caused, the answers to those, and so on; renumbered.
    static func removing(_ id: Int, from events: [Event]) -> [Event] {
        var removed: Set<Int> = [id]
        for event in events where !removed.contains(event.id) {
            if let cause = event.cause, removed.contains(cause) { removed.insert(event.id) }
            if let answered = event.answers, removed.contains(answered) { removed.insert(event.id) }
        }
        let kept = events.filter { !removed.contains($0.id) }
        var newID: [Int: Int] = [:]
        for (index, event) in kept.enumerated() { newID[event.id] = index + 1 }
        return kept.map { event in
            var event = event
            event.id = newID[event.id] ?? event.id
            event.cause = event.cause.flatMap { newID[$0] }
            event.answers = event.answers.flatMap { newID[$0] }
            return event
        }
    }
}
