import HybridReplay

/// The implementation a contract's other implementations are held to on
/// every variant: what it does is what they must do (the reference oracle).
///
/// Each variant is replayed against the reference and against the
/// implementation explored, both in exploring mode, on the fly; a run that
/// differs breaks ``PlatformRule/sameAsReference``. Nothing is committed: the
/// expected behaviour is always the reference's of today (see
/// docs/variants.md, "The reference oracle").
public struct ReferenceImplementation: Sendable {
    /// Its name in reports, such as the contract's.
    public var name: String
    /// Builds it on a variant's platform.
    public var setUp: @Sendable (Platform) async throws -> any Sendable

    public init(name: String, setUp: @escaping @Sendable (Platform) async throws -> any Sendable) {
        self.name = name
        self.setUp = setUp
    }

    /// Where the run `trace` first differs from the reference's run `expected`, as a violation; `nil` when they agree.
    ///
    /// Both runs are read as ``RunFingerprint`` reads them: each stimulus
    /// followed by the effects it caused, with no times and no interleaving.
    /// The message names the kinds only — an effect may hold what no report
    /// should show — and the events by their ids in `trace`.
    static func difference(of trace: Cassette, from expected: Cassette, reference name: String) -> RuleViolation? {
        let found = RunFingerprint.normalized(trace.events)
        let wanted = RunFingerprint.normalized(expected.events)
        for step in 0..<max(found.count, wanted.count) {
            let mine = step < found.count ? found[step] : nil
            let theirs = step < wanted.count ? wanted[step] : nil
            if let mine, let theirs, mine.event == theirs.event { continue }
            let message: String
            switch (mine, theirs) {
            case (let mine?, let theirs?) where mine.event.kind == theirs.event.kind && mine.event.direction == .stimulus:
                message = "the \(mine.event.kind) stimulus reached the implementation differently from how it reached the reference \(name): the effects before it differ"
            case (let mine?, let theirs?) where mine.event.kind == theirs.event.kind:
                message = "the implementation made \(mine.event.kind) with other fields (or another cause) than the reference \(name) did"
            case (let mine?, let theirs?):
                message = "the implementation made \(mine.event.kind) where the reference \(name) made \(theirs.event.kind)"
            case (let mine?, nil):
                message = "the implementation made \(mine.event.kind), which the reference \(name) did not"
            case (nil, let theirs?):
                message = "the implementation did not make the \(theirs.event.kind) the reference \(name) made"
            case (nil, nil):
                continue
            }
            return RuleViolation(rule: .sameAsReference, eventIDs: mine.map { [$0.traceID] } ?? [], message: "step \(step + 1) of the run: \(message)")
        }
        return nil
    }
}

extension PlatformRule {
    /// The implementation does on each variant what the reference
    /// implementation does (``ExplorationOptions/reference``): the same
    /// effects, of the same stimuli, in the same order per stimulus.
    public static let sameAsReference = PlatformRule(
        name: "same-as-reference", summary: "On each variant the implementation does what the reference implementation does.",
        check: { _, _ in [] })
}
