import HybridReplay

/// One rule the platform holds every implementation to, whatever was recorded:
/// WebKit, CoreLocation and the page expect it of any bridge.
///
/// A rule judges what an implementation did during a replay — its trace, a
/// cassette of the stimuli it was handed and the effects it made, with their
/// causes — and names the events that break it.
public struct PlatformRule: Sendable, Hashable, CustomStringConvertible {
    /// The rule's name, as a violation reports it, such as `navigation-decided-once`.
    public let name: String
    /// What the rule asks, in a sentence.
    public let summary: String
    let check: @Sendable (PlatformRule, Cassette) -> [RuleViolation]

    init(name: String, summary: String, check: @escaping @Sendable (PlatformRule, Cassette) -> [RuleViolation]) {
        self.name = name
        self.summary = summary
        self.check = check
    }

    /// The violations of this rule in `trace`, in the order their first event happened.
    ///
    /// - Parameter trace: What happened: stimuli as delivered, effects as made, causes linked.
    /// - Returns: Every violation, empty when the trace keeps the rule.
    public func violations(in trace: Cassette) -> [RuleViolation] { check(self, trace) }

    public var description: String { name }

    public static func == (lhs: PlatformRule, rhs: PlatformRule) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every rule a trace is judged by, in the order reports list them.
    public static let all: [PlatformRule] = [
        .navigationDecidedOnce, .responseDecidedOnce, .replyOnce, .dialogAnsweredOnce, .challengeAnsweredOnce, .mediaCaptureDecidedOnce, .schemeTaskEndedOnce, .promiseSettledOnce,
        .noSettlementIntoNewPage, .locationUpdatesEnded,
        .noEvaluationAfterProcessEnded, .noSecretInOutput,
    ]

    /// Rules judged from how a run ended rather than from its trace; see ``RuleViolation/fromReport(_:)``.
    public static let runRules: [PlatformRule] = [.noHang, .setUpSucceeds, .schemeTaskAnsweredInOrder]
}

/// Where a rule finds its events: a trace's events by id, and the effects each stimulus caused.
struct TraceIndex {
    let events: [Event]
    let effectsByCause: [Int: [Event]]

    init(_ trace: Cassette) {
        events = trace.events
        var byCause: [Int: [Event]] = [:]
        for event in trace.events where event.direction == .effect {
            if let cause = event.cause { byCause[cause, default: []].append(event) }
        }
        effectsByCause = byCause
    }

    func effects(of kind: EventKind, causedBy id: Int) -> [Event] {
        (effectsByCause[id] ?? []).filter { $0.kind == kind }
    }
}
