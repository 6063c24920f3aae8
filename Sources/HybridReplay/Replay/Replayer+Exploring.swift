/// The engine's entry point for exploring variants (`HybridReplayVariants`).
extension Replayer {
    /// Replays the cassette once in exploring mode: every stimulus is
    /// delivered, what the implementation does is collected in the report's
    /// trace, and nothing is judged against the recorded effects.
    ///
    /// The report fails only when set-up threw, or when the implementation
    /// stayed busy past the stall timeout: exploring gives up a recorded
    /// effect instead of reporting it missing, so the stall is reported on its own.
    ///
    /// Its issues are redacted as a failed replay's are (a set-up error that
    /// quotes a token the cassette redacts does not show it); its trace is not.
    ///
    /// - Parameter setUp: Builds the implementation from the platform doubles.
    /// - Returns: The report; its trace is what happened, unredacted, for the rules to judge.
    package func explore<Subject>(_ setUp: (Platform) async throws -> Subject) async -> ReplayReport {
        var options = options
        options.placeholders = options.placeholders.declaringForReplay(in: cassette)
        let engine = ReplayEngine(cassette: cassette, options: options, explores: true)
        await Self.run(engine, setUp)
        var issues = engine.issues
        if engine.isStalled, !issues.contains(where: { $0.kind == .missingEffect }) {
            issues.append(
                ReplayIssue(
                    kind: .missingEffect, eventID: nil, eventKind: nil,
                    message: "the implementation was still busy after \(options.stallTimeout) of real time: it never went idle"))
        }
        let report = ReplayReport(
            cassetteName: cassette.header.name, cassettePath: path, issues: issues, trace: engine.traceCassette(),
            runs: 1, run: 1, recordCommand: options.recordCommand)
        guard !issues.isEmpty else { return report }
        // The issues are shown (a violation quotes them) and hide what a failed replay
        // hides; the trace stays what happened, since the rules (a secret in an output
        // among them) judge it, and it is never shown or written.
        var shown = report
        shown.issues = report.redacted(
            by: Redaction(ruleNames: cassette.header.redactions), recorded: cassette, hidden: engine.hiddenValues()
        ).issues
        return shown
    }
}
