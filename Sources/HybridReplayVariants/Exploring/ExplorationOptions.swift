import HybridReplay

/// Which variants an exploration runs, for how long, and which rules judge them.
public struct ExplorationOptions: Sendable {
    /// The part of the variants to explore; all of them by default.
    public var shard: Shard = .all
    /// The most wall-clock time to spend; a variant under way is finished. No limit by default.
    public var budget: Duration?
    /// The one variant to explore, as a failure report names it; all of them when `nil`.
    public var variant: VariantID?
    /// What the run of ``variant`` did when it was reported, as the report
    /// printed it: this run is compared with it, and ``Exploration/mismatch``
    /// says when it differs.
    public var fingerprint: RunFingerprint?
    /// The implementation each variant's run is compared with, when there is
    /// one: a run that differs from the reference's breaks ``PlatformRule/sameAsReference``.
    public var reference: ReferenceImplementation?
    /// The rules a variant's trace is judged by.
    public var rules: [PlatformRule] = PlatformRule.all
    /// How each variant is replayed: the placeholders and the stall timeout.
    public var replay = ReplayOptions()

    public init(
        shard: Shard = .all, budget: Duration? = nil, variant: VariantID? = nil, fingerprint: RunFingerprint? = nil,
        rules: [PlatformRule] = PlatformRule.all
    ) {
        self.shard = shard
        self.budget = budget
        self.variant = variant
        self.fingerprint = fingerprint
        self.rules = rules
    }
}
