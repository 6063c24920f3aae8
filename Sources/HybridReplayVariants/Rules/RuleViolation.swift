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

    /// The violations of the run rules a report shows: a set-up that threw, a run that never went idle.
    ///
    /// - Parameter report: The report of an exploring replay, which fails only for those two reasons.
    /// - Returns: One violation per issue of the report.
    public static func fromReport(_ report: ReplayReport) -> [RuleViolation] {
        report.issues.map { issue in
            let rule: PlatformRule = issue.kind == .setUpFailed ? .setUpSucceeds : .noHang
            return RuleViolation(rule: rule, eventIDs: issue.eventID.map { [$0] } ?? [], message: issue.message)
        }
    }
}

extension PlatformRule {
    /// The run ends: the implementation goes idle under the virtual clock.
    public static let noHang = PlatformRule(
        name: "no-hang", summary: "The implementation goes idle under the virtual clock; it never stays busy.",
        check: { _, _ in [] })

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
