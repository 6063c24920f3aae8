import HybridReplay

/// A rule of the platform an implementation broke, with the events that break it.
public struct RuleViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule broken.
    public var rule: PlatformRule
    /// The ids, in the trace, of the events that break it: the stimulus first, then the effects.
    public var eventIDs: [Int]
    /// What happened, in a sentence that says what the platform expects.
    public var message: String

    public init(rule: PlatformRule, eventIDs: [Int], message: String) {
        self.rule = rule
        self.eventIDs = eventIDs
        self.message = message
    }

    public var description: String {
        let events = eventIDs.isEmpty ? "" : " (trace events \(eventIDs.map(String.init).joined(separator: ", ")))"
        return "[\(rule.name)] \(message)\(events)"
    }

    /// The violations of the run rules a report shows: a set-up that threw, a
    /// run that never went idle, a scheme task answered as WebKit forbids.
    ///
    /// - Parameter report: The report of an exploring replay, which fails only
    ///   for what the engine itself sees; the trace's rules judge the rest.
    /// - Returns: One violation per issue of the report, each of the rule the
    ///   issue's kind breaks (``PlatformRule/broken(by:)``).
    public static func fromReport(_ report: ReplayReport) -> [RuleViolation] {
        report.issues.map { issue in
            RuleViolation(rule: .broken(by: issue.kind), eventIDs: issue.eventID.map { [$0] } ?? [], message: issue.message)
        }
    }
}

extension PlatformRule {
    /// The run ends: the implementation goes idle under the virtual clock.
    public static let noHang = PlatformRule(
        name: "no-hang", summary: "The implementation goes idle under the virtual clock; it never stays busy.",
        check: { _, _ in [] })

    /// Every call on a scheme task is one WebKit allows: one response head,
    /// then body pieces, then one end, and nothing once the page stopped the
    /// task (`webView(_:stop:)`) — WebKit raises an exception for any call on
    /// a stopped task.
    public static let schemeTaskAnsweredInOrder = PlatformRule(
        name: "scheme-task-answered-in-order",
        summary: "Every scheme task is answered head, body, end, and not at all after the page stopped it.",
        check: { _, _ in [] })

    /// The run rule an issue of an exploring replay breaks: `set-up-succeeds`
    /// for a set-up that threw, `no-hang` for a run that stayed busy (an
    /// effect given up as missing is only reported when it did),
    /// `scheme-task-answered-in-order` for a scheme task's misuse. Any other
    /// kind is its own rule, named after the kind (`unused-stimulus`), so a
    /// violation never claims a rule it did not break.
    ///
    /// - Parameter kind: The kind of the report's issue.
    /// - Returns: The rule it breaks.
    public static func broken(by kind: ReplayIssue.Kind) -> PlatformRule {
        if let rule = reportedRules[kind] { return rule }
        return PlatformRule(
            name: kind.rawValue.split(separator: " ").joined(separator: "-"),
            summary: "The exploring replay reports no \(kind.rawValue).", check: { _, _ in [] })
    }

    private static let reportedRules: [ReplayIssue.Kind: PlatformRule] = [
        .setUpFailed: .setUpSucceeds, .missingEffect: .noHang, .schemeTaskMisuse: .schemeTaskAnsweredInOrder,
        .schemeTaskRepeated: .schemeTaskEndedOnce, .schemeTaskUnfinished: .schemeTaskEndedOnce,
    ]

    /// Building the implementation does not throw.
    public static let setUpSucceeds = PlatformRule(
        name: "set-up-succeeds", summary: "Building the implementation on the platform does not throw.", check: { _, _ in [] })
}

extension Array where Element == PlatformRule {
    /// Every violation of these rules in `trace`.
    ///
    /// - Parameter trace: What happened during a replay.
    /// - Returns: The violations, rule by rule.
    public func violations(in trace: Cassette) -> [RuleViolation] { flatMap { $0.violations(in: trace) } }
}
