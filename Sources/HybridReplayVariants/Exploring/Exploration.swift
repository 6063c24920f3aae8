import HybridReplay

/// What an exploration of one cassette found.
public struct Exploration: Sendable {
    /// The header name of the cassette the variants came from.
    public var cassetteName: String
    /// How many variants were to be explored (in the shard, or the one asked for).
    public var total: Int
    /// How many were explored before the budget ran out.
    public var explored = 0
    /// Whether the budget stopped the exploration before every variant ran.
    public var stoppedByBudget = false
    /// The variants that broke a rule, each shrunk.
    public var failures: [ExplorationFailure] = []
    /// When one variant was replayed with the fingerprint of a reported run
    /// (``ExplorationOptions/fingerprint``) and this run did something else.
    public var mismatch: RunMismatch?

    public init(cassetteName: String, total: Int) {
        self.cassetteName = cassetteName
        self.total = total
    }

    /// Whether no variant explored broke a rule, and a replayed run did what the reported one did.
    public var passed: Bool { failures.isEmpty && mismatch == nil }
}

/// A variant that broke a rule of the platform, and the smallest cassette
/// shrinking found that still breaks it.
public struct ExplorationFailure: Sendable {
    /// The variant as derived.
    public var variant: Variant
    /// The rules it broke, with the events of its trace that break them.
    public var violations: [RuleViolation]
    /// The variant with every stimulus removed that the failure does not need:
    /// a cassette to commit as a regression test.
    public var shrunk: Cassette
    /// How many stimuli shrinking removed.
    public var shrinkSteps: Int
    /// The violations of the shrunk cassette.
    public var shrunkViolations: [RuleViolation]
    /// What the failing run did; replaying the variant with it checks that the failure is reproduced.
    public var fingerprint: RunFingerprint
    /// Whether a second run of the variant did the same thing (`false`: the
    /// implementation does not behave the same on the same stimuli, so the
    /// failure may not come back when its id is replayed).
    public var isDeterministic: Bool

    /// The shrunk cassette as a failure cassette: its header says which variant and rule it comes from.
    public var failureCassette: Cassette {
        var cassette = shrunk
        let rules = Set(violations.map(\.rule.name)).sorted().joined(separator: ", ")
        cassette.header.description =
            "Explored variant \(variant.id) (\(variant.summary)) broke \(rules) in the run with fingerprint \(fingerprint); shrunk in \(shrinkSteps) steps. Replayed first by `cassette explore`."
        cassette.header.recordedBy = RecordingTool(tool: "HybridReplay", engine: "explore \(variant.id)")
        return cassette
    }

    /// The file name the failure cassette is written under: the variant id with `:` and `/` made `_`.
    public var fileName: String {
        String(variant.id.description.map { $0 == ":" || $0 == "/" || $0 == " " ? "_" : $0 }) + ".json"
    }
}
