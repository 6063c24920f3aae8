import HybridReplay

/// The web content process: once it ended, the page is gone until the app loads one again.
extension PlatformRule {
    /// Nothing is evaluated in a page whose web content process ended until
    /// the app loads a page again (`load(_:)`, as a reload after
    /// `webViewWebContentProcessDidTerminate` does).
    public static let noEvaluationAfterProcessEnded = PlatformRule(
        name: "no-evaluation-after-process-ended",
        summary: "Nothing is evaluated in a page whose web content process ended until a page is loaded again.",
        check: { rule, trace in
            var ended: Int?
            var violations: [RuleViolation] = []
            // Only these kinds matter to the rule; every other event passes by.
            for event in trace.events {
                if event.payload is WebContentProcessTermination {
                    ended = event.id
                } else if event.payload is NavigationLoad {
                    ended = nil
                } else if event.payload is JavaScriptEvaluation, let termination = ended {
                    // The script is the implementation's output, which may hold what no report should show: it is named by its event.
                    violations.append(
                        RuleViolation(
                            rule: rule, eventIDs: [termination, event.id],
                            message: "a script was evaluated after the web content process ended and before any page was loaded again; the page that would run it is gone"))
                }
            }
            return violations
        })
}
